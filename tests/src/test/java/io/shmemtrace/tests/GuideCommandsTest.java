package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The guides' commands as a user types them (issue 43, item 6): every command of a tool over a run that the README
 * and docs/*.md show in their code blocks (lines "dist/bin/TOOL ...") is run, as written, against a real traced run
 * whose files carry the guides' names (DIR, RUN, run, shmemtrace-ompi-*, run.psins, jacobi.psins, machine files),
 * and must exit 0: an option renamed or dropped, a verb that moved, an argument in the wrong place fails here.
 * Measuring commands (shmembench run, calibrate, verify; synth at 16,384 PEs) and tracing commands have tests of
 * their own (ShmembenchTest, ScaleTest, TracedCallsTest); the guide's walkthroughs of tracing run their commands in
 * those tests' words.
 */
class GuideCommandsTest {
    /** A tool's command line in a guide: four spaces, dist/bin/, the tool, then its arguments up to a comment. */
    private static final Pattern COMMAND = Pattern.compile("^    (dist/bin/(?:shmembin2txt|shmem2psins|shmem2otf2|shmemsim"
            + "|shmembench|shmemtrace \\w+)\\b.*?)(?:\\s{2,}#.*)?$");
    /** Measurements of minutes, and a 16,384-PE run: their own tests run them (see the class comment). */
    private static final Pattern MEASURES = Pattern.compile("shmembench (run|calibrate|verify)|shmemtrace synth");
    /** The names the guides give the inputs. */
    private static final List<String> RUN_NAMES = List.of("DIR", "RUN", "run", "shmemtrace-ompi-1");
    private static final List<String> MERGED_NAMES = List.of("run.psins", "jacobi.psins");
    private static final List<String> MACHINE_NAMES = List.of("machine.cfg", "m.cfg", "fast.cfg");
    /** Options whose argument the command writes: not linked in, so that it is written fresh. */
    private static final Pattern OUTPUT = Pattern.compile("(?:-o|--output|--html|--json|--matrix|--plot)[ =](\\S+)"
            + "|> *(\\S+)");
    /** shmembench's --csv names a file (shmembin2txt's is a flag). */
    private static final Pattern BENCH_CSV = Pattern.compile("shmembench .*--csv[ =](\\S+)");

    @Test
    void everyToolCommandTheGuidesShowRuns() throws Exception {
        Path fixture = Workspace.freshDir("guide-commands");
        // imbalance.c has the region "solve" that the findings guide's what-if names
        Path program = Programs.example("examples/c/imbalance.c", "-I" + Workspace.DIST.resolve("include"));
        Path run = fixture.resolve("run");
        Programs.traced(2, run, program, "6", "20000").runOk();
        Command.of(Workspace.DIST.resolve("bin/shmem2psins").toString(), "-q", "-o", fixture.resolve("run.psins")
                .toString(), run.toString()).runOk();
        Files.writeString(fixture.resolve("machine.cfg"), "Machine -8 1.8e9 1.7e-6 4\nNode -1 8 1 1 5e9 2e-7 1.0\n");

        List<String> failed = new ArrayList<>();
        int ran = 0;
        for (Guide.Line line : Guide.commands()) {
            if (MEASURES.matcher(line.command()).find()) continue;
            Path dir = Workspace.freshDir("guide-commands-" + ran++);
            Set<String> written = written(line.command());
            Files.createSymbolicLink(dir.resolve("dist"), Workspace.DIST);
            Files.createSymbolicLink(dir.resolve("examples"), Workspace.ROOT.resolve("examples"));
            for (String name : RUN_NAMES) link(dir, name, run, written);
            for (String name : MERGED_NAMES) link(dir, name, fixture.resolve("run.psins"), written);
            for (String name : MACHINE_NAMES) link(dir, name, fixture.resolve("machine.cfg"), written);
            // a pager where a user reads the output: cat here (no terminal, and less is not on every machine)
            String typed = line.command().replace("| less", "| cat");
            Command.Result r = Command.of("sh", "-c", typed).in(dir).timeout(300).run();
            if (r.exitCode() != 0) failed.add(line.where() + ": " + line.command() + "\n    " + r.describe());
        }
        System.out.println("GuideCommandsTest: " + ran + " commands of the guides run");
        assertTrue(ran >= 25, ran + " commands found: the pattern no longer matches the guides");
        assertEquals(List.of(), failed);
    }

    private static void link(Path dir, String name, Path target, Set<String> written) throws IOException {
        if (!written.contains(name)) Files.createSymbolicLink(dir.resolve(name), target);
    }

    /** The files a command line writes (the arguments of its output options and redirections). */
    private static Set<String> written(String command) {
        Set<String> names = new java.util.HashSet<>();
        Matcher m = OUTPUT.matcher(command);
        while (m.find()) names.add(m.group(1) != null ? m.group(1) : m.group(2));
        Matcher csv = BENCH_CSV.matcher(command);
        if (csv.find()) names.add(csv.group(1));
        return names;
    }

    /** The README's and the guides' command lines. */
    static final class Guide {
        record Line(String where, String command) {}

        static List<Line> commands() throws IOException {
            List<Path> files = new ArrayList<>(List.of(Workspace.ROOT.resolve("README.md")));
            try (Stream<Path> docs = Files.list(Workspace.ROOT.resolve("docs"))) {
                docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
            }
            List<Line> lines = new ArrayList<>();
            for (Path f : files) {
                List<String> text = Files.readAllLines(f);
                for (int i = 0; i < text.size(); i++) {
                    Matcher m = COMMAND.matcher(text.get(i));
                    if (m.matches() && !text.get(i).endsWith("\\")) {
                        lines.add(new Line(Workspace.ROOT.relativize(f) + ":" + (i + 1), m.group(1).strip()));
                    }
                }
            }
            return lines;
        }
    }
}
