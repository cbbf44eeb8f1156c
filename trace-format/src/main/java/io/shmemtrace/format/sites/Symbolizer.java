package io.shmemtrace.format.sites;

import io.shmemtrace.format.Escape;
import io.shmemtrace.format.InputFiles;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Names call sites offline, as mpiP does: function@file:line through binutils' addr2line, one process per
 * object for all of its sites. A site stays module+0xoffset when its object is gone, has been rebuilt since
 * the run (build id differs), or has no symbols; each such object is noted once.
 */
public final class Symbolizer {
    private static final int ADDRESSES_PER_PROCESS = 2000;
    private final Map<String, String> buildIds = new HashMap<>();
    private final Consumer<String> notes;

    public Symbolizer(Consumer<String> notes) {
        this.notes = notes;
    }

    /** An object the run had loaded, with its build id ("-" for none). */
    public Symbolizer expect(String path, String buildId) {
        buildIds.putIfAbsent(path, buildId);
        return this;
    }

    /** The objects a run had loaded (their build ids are checked against the files before naming their sites). */
    public Symbolizer expect(ModuleMap map) {
        for (Module m : map.modules()) expect(m.path(), m.buildId());
        return this;
    }

    /**
     * The names of a run's sites, in their order: function@file:line where the objects are still here (buildIds: each
     * object's build id as the run recorded it), else the unresolved form.
     */
    public static List<String> names(List<SiteKey> sites, Map<String, String> buildIds, Consumer<String> notes) {
        Symbolizer symbolizer = new Symbolizer(notes);
        buildIds.forEach(symbolizer::expect);
        Map<SiteKey, String> names = symbolizer.names(sites);
        return sites.stream().map(names::get).toList();
    }

    /** A name for every site: function@file:line where it can be found, else the unresolved form. */
    public Map<SiteKey, String> names(Collection<SiteKey> sites) {
        Map<String, List<SiteKey>> byModule = new TreeMap<>();
        for (SiteKey s : sites) if (s.known()) byModule.computeIfAbsent(s.module(), k -> new ArrayList<>()).add(s);
        Map<SiteKey, String> names = new HashMap<>();
        for (SiteKey s : sites) names.put(s, s.toString());
        byModule.forEach((module, list) -> {
            if (usable(module)) resolve(module, list, names);
        });
        return names;
    }

    private boolean usable(String module) {
        String bad = InputFiles.badRecordedPath(module);
        if (bad != null) {
            notes.accept(Escape.text(module) + ": " + bad + "; its call sites are shown as offsets");
            return false;
        }
        Path file = InputFiles.file(module);
        if (file == null) return false; // a name such as the vdso's: no file to read
        if (!Files.isRegularFile(file)) {
            notes.accept(module + ": not found; its call sites are shown as offsets");
            return false;
        }
        String expected = buildIds.get(module);
        String actual = ElfBuildId.of(file);
        if (expected != null && !expected.equals("-") && !expected.equals(actual)) {
            notes.accept(module + ": rebuilt since the run (build id " + actual + ", the run's " + expected
                    + "); its call sites are shown as offsets");
            return false;
        }
        return true;
    }

    private void resolve(String module, List<SiteKey> sites, Map<SiteKey, String> names) {
        for (int from = 0; from < sites.size(); from += ADDRESSES_PER_PROCESS) {
            List<SiteKey> chunk = sites.subList(from, Math.min(sites.size(), from + ADDRESSES_PER_PROCESS));
            List<String> command = new ArrayList<>(List.of("addr2line", "-f", "-C", "-e", module));
            // A return address is the instruction after the call: the one before it is the call's line.
            for (SiteKey s : chunk) command.add("0x" + Long.toHexString(s.offset() - 1));
            try {
                Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
                try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                    for (SiteKey s : chunk) {
                        String function = in.readLine(), line = in.readLine();
                        if (line == null) break;
                        names.put(s, Escape.text(name(function, line, s))); // symbols come from the binary
                    }
                }
                p.waitFor();
            } catch (IOException e) {
                notes.accept("addr2line (binutils) cannot be run: " + e.getMessage() + "; call sites are shown as offsets");
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** function@file:line; what addr2line does not know ("??") falls back to the unresolved form's parts. */
    static String name(String function, String line, SiteKey site) {
        boolean hasFunction = function != null && !function.startsWith("??");
        int colon = line.lastIndexOf(':');
        String file = colon < 0 ? line : line.substring(0, colon);
        String number = colon < 0 ? "" : line.substring(colon + 1).replaceFirst(" .*", "");
        boolean hasLine = !file.startsWith("??") && !number.isEmpty() && !number.equals("?") && !number.equals("0");
        if (!hasFunction && !hasLine) return site.toString();
        String where = hasLine ? file.substring(file.lastIndexOf('/') + 1) + ":" + number : site.toString();
        return (hasFunction ? function : "?") + "@" + where;
    }
}
