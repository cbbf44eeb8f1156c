package io.shmemtrace.tests.programs;

/** A Java program that never starts OpenSHMEM: with the agent, it must run and leave no trace. */
public final class NoShmem {
    private NoShmem() {}

    public static void main(String[] args) {
        long sum = 0;
        for (int i = 0; i < 1000; i++) sum += i;
        System.out.println("sum " + sum);
    }
}
