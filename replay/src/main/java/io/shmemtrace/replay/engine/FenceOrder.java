package io.shmemtrace.replay.engine;

import java.util.Arrays;

/**
 * OpenSHMEM's fence: a PE's puts and atomics to one target issued after a fence are delivered after those issued
 * before it. So a flag put behind a fence is seen no earlier than the data before it is (a ping-pong of large
 * messages waits for the message, not only the flag's one-way time); delivered, not acknowledged: the time a
 * poller sees a write, not its completion, which adds the acknowledgement's way back (on two hosts 28 us against 8
 * for a flag: pingpong there +118 % with the completions, +20 % with the deliveries). Per task, the latest delivery
 * per target of the writes since its last fence, and per target the floor the fences set; a few targets each (a
 * task fences its writes to a neighbour or two), the smallest floor given up when more are needed.
 */
final class FenceOrder {
    private static final int TARGETS = 8;
    private final Targets[] sinceFence;
    private final Targets[] floors;

    FenceOrder(int tasks) {
        sinceFence = new Targets[tasks];
        floors = new Targets[tasks];
    }

    /** task's write to target is delivered (seen by a poller) at delivered. */
    void wrote(int task, int target, double delivered) {
        if (sinceFence[task] == null) sinceFence[task] = new Targets();
        sinceFence[task].raise(target, delivered);
    }

    /** task fences: its later writes to each target land no earlier than its writes so far to that target. */
    void fence(int task) {
        Targets since = sinceFence[task];
        if (since == null || since.size == 0) return;
        if (floors[task] == null) floors[task] = new Targets();
        for (int i = 0; i < since.size; i++) floors[task].raise(since.targets[i], since.times[i]);
        since.size = 0;
    }

    /** The earliest a write of task to target issued now can be delivered; NaN where no fence orders it. */
    double floor(int task, int target) {
        Targets f = floors[task];
        return f == null ? Double.NaN : f.get(target);
    }

    /** A few (target, time) pairs, each target's latest time. */
    private static final class Targets {
        int[] targets = new int[2];
        double[] times = new double[2];
        int size;

        void raise(int target, double time) {
            for (int i = 0; i < size; i++) {
                if (targets[i] == target) {
                    if (time > times[i]) times[i] = time;
                    return;
                }
            }
            if (size == TARGETS) { // give up the smallest floor: the one least likely to hold a later write back
                int least = 0;
                for (int i = 1; i < size; i++) if (times[i] < times[least]) least = i;
                if (time <= times[least]) return;
                targets[least] = target;
                times[least] = time;
                return;
            }
            if (size == targets.length) {
                targets = Arrays.copyOf(targets, TARGETS);
                times = Arrays.copyOf(times, TARGETS);
            }
            targets[size] = target;
            times[size++] = time;
        }

        double get(int target) {
            for (int i = 0; i < size; i++) if (targets[i] == target) return times[i];
            return Double.NaN;
        }
    }
}
