package io.shmemtrace.analysis.whatif;

import io.shmemtrace.merged.read.MergedFormatException;
import io.shmemtrace.merged.format.RecordType;
import io.shmemtrace.merged.read.CallEntry;
import io.shmemtrace.merged.read.MergedFile;
import io.shmemtrace.replay.engine.Bursts;
import io.shmemtrace.replay.engine.ChangedCalls;
import java.io.IOException;
import io.shmemtrace.replay.model.CommModel;
import java.util.List;
import java.util.Locale;

/**
 * A change to the program (or to the machine's network or CPU), replayed to price it (shmemsim --what-if SPEC):
 * <ul>
 * <li>{@code balance} / {@code balance:REGION}: every PE's computation in every region (in REGION; {@code -}: outside
 * every region) set to the mean across PEs, epoch by epoch (between two collectives; its bursts there scaled);
 * <li>{@code remove-delay:PE:REGION}: PE's computation in REGION brought down to the mean across PEs, epoch by epoch,
 * the others' unchanged (the cause of a wait removed);
 * <li>{@code aggregate:CALL[:REGION]}: each run of CALL's calls (in REGION) made one call carrying the run's bytes
 * ({@link CallRuns}: consecutive calls of one site, to one target or on one PE set, with only a loop's computation
 * between them);
 * <li>{@code nonblocking:CALL[:REGION]}: CALL's blocking puts and gets (in REGION) made posted, completed at the next
 * call that completes transfers ({@link PostedCalls});
 * <li>{@code defer:REGION[:PE]}: the computation in REGION (PE's only) done after the writes or the lock release
 * that follow it ({@link DeferredBursts}: a flag written earlier, a critical section left earlier);
 * <li>{@code heap:CALL[:REGION]}: CALL's transfers (in REGION) on the symmetric heap instead of static data
 * ({@link HeapCalls}: priced as the machine file prices the heap's);
 * <li>{@code ideal-network}: communication free, synchronisation kept (Dimemas's ideal);
 * <li>{@code ideal-cpu}: computation free (the bound communication sets).
 * </ul>
 */
public record WhatIf(Kind kind, String call, String region, int pe) {
    public enum Kind { BALANCE, REMOVE_DELAY, AGGREGATE, NONBLOCKING, DEFER, HEAP, IDEAL_NETWORK, IDEAL_CPU }

    public static final String SYNTAX = "balance[:REGION], remove-delay:PE:REGION (- for no region),"
            + " aggregate:CALL[:REGION], nonblocking:CALL[:REGION], defer:REGION[:PE], heap:CALL[:REGION],"
            + " ideal-network, ideal-cpu";

    public static WhatIf balance(String region) {
        return new WhatIf(Kind.BALANCE, null, region, -1);
    }

    public static WhatIf aggregate(String call, String region) {
        return new WhatIf(Kind.AGGREGATE, call, region, -1);
    }

    public static WhatIf nonblocking(String call, String region) {
        return new WhatIf(Kind.NONBLOCKING, call, region, -1);
    }

    public static WhatIf heap(String call, String region) {
        return new WhatIf(Kind.HEAP, call, region, -1);
    }

    public static WhatIf defer(String region, int pe) {
        return new WhatIf(Kind.DEFER, null, region, pe);
    }

    public static WhatIf idealNetwork() {
        return new WhatIf(Kind.IDEAL_NETWORK, null, null, -1);
    }

    /** The spec as a what-if; IllegalArgumentException with one line saying what is wrong. */
    public static WhatIf parse(String spec) {
        String[] p = spec.split(":", -1);
        switch (p[0].toLowerCase(Locale.ROOT)) {
            case "balance" -> {
                if (p.length > 2 || (p.length == 2 && p[1].isEmpty())) throw bad(spec);
                return balance(p.length == 2 ? p[1] : null);
            }
            case "remove-delay" -> {
                if (p.length != 3 || p[2].isEmpty()) throw bad(spec);
                try {
                    int pe = Integer.parseInt(p[1]);
                    if (pe < 0) throw bad(spec);
                    return new WhatIf(Kind.REMOVE_DELAY, null, p[2], pe);
                } catch (NumberFormatException e) {
                    throw bad(spec);
                }
            }
            case "aggregate", "nonblocking", "heap" -> {
                if (p.length < 2 || p.length > 3 || p[1].isEmpty() || (p.length == 3 && p[2].isEmpty())) throw bad(spec);
                Kind kind = switch (p[0].toLowerCase(Locale.ROOT)) {
                    case "aggregate" -> Kind.AGGREGATE;
                    case "nonblocking" -> Kind.NONBLOCKING;
                    default -> Kind.HEAP;
                };
                return new WhatIf(kind, p[1], p.length == 3 ? p[2] : null, -1);
            }
            case "defer" -> {
                if (p.length < 2 || p.length > 3 || p[1].isEmpty() || p[1].equals("-")) throw bad(spec); // a region
                try {
                    int pe = p.length == 3 ? Integer.parseInt(p[2]) : -1;
                    if (p.length == 3 && pe < 0) throw bad(spec);
                    return defer(p[1], pe);
                } catch (NumberFormatException e) {
                    throw bad(spec);
                }
            }
            case "ideal-network" -> {
                if (p.length != 1) throw bad(spec);
                return idealNetwork();
            }
            case "ideal-cpu" -> {
                if (p.length != 1) throw bad(spec);
                return new WhatIf(Kind.IDEAL_CPU, null, null, -1);
            }
            default -> throw bad(spec);
        }
    }

    private static IllegalArgumentException bad(String spec) {
        return new IllegalArgumentException("what-if '" + spec + "' not understood (what-ifs: " + SYNTAX + ")");
    }

