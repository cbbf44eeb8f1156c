package io.shmemtrace.bench.calibrate;

import java.util.Locale;

/**
 * The calibrated machine, written in the syntax shmemsim reads: PSINS's Machine / Node lines, and Model lines
 * for what the models need beyond them (LogGP per link class, the simple model's collective step).
 *
 * @param onNode the fitted on-node parameters
 * @param offNode the fitted off-node parameters, or null when the job ran on one host (the on-node ones
 *     stand in, and the file says so)
 * @param table the measured rows per operation and size (the table model), or null
 * @param completionsNeedTarget transfers complete only when their target is in the library (measured: a quiet
 *     waited for a target that computed)
 * @param staticCompletionsNeedTarget the same for transfers to static symmetric data (globals)
 */
public record MachineFile(int coresPerNode, LogGP onNode, LogGP offNode, double collectiveStepSeconds,
                          CostTable table, boolean completionsNeedTarget, boolean staticCompletionsNeedTarget,
                          String provenance) {

    /** LogGP parameters of one link class, in seconds (G: seconds per byte). */
    public record LogGP(double latency, double overhead, double gap, double gapPerByte) {
        public double bandwidth() {
            return gapPerByte > 0 ? 1 / gapPerByte : Double.POSITIVE_INFINITY;
        }

        /** Latency of a small one-sided transfer: L + o (one-sided: no receiver overhead), PSINS's latency column. */
        public double messageLatency() {
            return latency + overhead;
        }
    }

    public String text() {
        LogGP off = offNode != null ? offNode : onNode;
        StringBuilder b = new StringBuilder();
        for (String line : provenance.split("\n")) b.append("# ").append(line).append('\n');
        if (offNode == null) b.append("# one host: the network figures are the on-node ones (no off-node measurement)\n");
        b.append("#machine nodes network_bw network_lt buses\n");
        b.append(String.format(Locale.ROOT, "Machine -%d %.6g %.6g 1%n", coresPerNode, off.bandwidth(), off.messageLatency()));
        b.append("#node id cores inp out local_bw local_lt cpu_ratio\n");
        b.append(String.format(Locale.ROOT, "Node -1 %d 1 1 %.6g %.6g 1.0%n", coresPerNode, onNode.bandwidth(),
                onNode.messageLatency()));
        b.append("#model name key=value...: LogGP per link class (s, G in s/byte); the simple model's collective step (s)\n");
        b.append(String.format(Locale.ROOT, "Model loggp onnode.L=%.6g onnode.o=%.6g onnode.g=%.6g onnode.G=%.6g "
                        + "offnode.L=%.6g offnode.o=%.6g offnode.g=%.6g offnode.G=%.6g onnode.barrier_round=%.6g%n",
                onNode.latency, onNode.overhead, onNode.gap, onNode.gapPerByte, off.latency, off.overhead, off.gap,
                off.gapPerByte, collectiveStepSeconds));
        b.append(String.format(Locale.ROOT, "Model simple collective_step=%.6g%n", collectiveStepSeconds));
        b.append("#model progress rma=|static=target|independent: whether a transfer to the heap, to a global, completes only"
                + " at its target's library calls\n");
        b.append("Model progress rma=").append(completionsNeedTarget ? "target" : "independent").append(" static=")
                .append(staticCompletionsNeedTarget ? "target" : "independent").append('\n');
        if (table != null && !table.isEmpty()) {
            b.append("#model table OP.call|OP.complete=bytes:seconds,...: the measured rows (shmemsim --comm-model table)\n");
            b.append(table.lines());
        }
        return b.toString();
    }
}
