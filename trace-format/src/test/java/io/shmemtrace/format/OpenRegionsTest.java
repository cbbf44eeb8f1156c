package io.shmemtrace.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The one rule of region records: an end closes the innermost open region of its name. */
class OpenRegionsTest {
    private record Open(String name, int begun) {}

    @Test
    void anEndClosesTheInnermostOpenRegionOfItsName() {
        OpenRegions<Open> open = new OpenRegions<>(Open::name);
        open.begin(new Open("solve", 1));
        open.begin(new Open("iteration", 2));
        open.begin(new Open("iteration", 3)); // recursion: the same name twice
        assertEquals(new Open("iteration", 3), open.end("iteration"));
        assertEquals(new Open("iteration", 2), open.innermost());
        assertNull(open.end("setup"), "never begun: closes nothing");

        // Not nested: a pause begun inside "iteration" and ended after it.
        open.begin(new Open("(paused)", 4));
        assertEquals(List.of(new Open("(paused)", 4)), open.inside("iteration"));
        assertEquals(new Open("iteration", 2), open.end("iteration"));
        assertEquals(new Open("(paused)", 4), open.innermost(), "still open");
        assertNull(open.inside("iteration"));
        assertEquals(List.of(new Open("(paused)", 4), new Open("solve", 1)), open.endAll());
        assertEquals(true, open.isEmpty());
    }
}
