package io.shmemtrace.replay.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The horizon's tree, brought up to date only when read, gives the minimum of the times as last set. */
class HorizonTest {
    @Test
    void emptyIsInfinite() {
        assertEquals(Double.POSITIVE_INFINITY, new Horizon(5).min());
    }

    @Test
    void theMinimumAfterEveryMixOfMovesBetweenReads() {
        for (int sequences : new int[] {1, 2, 3, 7, 64, 100}) {
            Horizon h = new Horizon(sequences);
            double[] times = new double[sequences];
            Arrays.fill(times, Double.POSITIVE_INFINITY);
            SplittableRandom random = new SplittableRandom(sequences);
            for (int read = 0; read < 2_000; read++) {
                int moves = random.nextInt(1, 2 * sequences + 2); // one sequence moved many times, or many once
                for (int m = 0; m < moves; m++) {
                    int s = random.nextInt(sequences);
                    // up and down, to infinity (a sequence that ended) and back, equal times
                    double t = random.nextInt(10) == 0 ? Double.POSITIVE_INFINITY : random.nextInt(50);
                    times[s] = t;
                    h.set(s, t);
                }
                assertEquals(Arrays.stream(times).min().getAsDouble(), h.min(), sequences + " sequences, read " + read);
                assertEquals(h.min(), h.min(), "a second read without moves");
            }
        }
    }
}
