package io.shmemtrace.bench.generate;

import io.shmemtrace.bench.catalog.Api;
import io.shmemtrace.bench.catalog.Catalog;
import io.shmemtrace.bench.config.BenchTest;
import io.shmemtrace.format.Operation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A test's C or C++ program: the API table, one body per API made from its class template's macros and its
 * C signature, and one case per API and size. The harness (shmembench.h) is written beside it.
 */
public final class CSource {
    /** The calls the harness itself makes; counted like the benchmarked ones, so they must be in the spec. */
    static final List<String> HARNESS_APIS = List.of("shmem_init", "shmem_my_pe", "shmem_n_pes", "shmem_malloc",
            "shmem_free", "shmem_barrier_all", "shmem_long_g", "shmem_quiet", "shmem_putmem",
            "shmem_long_wait_until", "shmem_long_atomic_inc", "shmem_finalize");
    public static final String HARNESS_FILE = "shmembench.h";

    private final BenchTest test;
    private final Language lang;
    private final Map<String, Api> apis = new LinkedHashMap<>();

    public CSource(BenchTest test, Language lang, Catalog catalog) {
        if (lang == Language.F90) throw new IllegalArgumentException("CSource writes C and C++");
        this.test = test;
        this.lang = lang;
        for (String name : HARNESS_APIS) apis.put(name, catalog.get(name));
        for (Api a : test.apis()) apis.put(a.name(), a);
        // a lock is timed taken and released: the release is called (and counted) with it
        if (test.apis().stream().anyMatch(a -> Timing.of(a) == Timing.LOCK)) apis.put(RELEASE, catalog.get(RELEASE));
    }

    /** The call that releases what a {@link Timing#LOCK} call took. */
    private static final String RELEASE = "shmem_clear_lock";

    public static String harness() {
        return Templates.harness();
    }

    public String fileName() {
        return "test" + test.number() + "." + lang.extension;
    }

    public String text() {
        List<Api> tested = test.apis();
        StringBuilder out = new StringBuilder();
        out.append("/* shmembench test ").append(test.number()).append(", class ").append(test.benchClass().number)
                .append(" (").append(test.benchClass().label).append("), ").append(lang.label())
                .append(": generated from event-spec.xml by shmembench for ").append(test.source()).append(" */\n");
        out.append("#define N_APIS ").append(apis.size()).append('\n');
        List<String> names = new ArrayList<>(apis.keySet());
        for (int i = 0; i < names.size(); i++) out.append("#define API_").append(names.get(i)).append(' ').append(i).append('\n');
        out.append("#define MAX_BYTES ").append(maxBytes()).append("L\n");
        out.append("#define BENCH_STRIDE ").append(test.stride()).append("L\n");
        out.append("static const char *const api_names[N_APIS] = {")
                .append(names.stream().map(n -> "\"" + n + "\"").collect(Collectors.joining(", "))).append("};\n");
        out.append("static const long api_elem[N_APIS] = {")
                .append(apis.values().stream().map(a -> Integer.toString(a.elemSize())).collect(Collectors.joining(", ")))
                .append("};\n");
        out.append("static const int api_counted[N_APIS] = {")
                .append(apis.values().stream().map(a -> a.movesElements() ? "1" : "0").collect(Collectors.joining(", ")))
                .append("};\n");
        out.append("#include \"").append(HARNESS_FILE).append("\"\n\n");
        out.append(Templates.of(test.benchClass()));
        StringBuilder bodies = new StringBuilder();
        for (int id = 0; id < tested.size(); id++) bodies.append(body(id, tested.get(id))).append('\n');
        StringBuilder cases = new StringBuilder();
        List<BenchTest.Case> all = test.cases();
        for (int k = 0; k < all.size(); k++) cases.append(caseCode(k, all.get(k), tested.indexOf(all.get(k).api())));
        out.append(Templates.main().replace("/*@BODIES@*/", bodies.toString().strip())
                .replace("/*@CASES@*/\n", cases.toString()));
        return out.toString();
    }

    /** The largest buffer one PE's call reads or writes, before the harness multiplies it by the PE count. */
    long maxBytes() {
        long max = 64;
        for (BenchTest.Case c : test.cases()) {
            long stride = c.api().operation() == Operation.IPUT || c.api().operation() == Operation.IGET ? test.stride() : 1;
            max = Math.max(max, c.nelems() * Math.max(c.api().elemSize(), 16) * stride);
        }
        return max;
    }

    private String body(int id, Api api) {
        String call = call(api);
        String macro = switch (Timing.of(api)) {
            case RETURN -> "BENCH_RETURN";
            case COMPLETE -> "BENCH_COMPLETE";
            case NBI -> "BENCH_NBI";
            case COLLECTIVE -> "BENCH_COLLECTIVE";
            case SYNCHRONISING -> "BENCH_SYNCHRONISING";
            case PINGPONG -> "BENCH_PINGPONG";
            case LOCK -> "BENCH_LOCK";
        };
        String api_ = "API_" + api.name();
        String line = switch (Timing.of(api)) {
            case PINGPONG -> macro + "(" + id + ", " + api_ + ", " + elementType(api) + ", " + call + ")";
            case LOCK -> macro + "(" + id + ", " + api_ + ", API_" + RELEASE + ", " + call + ", " + RELEASE + "(lock_word))";
            default -> macro + "(" + id + ", " + api_ + ", " + call + ")";
        };
        if (api.operation() == Operation.BROADCAST) line += "\nBENCH_BROADCAST_ACK(" + id + ", " + api_ + ", " + call + ")";
        if (completing(api)) line += "\nBENCH_COMPLETING(" + id + ", " + api_ + ", " + call + ")";
        return line;
    }

