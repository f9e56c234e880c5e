package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@link SteadyState}: the first run apart, the median of the runs after it, and the runs it counts. */
class SteadyStateTest {

    @Test
    void theFirstRunIsKeptApartFromTheMedianOfTheRunsAfterIt() {
        int[] calls = {0};
        SteadyState time = SteadyState.measure(() -> {
            if (calls[0]++ == 0) {
                sleep(200);
            }
        }, TimeUnit.MILLISECONDS.toNanos(20));
        assertTrue(time.firstNanos() >= TimeUnit.MILLISECONDS.toNanos(200), time.toString());
        assertTrue(time.medianNanos() < TimeUnit.MILLISECONDS.toNanos(100), "the slow first run is not in the median: " + time);
        assertEquals(calls[0], time.runs() + 1, "runs counts the repeated runs, not the first");
        assertTrue(time.spentNanos() >= TimeUnit.MILLISECONDS.toNanos(20), time.toString());
    }

    @Test
    void aSlowStatementStillRunsTheMinimumNumberOfTimes() {
        int[] calls = {0};
        SteadyState time = SteadyState.measure(() -> calls[0]++, 0);
        assertEquals(SteadyState.MIN_RUNS, time.runs());
        assertEquals(SteadyState.MIN_RUNS + 1, calls[0]);
    }

    @Test
    void theMedianIsTheMiddleRunNotTheMean() {
        long[] millis = {0, 30, 1, 3};
        int[] calls = {0};
        // Budget 0: the first run and MIN_RUNS = 3 more, of 30, 1 and 3 ms; the median is the 3 ms one
        // (the mean would be over 11 ms), whatever the order they came in.
        SteadyState time = SteadyState.measure(() -> sleep(millis[calls[0]++]), 0);
        assertEquals(3, time.runs());
        assertTrue(time.medianNanos() >= 3_000_000 && time.medianNanos() < 11_000_000, time.toString());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void timesBelowOneHundredMicrosecondsKeepThreeDigits() {
        assertEquals("1.21 µs", SteadyState.time(1_210));
        assertEquals("0.57 µs", SteadyState.time(570));
        assertEquals("65.9 µs", SteadyState.time(65_900));
        assertEquals("766 µs", SteadyState.time(766_000));
        assertEquals("1.5 ms", SteadyState.time(1_500_000));
        assertEquals("first run 296.6 ms, steady state 3.21 µs (median of 281,904 runs in 1.00 s)",
                new SteadyState(296_600_000, 3_210, 281_904, 1_000_000_000).describe());
    }
}
