package io.shmemtrace.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.shmemtrace.bench.calibrate.LinearFit;
import java.util.List;
import org.junit.jupiter.api.Test;

class LinearFitTest {
    @Test
    void recoversLatencyAndBandwidthOfAnExactLine() {
        // 1 us + bytes / 10 GB/s
        List<LinearFit.Point> points = List.of(8, 64, 1024, 65536, 1 << 20).stream()
                .map(b -> new LinearFit.Point(b, 1e-6 + b / 1e10)).toList();
        LinearFit fit = LinearFit.of(points);
        assertEquals(1e-6, fit.latencySeconds(), 1e-15);
        assertEquals(1e10, fit.bandwidth(), 1e-3 * 1e10);
        assertEquals(0, fit.rmsRelativeError(), 1e-9);
    }

    @Test
    void theErrorIsTheRmsOfRelativeResiduals() {
        // two points fit exactly by any line through them: no error; a third off the line by 10 % shows
        LinearFit two = LinearFit.of(List.of(new LinearFit.Point(0, 1), new LinearFit.Point(10, 2)));
        assertEquals(1, two.latencySeconds(), 1e-12);
        assertEquals(0.1, two.secondsPerByte(), 1e-12);
        LinearFit three = LinearFit.of(List.of(new LinearFit.Point(0, 1), new LinearFit.Point(10, 2),
                new LinearFit.Point(20, 3.3)));
        assertEquals(true, three.rmsRelativeError() > 0.01 && three.rmsRelativeError() < 0.1);
    }
}