    private String caseCode(int k, BenchTest.Case c, int id) {
        Api api = c.api();
        String head = "    if (case_begins(" + k + ", start, API_" + api.name() + ", " + c.nelems() + "L)) {\n";
        String args = test.number() + ", \"" + lang.label() + "\", API_" + api.name();
        String reps = Integer.toString(test.maxReps());
        String bytes = c.bytes() + "L";
        String v = "\"" + Timing.of(api).variant + "\"";
        String run = switch (Timing.of(api)) {
            case RETURN -> report(args, v, bytes, "measure(body_" + id + ", NULL, " + reps + ")", "0", "1")
                    // both PEs at each other, for a call that reads one element of another (not where PE 0 calls itself)
                    + (readsOneElement(api) ? "        if (npes > 1 && peer != 0) " + report(args, "\"" + Timing.MUTUAL
                            + "\"", bytes, "measure(mutual_" + id + ", NULL, " + reps + ")", "0", "1").strip() + "\n" : "");
            case SYNCHRONISING -> "        run_synchronising(" + args + ", " + v + ", " + bytes + ", " + reps + ", body_" + id
                    + ", busy_" + id + ", " + (completing(api) ? "completing_" + id : "NULL") + ");\n";
            case COMPLETE -> "        run_complete(" + args + ", " + bytes + ", " + reps + ", body_" + id + ", stream_" + id
                    + ", mutual_" + id + ", spaced_" + id + ");\n"
                    // the library's queue, for the calls that move one element (p, non-fetching atomics)
                    + (api.movesElements() ? "" : "        if (npes > 1) run_queue(" + args + ", " + bytes + ", queue_" + id + ", mixed_" + id
                            + ");\n");
            case COLLECTIVE -> report(args, v, bytes, "measure(body_" + id + ", NULL, " + reps + ")", "barrier_base", "1");
            case PINGPONG -> "        if (npes < 2) { if (me == 0) printf(\"SKIP\\t%s\\tneeds 2 PEs\\n\", api_names[API_"
                    + api.name() + "]); }\n        else "
                    + report(args, v, bytes, "measure(body_" + id + ", NULL, " + reps + ")", "0", "0.5").strip() + "\n";
            case LOCK -> "        if (npes > 1) run_lock(" + args + ", " + bytes + ", " + reps + ", body_" + id + ");\n";
            case NBI -> "        run_nbi(" + args + ", " + bytes + ", " + reps + ", full_" + id + ", post_" + id
                    + ", overlap_" + id + ", busy_" + id + ");\n";
        };
        if (api.operation() == Operation.BROADCAST) {
            run += "        { double acks = median_of(body_acks_only, NULL, " + reps + ");\n  "
                    + report(args, "\"ack\"", bytes, "measure(ack_" + id + ", NULL, " + reps + ")", "acks", "1") + "        }\n";
        }
        return head + run + "    }\n";
    }

    /** A call that returns one element read at another PE (g, fetching atomics): timed mutual too. */
    private static boolean readsOneElement(Api api) {
        return api.operation() == Operation.G || api.operation() == Operation.ATOMIC_FETCH;
    }

    /** A barrier-like call that completes transfers (barrier_all): timed after a put too (its completing row). */
    private static boolean completing(Api api) {
        return Timing.of(api) == Timing.SYNCHRONISING && api.operation().completesPending();
    }

    private static String report(String args, String variant, String bytes, String stats, String base, String scale) {
        return "        report(" + args + ", " + variant + ", " + bytes + ", " + stats + ", " + base + ", " + scale + ");\n";
    }

    /** The call expression, each argument its role's C text; a value, when the call returns one, kept. */
    String call(Api api) {
        String args = api.params().stream().map(p -> argument(Role.of(api, p), p)).collect(Collectors.joining(", "));
        String call = api.name() + "(" + args + ")";
        return api.returnsValue() ? "{ " + api.returnType() + " r = " + call + "; (void) r; }" : call;
    }

    private static String argument(Role role, Api.Param p) {
        return switch (role) {
            case DST -> "PTR(dst)";
            case SRC -> "PTR(src)";
            case FLAG, SIGNAL_WORD -> "PTR(flag)"; // a signal put's word: the ping-pong flag, idle then
            case LOCK_WORD -> "lock_word";
            case PWRK -> "PTR(pwrk)";
            case PSYNC -> "psync_now";
            case NELEMS -> "n";
            case STRIDE -> "stride";
            case UNIT_STRIDE -> "1";
            case PEER -> "peer";
            case ROOT -> "root";
            case FIRST_PE, LOG_STRIDE -> "0";
            case NPES -> "npes";
            case CMP_EQ -> "SHMEM_CMP_EQ";
            case ONE -> "(" + p.type() + ") 1";
            case ZERO -> "(" + p.type() + ") 0";
            case ROUND_VALUE -> "v";
            case PREVIOUS_VALUE -> "prev";
            case SIGNAL_ADD -> "SHMEM_SIGNAL_ADD";
            case TEAM_WORLD -> "SHMEM_TEAM_WORLD";
        };
    }

    /** The C type a wait's flag holds: its ivar parameter's type, less qualifiers and pointer. */
    static String elementType(Api api) {
        return api.params().stream().filter(p -> Role.of(api, p) == Role.FLAG).findFirst()
                .map(p -> p.type().replace("volatile", "").replace("const", "").replace("*", "").strip())
                .orElseThrow(() -> new IllegalArgumentException(api.name() + ": a wait without a flag parameter"));
    }
}
