package io.shmemtrace.bench.config;

import io.shmemtrace.bench.catalog.Api;
import java.util.ArrayList;
import java.util.List;

/**
 * One configuration line: a test of a class's APIs.
 *
 * @param nelems elements per call (the paper's NELEMS), used where no SIZES are given
 * @param sizes bytes per call to sweep (SIZES=), empty for nelems alone
 * @param maxReps the repetition cap (REPS=)
 */
public record BenchTest(int number, BenchClass benchClass, long nelems, long stride, List<Api> apis, int maxReps,
                        List<Long> sizes, String source) {

    /** One API at one size. */
    public record Case(Api api, long nelems) {
        public long bytes() {
            return api.bytesPerCall(nelems);
        }
    }

    /** The APIs at each size, in configuration order: what the generated program runs. */
    public List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        for (Api api : apis) {
            if (!benchClass.usesNelems() || !api.movesElements()) {
                cases.add(new Case(api, 1));
            } else if (sizes.isEmpty()) {
                cases.add(new Case(api, nelems));
            } else {
                for (long bytes : sizes) if (bytes >= api.elemSize()) cases.add(new Case(api, bytes / api.elemSize()));
            }
        }
        return cases;
    }

    /**
     * The same test over fewer sizes: its first, then every step-th power of two up to largest (a calibration of a slow
     * link, where each large transfer takes milliseconds). A test over no sizes is left as it is.
     */
    public BenchTest thinned(long largest, int step) {
        if (sizes.isEmpty()) return this;
        List<Long> kept = new ArrayList<>();
        for (long b = sizes.get(0); b <= sizes.get(sizes.size() - 1) && (b <= largest || kept.isEmpty()); b *= step) {
            kept.add(b);
        }
        return new BenchTest(number, benchClass, nelems, stride, apis, maxReps, kept, source);
    }
}
