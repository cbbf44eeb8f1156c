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
        String p = onNode ? "onnode." : "offnode.";
        Machine.Node n = m.nodeOf(0);
        double latency = onNode ? n.localLatency() : m.networkLatency();
        double bandwidth = onNode ? n.localBandwidth() : m.networkBandwidth();
        return new LogGP(MachineFile.parameter(m, "loggp", p + "L", latency),
                MachineFile.parameter(m, "loggp", p + "o", 0),
                MachineFile.parameter(m, "loggp", p + "g", 0),
                MachineFile.parameter(m, "loggp", p + "G", 1 / bandwidth));
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