    /** As the user would write it. */
    public String spec() {
        return switch (kind) {
            case BALANCE -> region == null ? "balance" : "balance:" + region;
            case REMOVE_DELAY -> "remove-delay:" + pe + ":" + region;
            case AGGREGATE -> "aggregate:" + call + (region == null ? "" : ":" + region);
            case NONBLOCKING -> "nonblocking:" + call + (region == null ? "" : ":" + region);
            case HEAP -> "heap:" + call + (region == null ? "" : ":" + region);
            case DEFER -> "defer:" + region + (pe < 0 ? "" : ":" + pe);
            case IDEAL_NETWORK -> "ideal-network";
            case IDEAL_CPU -> "ideal-cpu";
        };
    }

    /** In words, for the report. */
    public String describe() {
        return switch (kind) {
            case BALANCE -> region == null ? "every region's computation balanced across PEs"
                    : region.equals("-") ? "the computation outside regions balanced across PEs"
                    : "region " + region + "'s computation balanced across PEs";
            case REMOVE_DELAY -> "PE " + pe + "'s computation " + (region.equals("-") ? "outside regions"
                    : "in region " + region) + " brought to the mean across PEs";
            case AGGREGATE -> "each run of " + call + " calls" + (region == null ? "" : region.equals("-")
                    ? " outside regions" : " in region " + region) + " made one call";
            case NONBLOCKING -> call + " made non-blocking" + (region == null ? "" : region.equals("-")
                    ? " outside regions" : " in region " + region) + " (posted, completed at the next completing call)";
            case HEAP -> call + "'s symmetric memory" + (region == null ? "" : region.equals("-") ? " outside regions"
                    : " in region " + region) + " on the symmetric heap (shmem_malloc) instead of static data";
            case DEFER -> (pe < 0 ? "the" : "PE " + pe + "'s") + " computation in region " + region + " done after the"
                    + " writes or lock release that follow it";
            case IDEAL_NETWORK -> "communication free, synchronisation kept (ideal network)";
            case IDEAL_CPU -> "computation free (an infinitely fast CPU)";
        };
    }

    /** The model to replay it with, over the model of the baseline. */
    public CommModel model(CommModel base) {
        return kind == Kind.IDEAL_NETWORK ? new IdealNetwork(base) : base;
    }

    /**
     * The change to the calls (null: none); IllegalArgumentException naming a call or region the run does not have.
     */
    public ChangedCalls calls(MergedFile file) throws IOException, MergedFormatException {
        if (kind != Kind.AGGREGATE && kind != Kind.NONBLOCKING && kind != Kind.HEAP) return null;
        int index = -1;
        for (CallEntry c : file.calls()) if (c.name().equals(call)) index = c.index();
        if (index < 0) throw new IllegalArgumentException("what-if " + spec() + ": the run makes no call " + call);
        SelectedCalls selected = new SelectedCalls(index, region == null ? SelectedCalls.ANY_REGION
                : regionIndex(file.regionNames()));
        RecordType type = file.calls().get(index).type();
        if (kind == Kind.NONBLOCKING) {
            if (!blocking(type)) {
                throw new IllegalArgumentException("what-if " + spec() + ": " + call + " is not a blocking put or get"
                        + " with a posted form (shmem_put, shmem_p, shmem_get, shmem_g and their typed forms are)");
            }
            return new PostedCalls(selected);
        }
        if (kind == Kind.HEAP) {
            if (type.payload() != RecordType.Payload.RMA) {
                throw new IllegalArgumentException("what-if " + spec() + ": " + call + " is not a put, get or atomic");
            }
            return new HeapCalls(selected);
        }
        if (!CallRuns.mergeable(type)) {
            throw new IllegalArgumentException("what-if " + spec() + ": " + call + " calls cannot be merged (transfers and"
                    + " the collectives that move data can)");
        }
        return MergedRuns.of(file, selected);
    }

    /** Whether calls of this type are blocking puts or gets that have a posted form. */
    public static boolean blocking(RecordType type) {
        return type == RecordType.PUT || type == RecordType.P || type == RecordType.GET || type == RecordType.G;
    }

    /**
     * The change to the bursts (null: none); IllegalArgumentException naming a region the run does not have or a PE
     * beyond its PEs.
     */
    public Bursts bursts(ComputeByRegion compute, List<String> regionNames) throws IOException, MergedFormatException {
        switch (kind) {
            case IDEAL_CPU -> {
                return (task, r, burst) -> 0;
            }
            case DEFER -> {
                checkPe(compute.tasks());
                return new DeferredBursts(regionIndex(regionNames), pe, compute.tasks());
            }
            case BALANCE, REMOVE_DELAY -> {
                checkPe(compute.tasks());
                if (region == null) { // every region (not the computation outside them)
                    return EpochBursts.balanced(compute, java.util.stream.IntStream.range(0, compute.regions()).toArray());
                }
                int g = regionIndex(regionNames);
                return kind == Kind.BALANCE ? EpochBursts.balanced(compute, g) : EpochBursts.broughtDown(compute, g, pe);
            }
            default -> {
                return null;
            }
        }
    }

    private void checkPe(int tasks) {
        if (pe >= tasks) throw new IllegalArgumentException("what-if " + spec() + ": the run has PEs 0.." + (tasks - 1));
    }

    private int regionIndex(List<String> regionNames) {
        if (region.equals("-")) return -1;
        int i = regionNames.indexOf(region);
        if (i < 0) {
            throw new IllegalArgumentException("what-if " + spec() + ": the run has no region " + region
                    + (regionNames.isEmpty() ? " (it has none)" : " (regions: " + String.join(", ", regionNames) + ")"));
        }
        return i;
    }
}
