package io.shmemtrace.format.write;

/**
 * Where a writer reads (raw ticks, CLOCK_MONOTONIC ns) pairs for block headers and finalize. Tests and
 * synthetic traces pass a fixed clock so that files come out byte for byte the same.
 */
public interface TraceClock {
    long ticks();

    long monoNs();

    /** System.nanoTime for both: matches {@link TraceInfo#monotonicNow}. */
    TraceClock SYSTEM = new TraceClock() {
        @Override
        public long ticks() {
            return System.nanoTime();
        }

        @Override
        public long monoNs() {
            return System.nanoTime();
        }
    };

    /** A clock that always reads the given pair. */
    static TraceClock fixed(long ticks, long monoNs) {
        return new TraceClock() {
            @Override
            public long ticks() {
                return ticks;
            }

            @Override
            public long monoNs() {
                return monoNs;
            }
        };
    }
}
