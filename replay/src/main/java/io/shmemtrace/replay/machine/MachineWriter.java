package io.shmemtrace.replay.machine;

import io.shmemtrace.replay.model.CostTable;
import io.shmemtrace.replay.model.LogGP;
import io.shmemtrace.replay.model.LogGPModel;
import io.shmemtrace.replay.model.SimpleModel;
import java.util.Locale;

/**
 * A measured machine written in the syntax {@link MachineFile} reads (the writer beside the reader, their keys
 * shared): PSINS's Machine / Node lines, and the Model lines the models read beyond them (LogGP per link class,
 * the simple model's collective step, the progress rule, the measured rows of the table model).
 *
 * @param offNode the off-node parameters, or null when the job ran on one host (the on-node ones stand in, and the
 *     file says so)
 * @param table the measured rows, or null
 * @param completionsNeedTarget transfers to the heap complete only when their target is in the library
 * @param staticCompletionsNeedTarget the same for transfers to static symmetric data (globals)
 * @param messagesNeedSender messages leave only while their sender is in the library
 * @param provenance comment lines: where and how it was measured
 */
public record MachineWriter(int coresPerNode, LogGP onNode, LogGP offNode, double collectiveStepSeconds,
                            CostTable.Writer table, boolean completionsNeedTarget, boolean staticCompletionsNeedTarget,
                            boolean messagesNeedSender, String provenance) {

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
        b.append(String.format(Locale.ROOT, "Model %s %s %s %s%s=%.6g%n", MachineFile.LOGGP, onNode.keys(true),
                off.keys(false), LogGP.prefix(true), LogGPModel.BARRIER_ROUND, collectiveStepSeconds));
        b.append(String.format(Locale.ROOT, "Model %s %s=%.6g%n", MachineFile.SIMPLE, SimpleModel.COLLECTIVE_STEP,
                collectiveStepSeconds));
        b.append("#model progress rma=|static=target|independent: whether a transfer to the heap, to a global, completes only"
                + " at its target's library calls; messages=sender|independent: whether a message leaves only while its"
                + " sender is in the library\n");
        b.append("Model ").append(MachineFile.PROGRESS).append(' ').append(MachineFile.PROGRESS_HEAP).append('=')
                .append(rule(completionsNeedTarget)).append(' ').append(MachineFile.PROGRESS_STATIC).append('=')
                .append(rule(staticCompletionsNeedTarget)).append(' ').append(MachineFile.PROGRESS_MESSAGES).append('=')
                .append(messagesNeedSender ? MachineFile.SENDER : MachineFile.INDEPENDENT).append('\n');
        if (table != null && !table.isEmpty()) {
            b.append("#model table OP.call|OP.complete=bytes:seconds,...: the measured rows (shmemsim --comm-model table)\n");
            b.append(table.lines());
        }
        return b.toString();
    }

    private static String rule(boolean needsTarget) {
        return needsTarget ? MachineFile.NEEDS_TARGET : MachineFile.INDEPENDENT;
    }
}
