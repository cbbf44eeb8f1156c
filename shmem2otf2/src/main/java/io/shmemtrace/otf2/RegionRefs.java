package io.shmemtrace.otf2;

import java.util.Arrays;

/**
 * The archive's region numbers: the traced functions (by call index) and the program's regions (by name index),
 * numbered in the order the stream first meets them. A run directory merged straight into the stream numbers
 * its calls as it goes, so the number of calls is not known before the last task; the calls' own order is
 * first use, PE after PE, so a run without program regions has region i = call i.
 */
final class RegionRefs {
    private int[] ofCall = new int[64];
    private int[] ofName = new int[16];
    /** By region: the call or name index, and whether it is a name (program region). */
    private int[] index = new int[64];
    private boolean[] name = new boolean[64];
    private int size;

    int ofCall(int call) {
        if (call >= ofCall.length) ofCall = grow(ofCall, call);
        int r = ofCall[call] - 1;
        return r >= 0 ? r : (ofCall[call] = add(call, false)) - 1;
    }

    int ofName(int n) {
        if (n >= ofName.length) ofName = grow(ofName, n);
        int r = ofName[n] - 1;
        return r >= 0 ? r : (ofName[n] = add(n, true)) - 1;
    }

    int size() {
        return size;
    }

    /** Region r's call or name index. */
    int index(int r) {
        return index[r];
    }

    boolean isName(int r) {
        return name[r];
    }

    /** Numbers a new region; returns its number plus one (0 marks "none yet" in the maps). */
    private int add(int i, boolean isName) {
        if (size == index.length) {
            index = Arrays.copyOf(index, 2 * size);
            name = Arrays.copyOf(name, 2 * size);
        }
        index[size] = i;
        name[size] = isName;
        return ++size;
    }

    private static int[] grow(int[] a, int i) {
        return Arrays.copyOf(a, Math.max(2 * a.length, i + 1));
    }
}
