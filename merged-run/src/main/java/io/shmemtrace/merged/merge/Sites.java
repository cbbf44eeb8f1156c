package io.shmemtrace.merged.merge;

import io.shmemtrace.format.sites.ModuleMap;
import io.shmemtrace.format.sites.SiteKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The call sites of a merge, numbered in order of first appearance (the site table at the end of the merged
 * file): each PE's return addresses are taken to (object, offset) through its module map, so one line of the
 * program is one site in every task.
 */
final class Sites {
    private final Map<SiteKey, Integer> index;
    private final List<SiteKey> sites;
    private final Map<String, String> buildIds;
    /** The current PE's addresses already seen. */
    private final Map<Long, Integer> byAddress = new HashMap<>();
    private ModuleMap map = ModuleMap.empty();
    private long lastAddress = -1;
    private int lastIndex;

    Sites() {
        this(new HashMap<>(), new ArrayList<>(), new HashMap<>());
    }

    private Sites(Map<SiteKey, Integer> index, List<SiteKey> sites, Map<String, String> buildIds) {
        this.index = index;
        this.sites = sites;
        this.buildIds = buildIds;
    }

    /** The same run's sites with a PE of its own: for a trace read again beside the others once they are numbered. */
    Sites forOnePe() {
        return new Sites(index, sites, buildIds);
    }

    /** Starts a PE: its module map (empty when it has none). */
    void begin(ModuleMap pe) {
        map = pe;
        for (var m : pe.modules()) buildIds.putIfAbsent(m.path(), m.buildId());
        byAddress.clear();
        lastAddress = -1;
    }

    /** The site index of a return address of the current PE. */
    int of(long address) {
        if (address == lastAddress) return lastIndex;
        Integer i = byAddress.get(address);
        if (i == null) {
            i = index.computeIfAbsent(map.locate(address), k -> {
                sites.add(k);
                return sites.size() - 1;
            });
            byAddress.put(address, i);
        }
        lastAddress = address;
        return lastIndex = i;
    }

    List<SiteKey> all() {
        return sites;
    }

    String buildId(String module) {
        return buildIds.getOrDefault(module, "-");
    }
}
