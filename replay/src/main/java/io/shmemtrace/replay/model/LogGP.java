package io.shmemtrace.replay.model;

import io.shmemtrace.replay.machine.Machine;
import io.shmemtrace.replay.machine.MachineException;
import io.shmemtrace.replay.machine.MachineFile;

/**
 * LogGP parameters of one link class, seconds (G: seconds per byte): L latency, o CPU overhead per message,
 * g gap between messages, G gap per byte.
 */
public record LogGP(double L, double o, double g, double G) {

    /**
     * From the Model loggp line's onnode.X / offnode.X keys where given (shmembench calibrate writes them),
     * else from the Node / Machine lines: L the latency, G one over the bandwidth, o and g 0.
     */
    public static LogGP of(Machine m, boolean onNode) throws MachineException {
        String p = prefix(onNode);
        Machine.Node n = m.nodeOf(0);
        double latency = onNode ? n.localLatency() : m.networkLatency();
        double bandwidth = onNode ? n.localBandwidth() : m.networkBandwidth();
        return new LogGP(MachineFile.parameter(m, MachineFile.LOGGP, p + "L", latency),
                MachineFile.parameter(m, MachineFile.LOGGP, p + "o", 0),
                MachineFile.parameter(m, MachineFile.LOGGP, p + "g", 0),
                MachineFile.parameter(m, MachineFile.LOGGP, p + "G", 1 / bandwidth));
    }

    /** The keys' prefix of a link class on the Model loggp line. */
    public static String prefix(boolean onNode) {
        return onNode ? "onnode." : "offnode.";
    }

    /** This link class as the Model loggp line's keys ({@link #of} reads them). */
    public String keys(boolean onNode) {
        String p = prefix(onNode);
        return String.format(java.util.Locale.ROOT, "%1$sL=%2$.6g %1$so=%3$.6g %1$sg=%4$.6g %1$sG=%5$.6g", p, L, o, g, G);
    }

    /** Bytes per second: one over G. */
    public double bandwidth() {
        return G > 0 ? 1 / G : Double.POSITIVE_INFINITY;
    }

    /** Latency of a small one-sided transfer: L + o (one-sided: no receiver overhead), PSINS's latency column. */
    public double messageLatency() {
        return L + o;
    }

    /** One message of b bytes put on the wire: the sender's part. */
    public double inject(long bytes) {
        return o + Math.max(0, bytes - 1) * G;
    }

    /** One message from send to receipt, both overheads counted: a hop of a collective algorithm. */
    public double hop(long bytes) {
        return L + 2 * o + Math.max(0, bytes - 1) * G;
    }

    static int log2Ceil(int n) {
        return n <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(n - 1);
    }
}
