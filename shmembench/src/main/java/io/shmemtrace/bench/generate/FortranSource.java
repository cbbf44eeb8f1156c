package io.shmemtrace.bench.generate;

import io.shmemtrace.bench.catalog.Api;
import io.shmemtrace.bench.config.BenchTest;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A test's Fortran 90 program (the paper's third language). OpenSHMEM 1.4 deprecates the Fortran binding; its
 * calls share the C names where the C call moves untyped memory (void * buffers) or none, so those are the
 * calls this program makes; every other API of the test gets a comment saying it has no binding of that name.
 * Each call is looped and timed as a whole with system_clock, one line per API.
 */
public final class FortranSource {
    private static final int ITERATIONS = 1000;

    private final BenchTest test;

    public FortranSource(BenchTest test) {
        this.test = test;
    }

    public String fileName() {
        return "test" + test.number() + ".f90";
    }

    /** A call the Fortran binding has under its C name: no typed buffer, no result. */
    static boolean hasBinding(Api api) {
        return !api.returnsValue() && api.params().stream().allMatch(p -> {
            Role r = Role.of(api, p);
            return !r.isBuffer() || r == Role.PSYNC || p.type().contains("void");
        });
    }

    public String text() {
        long maxWords = Math.max(64, test.cases().stream().mapToLong(c -> c.bytes() * test.stride()).max().orElse(8) / 8 + 1);
        StringBuilder out = new StringBuilder();
        out.append("! shmembench test ").append(test.number()).append(", class ").append(test.benchClass().number)
                .append(" (").append(test.benchClass().label).append("), Fortran 90: generated from event-spec.xml\n");
        out.append("program shmembench_test").append(test.number()).append("\n  implicit none\n  include 'shmem.fh'\n");
        out.append("  integer, parameter :: iters = ").append(ITERATIONS).append('\n');
        out.append("  integer*8, save :: src(").append(maxWords).append("), dst(").append(maxWords).append(")\n");
        out.append("  integer*8, save :: pwrk(").append(maxWords).append("), psync(SHMEM_REDUCE_SYNC_SIZE)\n");
        out.append("  integer :: me, npes, peer, root, i, n, stride\n  integer :: shmem_my_pe, shmem_n_pes\n"
                + "  integer*8 :: t0, t1, rate\n\n");
        out.append("  call shmem_init()\n  me = shmem_my_pe()\n  npes = shmem_n_pes()\n  peer = npes - 1\n  root = 0\n");
        out.append("  stride = ").append(test.stride()).append("\n  psync = SHMEM_SYNC_VALUE\n  call shmem_barrier_all()\n");
        for (BenchTest.Case c : test.cases()) {
            Api api = c.api();
            if (!hasBinding(api)) {
                out.append("\n  ! ").append(api.name()).append(": no Fortran binding of this name in OpenSHMEM 1.4\n");
                continue;
            }
            String args = api.params().stream().map(p -> argument(Role.of(api, p))).collect(Collectors.joining(", "));
            out.append("\n  n = ").append(c.nelems()).append("\n  call shmem_barrier_all()\n");
            out.append("  call system_clock(t0, rate)\n  do i = 1, iters\n");
            out.append("    call ").append(api.name()).append("(").append(args).append(")\n");
            out.append("  end do\n  call system_clock(t1)\n");
            out.append("  if (me == 0) print '(A, I0, A, I0, A, F12.4)', '").append(api.name())
                    .append(" nelems=', n, ' bytes=', ").append(c.bytes())
                    .append(", &\n      ' us/call=', 1.0d6 * dble(t1 - t0) / dble(rate) / dble(iters)\n");
        }
        out.append("\n  call shmem_barrier_all()\n  call shmem_finalize()\nend program shmembench_test")
                .append(test.number()).append('\n');
        return out.toString();
    }

    private static String argument(Role role) {
        return switch (role) {
            case DST, FLAG -> "dst";
            case SRC -> "src";
            case PWRK -> "pwrk";
            case PSYNC -> "psync";
            case NELEMS -> "n";
            case STRIDE -> "stride";
            case UNIT_STRIDE -> "1";
            case PEER -> "peer";
            case ROOT -> "root";
            case FIRST_PE, LOG_STRIDE, ZERO, CMP_EQ -> "0";
            case NPES -> "npes";
            case ONE, ROUND_VALUE, PREVIOUS_VALUE -> "1";
            case SIGNAL_WORD, SIGNAL_ADD, TEAM_WORLD, LOCK_WORD ->
                    throw new IllegalArgumentException("no Fortran binding takes " + role + " (OpenSHMEM 1.5 C calls)");
        };
    }

    /** The tested APIs this program makes calls of. */
    public List<Api> boundApis() {
        return test.apis().stream().filter(FortranSource::hasBinding).toList();
    }
}
