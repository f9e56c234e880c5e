package dev.big.bench.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Verdicts follow from a ratio and its direction: faster or slower, smaller or larger, or on par. */
class VerdictTest {

    @Test
    void aLatencyRatioBelowOneIsFaster() {
        Verdict verdict = Verdict.of(Metric.ratio(Metric.micros("count_ge", "big", "p50", 5, 1), Metric.micros("count_ge", "duckdb", "p50", 60, 1)));
        assertEquals("12× faster than duckdb", verdict.phrase());
        assertTrue(verdict.leads());
        assertEquals(12.0, verdict.factor(), 1e-9);
    }

    @Test
    void aLatencyRatioAboveOneIsSlower() {
        Verdict verdict = Verdict.of(Metric.ratio(Metric.micros("one_type", "big", "p50", 4.5, 1), Metric.micros("one_type", "lucene", "p50", 1.5, 1)));
        assertEquals("3.0× slower than lucene", verdict.phrase());
        assertFalse(verdict.leads());
    }

    @Test
    void aRateRatioAboveOneIsFaster() {
        Verdict verdict = Verdict.of(Metric.ratio(Metric.recordsPerSecond("bulk_load", "big", "median", 800_000, 1),
                Metric.recordsPerSecond("bulk_load", "sqlite", "median", 250_000, 1)));
        assertEquals("3.2× faster than sqlite", verdict.phrase());
        assertTrue(verdict.leads());
    }

    @Test
    void sizesAreSmallerOrLarger() {
        Verdict verdict = Verdict.of(Metric.ratio(Metric.bytesPerRecord("file_size", "big", "bytes_per_record", 15, 1),
                Metric.bytesPerRecord("file_size", "lucene", "bytes_per_record", 22.5, 1)));
        assertEquals("1.50× smaller than lucene", verdict.phrase());
    }

    @Test
    void withinFivePercentIsOnParAndNotALead() {
        Verdict verdict = Verdict.of(Metric.ratio(Metric.micros("window_1h", "big", "p50", 10, 1), Metric.micros("window_1h", "lucene", "p50", 10.3, 1)));
        assertEquals("on par with lucene (1.03× faster)", verdict.phrase());
        assertFalse(verdict.leads());
    }
}
