package io.shmemtrace.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.tests.support.Command;
import io.shmemtrace.tests.support.Programs;
import io.shmemtrace.tests.support.Traces;
import io.shmemtrace.tests.support.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Installed as HPC tools are: the tree copied to a prefix, launchers that work through symlinks, and a module
 * file that Environment Modules (and Lmod, where installed) load, after which the tools trace and read a run.
 */
class InstallTest {
    private static final String VERSION = readVersion();

    private static String readVersion() {
        try {
            return Files.readString(Workspace.DIST.resolve("lib/VERSION")).strip();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Path installed(String name) {
        Path prefix = Workspace.freshDir(name).resolve("opt/shmemtrace");
        Command.of(Workspace.ROOT.resolve("scripts/install-dist.sh").toString(), prefix.toString()).runOk();
        return prefix;
    }

    @Test
    void aPrefixThePreloadCannotNameIsRefusedInOneLine() {
        Path spaced = Workspace.freshDir("install-spaced").resolve("opt shmemtrace");
        Command.Result r = Command.of(Workspace.ROOT.resolve("scripts/install-dist.sh").toString(), spaced.toString()).run();
        assertEquals(1, r.exitCode());
        assertEquals("install: " + spaced + ": a prefix with spaces or colons cannot be used (LD_PRELOAD cannot name the"
                + " tracer there)\n", r.stderr());
        assertEquals(false, Files.exists(spaced));
    }

    @Test
    void launchersRunThroughSymlinks() throws Exception {
        Path prefix = installed("install-links");
        Path linkBin = prefix.getParent().resolve("linkbin");
        Files.createDirectories(linkBin);
        for (String tool : List.of("shmemtrace", "shmembin2txt", "shmem2psins", "shmemsim", "shmem2otf2", "shmembench")) {
            Path link = Files.createSymbolicLink(linkBin.resolve(tool), prefix.resolve("bin").resolve(tool));
            Command.Result r = Command.of(link.toString(), "--version").runOk();
            assertEquals(tool + " " + VERSION, r.stdout().strip().lines().findFirst().orElse(""), tool);
        }
    }

    @Test
    void moduleLoadPutsTheToolsOnThePathAndTheyTraceARun() {
        Path init = Path.of("/usr/share/modules/init/sh");
        if (!Files.exists(init)) {
            System.out.println("InstallTest: skipped Environment Modules: not installed (run-tests.sh installs it)");
            return;
        }
        Path prefix = installed("install-module");
        Path program = Programs.compile("calls");
        Path work = prefix.getParent().getParent();
        String script = ". " + init + " && module use '" + prefix.resolve("share/modulefiles") + "'"
                + " && module load shmemtrace && command -v shmembin2txt && shmemtrace --version"
                + " && SHMEMTRACE_DIR=run oshrun --allow-run-as-root --oversubscribe -np 2 shmemtrace '" + program + "'"
                + " >/dev/null && shmembin2txt --summary run"
                // a program linked with the stub library starts untraced (the module sets LD_LIBRARY_PATH: it did not)
                + " && oshcc -DSHMEMTRACE_NO_WEAK -o steer-stub '" + Workspace.C_SOURCES.resolve("steer.c") + "'"
                + " -lshmemtrace-stub && oshrun --allow-run-as-root --oversubscribe -np 2 ./steer-stub 2 >/dev/null"
                + " && echo the stub-linked program ran";
        Command.Result r = Command.of("sh", "-c", script).in(work).env("OMPI_MCA_btl", "^uct").runOk();
        List<String> lines = r.stdout().lines().toList();
        assertEquals(prefix.resolve("bin/shmembin2txt").toString(), lines.get(0));
        assertEquals("shmemtrace " + VERSION, lines.get(1));
        assertTrue(r.stdout().contains("pe00000.shmt: PE 0 of 2, finalized"), r.stdout());
        assertEquals(5, Traces.count(Traces.peFile(work.resolve("run"), 1)).of("shmem_barrier_all"));
        assertEquals("the stub-linked program ran", lines.get(lines.size() - 1));
        Path lmod = Path.of("/usr/share/lmod/lmod/init/sh");
        if (!Files.exists(lmod)) {
            System.out.println("InstallTest: Lmod not installed: the module file was loaded by Environment Modules only");
            return;
        }
        Command.Result l = Command.of("sh", "-c", ". " + lmod + " && module use '" + prefix.resolve("share/modulefiles")
                + "' && module load shmemtrace && command -v shmemsim").runOk();
        assertEquals(prefix.resolve("bin/shmemsim").toString(), l.stdout().strip());
    }
}
