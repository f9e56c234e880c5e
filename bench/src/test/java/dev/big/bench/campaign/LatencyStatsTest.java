package dev.big.bench.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Nearest-rank percentiles of timed calls, in microseconds, whatever order the calls came in. */
class LatencyStatsTest {

    @Test
    void percentilesOfAHundredCalls() {
        long[] nanos = new long[150];
        for (int i = 0; i < 100; i++) {
            nanos[i] = (100 - i) * 1_000L; // 100 µs .. 1 µs, descending
        }
        LatencyStats stats = LatencyStats.of(nanos, 100);
        assertEquals(100, stats.calls());
        assertEquals(50, stats.p50());
        assertEquals(95, stats.p95());
        assertEquals(99, stats.p99());
        assertEquals(100, stats.max());
    }

    @Test
    void oneCallIsEveryPercentile() {
        LatencyStats stats = LatencyStats.of(new long[] {2_500}, 1);
        assertEquals(2.5, stats.p50());
        assertEquals(2.5, stats.p99());
        assertEquals(2.5, stats.max());
    }
}
