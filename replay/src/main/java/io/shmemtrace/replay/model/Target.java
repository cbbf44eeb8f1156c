package io.shmemtrace.replay.model;

import io.shmemtrace.replay.machine.Machine;

/** The machine a model is configured for, with the tasks placed on its nodes. */
public record Target(Machine machine, int[] nodeOfTask) {
    public int tasks() {
        return nodeOfTask.length;
    }

    public boolean sameNode(int a, int b) {
        return nodeOfTask[a] == nodeOfTask[b];
    }

    public Machine.Node node(int task) {
        return machine.nodeOf(nodeOfTask[task]);
    }
}
