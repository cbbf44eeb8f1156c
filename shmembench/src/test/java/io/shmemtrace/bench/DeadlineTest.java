package io.shmemtrace.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.shmemtrace.bench.run.Deadline;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeadlineTest {
    private static double budgetUs(Deadline d) {
        List<String> env = d.launch().environment();
        assertEquals(1, env.size(), env.toString());
        assertTrue(env.get(0).startsWith("SHMEMBENCH_CASE_BUDGET_US="), env.get(0));
        return Double.parseDouble(env.get(0).substring(env.get(0).indexOf('=') + 1));
    }

    @Test
    void casesShareSeventyPerCentOfTheTimeLeft() {
        Deadline d = new Deadline(100, 10);
        double first = budgetUs(d);
        assertTrue(first <= 7e6 && first > 6.9e6, "0.7 x 100 s / 10 cases: " + first);
        for (int i = 0; i < 5; i++) d.caseBegun();
        double later = budgetUs(d);
        assertTrue(later <= 14e6 && later > 13.8e6, "0.7 x 100 s / 5 cases left: " + later);
        assertEquals(0.0, d.overrunSeconds());
    }

    @Test
    void pastTheDeadlineEveryCaseGetsOneMicrosecond() {
        Deadline d = new Deadline(0, 3);
        assertEquals(1.0, budgetUs(d));
        for (int i = 0; i < 10; i++) d.caseBegun(); // more cases than announced (a retried case) never divide by 0
        assertEquals(1.0, budgetUs(d));
    }
}
