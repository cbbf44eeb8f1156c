package io.shmemtrace.bench.run;

import io.shmemtrace.bench.generate.Generator.Source;
import io.shmemtrace.bench.generate.Language;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Builds the generated sources with Open MPI's wrapper compilers. */
public final class Toolchain {
    private Toolchain() {}

    /** A built source: its executable, or why there is none (and whether that is an error). */
    public record Built(Source source, Path executable, String problem, boolean skipped) {
        public boolean ok() {
            return executable != null;
        }
    }

    /** flags: extra C or C++ compiler flags. */
    public static Built build(Source source, List<String> flags) throws IOException, InterruptedException {
        Path src = source.path();
        Path exe = src.resolveSibling(src.getFileName().toString().replace('.', '_'));
        Language lang = source.language();
        if (lang == Language.F90) {
            Processes.Result syntax = Processes.run(List.of(lang.compiler, "-fsyntax-only", src.getFileName().toString()),
                    src.getParent(), List.of(), 120);
            if (syntax.status() != 0) return new Built(source, null, "syntax check failed: " + syntax.firstLine(), false);
            Processes.Result link = Processes.run(List.of(lang.compiler, "-O2", "-o", exe.getFileName().toString(),
                    src.getFileName().toString()), src.getParent(), List.of(), 300);
            if (link.status() != 0) {
                return new Built(source, null, "syntax checked; not linked, this OpenSHMEM has no Fortran binding ("
                        + link.firstLine() + ")", true);
            }
            return new Built(source, exe, null, false);
        }
        List<String> cmd = new ArrayList<>(List.of(lang.compiler, "-O2", "-Wall"));
        cmd.addAll(flags);
        cmd.addAll(List.of("-o", exe.getFileName().toString(), src.getFileName().toString(), "-lm"));
        Processes.Result r = Processes.run(cmd, src.getParent(), List.of(), 300);
        if (r.status() != 0) return new Built(source, null, lang.compiler + " failed: " + r.firstLine(), false);
        return new Built(source, exe, null, false);
    }
}
