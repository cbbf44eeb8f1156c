package io.shmemtrace.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

class ToolMainTest {
    enum Color { RED, GREEN }

    @Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = ManifestVersion.class)
    static final class Demo implements Callable<Integer> {
        @Parameters(arity = "1..*", paramLabel = "PATH")
        List<String> paths;

        @Option(names = "--color", defaultValue = "red")
        Color color;

        final PrintStream out;

        Demo(PrintStream out) {
            this.out = out;
        }

        @Override
        public Integer call() {
            out.println(paths + " " + color);
            return 0;
        }
    }

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        return ToolMain.run(new Demo(o), args, o, new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void runsTheCommandWithEnumsInAnyCase() {
        assertEquals(0, run("a", "--color", "Green"));
        assertEquals("[a] GREEN\n", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void anUnknownOptionIsOneLineNamingIt() {
        assertEquals(2, run("--frobnicate", "a"));
        assertEquals("demo: unknown option or argument '--frobnicate' (demo --help lists the options)\n",
                err.toString(StandardCharsets.UTF_8));
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aMissingParameterIsOneLine() {
        assertEquals(2, run());
        assertEquals("demo: Missing required parameter: 'PATH' (demo --help lists the options)\n",
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aBadEnumValueIsOneLine() {
        assertEquals(2, run("--color", "blue", "a"));
        String e = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, e.lines().count(), e);
        assertEquals(true, e.startsWith("demo: Invalid value for option '--color'"), e);
    }

    @Test
    void versionOutsideAJarSaysSo() {
        assertEquals(0, run("--version"));
        assertEquals("demo (development build)\n", out.toString(StandardCharsets.UTF_8));
    }
}
