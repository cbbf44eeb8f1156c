package io.shmemtrace.bench.calibrate;

import io.shmemtrace.bench.catalog.Api;
import io.shmemtrace.bench.catalog.Catalog;
import io.shmemtrace.bench.run.Row;
import io.shmemtrace.format.Completion;
import io.shmemtrace.format.Operation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One transfer timed through two calls: a one-element put or get (shmem_long_p, shmem_long_g) moves what the blocking
 * bytes call (shmem_putmem, shmem_getmem) moves at that size, through the same path of the library. Now and then a
 * whole case falls into one of the library's slow modes: a heap shmem_long_g over TCP took 27.0 us a call in one
 * calibration (its samples 24.9-31.2) where shmem_getmem of 8 B took 6.6, and in a traced program the same g took
 * 8.1. Where the one-element row is more than {@link FasterOfTwo#SLOW} times the bytes call's row of the same timing
 * and size, the bytes call's median is kept as its median, its own as its high end (a prediction's interval covers
 * both), and the row is a mode, as {@link FasterOfTwo} keeps them.
 */
public final class SameTransfer {
    private SameTransfer() {}

    /** The rows, those of one-element puts and gets in a slow mode replaced; modes: those known before, and these. */
    public static FasterOfTwo.Kept of(List<Row> rows, Set<Row> modes, Catalog catalog, Consumer<String> note) {
        Map<String, Row> bytesCalls = new HashMap<>();
        for (Row r : rows) {
            Optional<Operation> op = blocking(catalog, r).filter(a -> a.movesElements()).map(Api::operation);
            if (op.isPresent() && (op.get() == Operation.PUT || op.get() == Operation.GET)) {
                bytesCalls.putIfAbsent(key(op.get(), r), r);
            }
        }
        List<Row> kept = new ArrayList<>(rows.size());
        Set<Row> allModes = new LinkedHashSet<>(modes);
        for (Row r : rows) {
            Optional<Operation> op = blocking(catalog, r).filter(a -> !a.movesElements()).map(Api::operation);
            Operation same = op.map(o -> o == Operation.P ? Operation.PUT : o == Operation.G ? Operation.GET : null)
                    .orElse(null);
            Row other = same == null ? null : bytesCalls.get(key(same, r));
            if (other == null || other.medianUs() <= 0 || r.medianUs() <= FasterOfTwo.SLOW * other.medianUs()) {
                kept.add(r);
                continue;
            }
            note.accept(String.format(Locale.ROOT, "%s %s %d B: %.4f us, %.4f for %s (the same transfer: its median kept,"
                    + " this one as the high end)", r.api(), r.variant(), r.bytes(), r.medianUs(), other.medianUs(),
                    other.api()));
            Row mode = new Row(r.test(), r.api(), r.language(), r.variant(), r.nelems(), r.stride(), r.bytes(), r.reps(),
                    Math.min(r.minUs(), other.medianUs()), other.medianUs(), Math.max(r.maxUs(), r.medianUs()), r.rse(),
                    r.depth(), Math.min(r.lowUs(), other.medianUs()), Math.max(r.highUs(), r.medianUs()));
            allModes.remove(r);
            allModes.add(mode);
            kept.add(mode);
        }
        return new FasterOfTwo.Kept(kept, allModes);
    }

    /** The row's call where the catalog knows it as a blocking one (not posted). */
    private static Optional<Api> blocking(Catalog catalog, Row r) {
        return catalog.find(r.api()).filter(a -> a.completion() != Completion.POSTED);
    }

    private static String key(Operation op, Row r) {
        return op + "\t" + r.variant() + "\t" + r.bytes() + "\t" + r.depth();
    }
}
