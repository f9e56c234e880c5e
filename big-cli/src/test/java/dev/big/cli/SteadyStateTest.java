package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link SteadyState}: the first run apart, windows of runs until one is no faster than the one
 * before, the median of the last, and how it is printed. Statements here sleep for set times, so
 * the assertions hold on a busy machine too (a sleep never returns early; it may return late).
 */
class SteadyStateTest {

    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    @Test
    void theFirstRunIsKeptApartFromTheMedianOfTheRunsAfterIt() {
        int[] calls = {0};
        SteadyState time = SteadyState.measure(() -> {
            if (calls[0]++ == 0) {
                sleep(200);
            }
        }, 20 * MS);
        assertTrue(time.firstNanos() >= 200 * MS, time.toString());
        assertTrue(time.medianNanos() < 100 * MS, "the slow first run is not in the median: " + time);
        assertTrue(calls[0] > time.runs() + 1, "two windows at least after the first run: " + calls[0] + ", " + time);
        assertTrue(time.windowNanos() >= 20 * MS && time.spentNanos() >= 40 * MS, time.toString());
    }

    @Test
    void aStatementThatGetsFasterRunsUntilAWindowIsNoFasterThanTheOneBefore() {
        // The first run, then a window of 3 runs of 20 ms (as if interpreted), then windows of 3 runs of 10 ms
        // (as if compiled): the second window is twice as fast as the first, the third as fast as the second.
        int[] calls = {0};
        SteadyState time = SteadyState.measure(() -> sleep(calls[0]++ == 0 ? 0 : calls[0] <= 4 ? 20 : 10), 0);
        assertEquals(SteadyState.MIN_RUNS, time.runs());
        assertTrue(calls[0] >= 1 + 3 * SteadyState.MIN_RUNS, "three windows at least: " + calls[0] + ", " + time);
        assertTrue(time.settled(), time.toString());
        assertTrue(time.medianNanos() >= 10 * MS && time.medianNanos() < 20 * MS, time.toString());
    }

    @Test
    void theMedianIsTheMiddleRunNotTheMeanNorTheSlowest() {
        long[] millis = {600, 10, 30};
        int[] calls = {0};
        // Windows of 3 runs of 600, 10 and 30 ms: the median is the 30 ms one (the mean is over 210 ms). The
        // gaps are wide so that a busy machine, which stretched a 3 ms sleep to 27 ms, cannot reorder them.
        SteadyState time = SteadyState.measure(() -> sleep(calls[0]++ == 0 ? 0 : millis[(calls[0] - 2) % 3]), 0);
        assertEquals(3, time.runs());
        assertTrue(time.medianNanos() >= 30 * MS && time.medianNanos() < 200 * MS, time.toString());
    }

    @Test
    void aQuickStatementStopsAfterTenWindowsAtMost() {
        int[] calls = {0};
        SteadyState time = SteadyState.measure(() -> calls[0]++, 0);
        assertEquals(SteadyState.MIN_RUNS, time.runs());
        assertTrue(calls[0] >= 1 + 2 * SteadyState.MIN_RUNS && calls[0] <= 1 + SteadyState.MAX_WINDOWS * SteadyState.MIN_RUNS,
                calls[0] + " calls");
    }

    @Test
    void timesBelowOneHundredMicrosecondsKeepThreeDigits() {
        assertEquals("1.21 µs", SteadyState.time(1_210));
        assertEquals("0.57 µs", SteadyState.time(570));
        assertEquals("65.9 µs", SteadyState.time(65_900));
        assertEquals("766 µs", SteadyState.time(766_000));
        assertEquals("1.5 ms", SteadyState.time(1_500_000));
        assertEquals("first run 296.6 ms, steady state 3.21 µs (median of 140,952 runs in the last 500.0 ms of 1.50 s)",
                new SteadyState(296_600_000, 3_210, 140_952, 500_000_000, 1_500_000_000, true).describe());
        SteadyState unsettled = new SteadyState(296_600_000, 3_210, 140_952, 500_000_000, 5_000_000_000L, false);
        assertFalse(unsettled.settled());
        assertEquals("first run 296.6 ms, steady state 3.21 µs (median of 140,952 runs in the last 500.0 ms of 5.00 s,"
                + " still getting faster)", unsettled.describe());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
