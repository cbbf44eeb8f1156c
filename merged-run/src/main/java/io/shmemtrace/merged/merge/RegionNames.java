package io.shmemtrace.merged.merge;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The region names of a merge, numbered in order of first use across the PEs (the name table of the merged file). */
final class RegionNames {
    private final Map<String, Integer> index = new HashMap<>();
    private final List<String> names = new ArrayList<>();

    int of(String name) {
        return index.computeIfAbsent(name, n -> {
            names.add(n);
            return names.size() - 1;
        });
    }

    List<String> all() {
        return names;
    }
}
