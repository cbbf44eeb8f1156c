package io.shmemtrace.replay.report;

import io.shmemtrace.merged.read.PsinsRecord;
import java.util.Arrays;

/**
 * Calls kept until every PE of a run is read, when what they waited for is known: who made each (task, call,
 * site, region), when (start, duration), whether it completed _nbi transfers, and two values of its kind (a
 * collective's instance and root, a hold's lock and release, a wait's word). In arrays, not objects: a
 * run of 64 PEs x 200,000 events keeps 2.3 M collective calls.
 */
final class HeldCalls {
    int size;
    int[] task = new int[64], call = new int[64], site = new int[64], region = new int[64];
    double[] start = new double[64], duration = new double[64];
    boolean[] posted = new boolean[64];
    long[] key = new long[64], value = new long[64];

    /** r's call, kept with its kind's key and value; returns its index. */
    int add(PsinsRecord r, boolean completedPosted, long key, long value) {
        if (size == task.length) grow();
        int i = size++;
        task[i] = r.task();
        call[i] = r.call().index();
        site[i] = r.site();
        region[i] = r.enclosingRegion();
        start[i] = r.start();
        duration[i] = r.duration();
        posted[i] = completedPosted;
        this.key[i] = key;
        this.value[i] = value;
        return i;
    }

    double end(int i) {
        return start[i] + duration[i];
    }

    private void grow() {
        int n = 2 * task.length;
        task = Arrays.copyOf(task, n);
        call = Arrays.copyOf(call, n);
        site = Arrays.copyOf(site, n);
        region = Arrays.copyOf(region, n);
        start = Arrays.copyOf(start, n);
        duration = Arrays.copyOf(duration, n);
        posted = Arrays.copyOf(posted, n);
        key = Arrays.copyOf(key, n);
        value = Arrays.copyOf(value, n);
    }
}
