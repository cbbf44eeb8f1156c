package io.shmemtrace.bench.catalog;

import io.shmemtrace.format.Completion;
import io.shmemtrace.format.Operation;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Every call of event-spec.xml with its C signature: the catalog wrapper-codegen writes into this jar at build
 * time (BenchCatalogEmitter), in the spec's order.
 */
public final class Catalog {
    private static final String RESOURCE = "/io/shmemtrace/bench/bench-catalog.tsv";
    private static Catalog spec;
    private static Catalog installed;

    private final Map<String, Api> byName = new LinkedHashMap<>();

    Catalog(List<Api> apis) {
        for (Api a : apis) byName.put(a.name(), a);
    }

    /** The catalog of the event-spec.xml this jar was built from. */
    public static synchronized Catalog spec() {
        if (spec == null) {
            try (InputStream in = Catalog.class.getResourceAsStream(RESOURCE)) {
                if (in == null) throw new IllegalStateException(RESOURCE + " is missing from the jar");
                spec = parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return spec;
    }

    /**
     * The spec's APIs that the OpenSHMEM at hand declares (its shmem.h, as oshcc includes it): what benchmarks can
     * call. Every API of the spec where no oshcc runs.
     */
    public static synchronized Catalog installed() {
        if (installed == null) {
            java.util.Set<String> declared = InstalledHeader.declared();
            installed = declared == null ? spec()
                    : new Catalog(spec().all().stream().filter(a -> declared.contains(a.name())).toList());
        }
        return installed;
    }

    /** A catalog from its text (the format BenchCatalogEmitter writes). */
    public static Catalog parse(String text) {
        List<Api> apis = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) continue;
            String[] f = line.split("\t", -1);
            List<Api.Param> params = f[6].isEmpty() ? List.of() : Arrays.stream(f[6].split(";"))
                    .map(p -> new Api.Param(p.substring(0, p.indexOf('|')), p.substring(p.indexOf('|') + 1)))
                    .toList();
            apis.add(new Api(f[0], Operation.valueOf(f[1].toUpperCase(Locale.ROOT)),
                    Completion.valueOf(f[2].toUpperCase(Locale.ROOT)), Integer.parseInt(f[3]), f[4], f[5], params));
        }
        return new Catalog(apis);
    }

    public Optional<Api> find(String name) {
        return Optional.ofNullable(byName.get(name));
    }

    public Api get(String name) {
        return find(name).orElseThrow(() -> new IllegalStateException(name + " is not in event-spec.xml"));
    }

    public List<Api> all() {
        return List.copyOf(byName.values());
    }
}
