package io.shmemtrace.bin2txt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The page's time bins: each call's time lands in the bins it spans, however the calls of the PEs come. */
class TimeBinsTest {
    /** Two PEs (a row each), bins of 1 us from 0 ns. */
    private static TimeBins twoPes() {
        TimeBins bins = new TimeBins(2);
        bins.add(0, 100, 300); // the first call: bin 0 starts at 0
        assertEquals(0, bins.originNs());
        assertEquals(1_000, bins.binNs());
        return bins;
    }

    @Test
    void callsInOneBinAddUp() {
        TimeBins bins = twoPes();
        bins.add(0, 400, 900);
        bins.add(0, 900, 1_000); // ends where bin 1 starts: bin 0 only
        assertEquals(0.8, bins.share(0, 0), 0);
        assertEquals(0, bins.share(0, 1), 0);
        assertArrayEquals(new int[] {0, 1}, bins.usedBins());
    }

    @Test
    void aCallAcrossBinsIsSplitAndTheNextInItsLastBinCounts() {
        TimeBins bins = twoPes();
        bins.add(0, 900, 2_100); // 100 in bin 0, 1,000 in bin 1, 100 in bin 2
        bins.add(0, 2_100, 2_600); // the bin the call before ended in
        bins.add(0, 2_600, 3_000);
        assertEquals(0.3, bins.share(0, 0), 0);
        assertEquals(1.0, bins.share(0, 1), 0);
        assertEquals(1.0, bins.share(0, 2), 0);
        assertEquals(0, bins.share(0, 3), 0);
    }

    @Test
    void thePesTakeTurnsWithoutMixingTheirRows() {
        TimeBins bins = twoPes();
        bins.add(1, 150, 250); // PE 1's row, bin 0
        bins.add(0, 300, 400); // PE 0 again, the same bin as PE 1's call
        bins.add(1, 250, 1_050); // PE 1 into bin 1
        bins.add(0, 1_100, 1_200); // PE 0 in bin 1
        assertEquals(0.3, bins.share(0, 0), 0);
        assertEquals(0.1, bins.share(0, 1), 0);
        assertEquals(0.85, bins.share(1, 0), 0);
        assertEquals(0.05, bins.share(1, 1), 0);
    }

    @Test
    void widerBinsKeepWhatTheNarrowOnesHeld() {
        TimeBins bins = twoPes();
        bins.add(0, 1_200, 1_500); // bin 1
        bins.add(0, 1_500, 1_700); // bin 1, the bin before
        bins.add(0, 600_000, 600_500); // past 256 bins of 1 us: bins of 2 us, then of 4 us (1,024 us)
        assertEquals(4_000, bins.binNs());
        assertEquals(0, bins.originNs());
        assertEquals((200 + 300 + 200) / 4_000.0, bins.share(0, 0), 0);
        assertEquals(500 / 4_000.0, bins.share(0, 150), 0);
        bins.add(0, 600_500, 601_000); // bin 150, after the widening
        assertEquals(1_000 / 4_000.0, bins.share(0, 150), 0);
        bins.add(0, -5_000, -4_000); // before the start: bins of 8 us, reaching back 1,024 us
        assertEquals(8_000, bins.binNs());
        assertEquals(-1_024_000, bins.originNs());
        assertEquals(1_000 / 8_000.0, bins.share(0, 127), 0);
        assertEquals(700 / 8_000.0, bins.share(0, 128), 0);
        assertEquals(1_000 / 8_000.0, bins.share(0, 128 + 75), 0);
    }
}
