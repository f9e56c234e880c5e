package dev.big.bench.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.bench.campaign.Metric.Better;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code --check} flags what got worse beyond its tolerance, in the metric's own direction, and nothing else. */
class GateCheckTest {

    static final long RECORDS = 200_000;

    @Test
    void aLatencyRatioWorseBeyondItsToleranceIsARegression() {
        Baseline baseline = baseline(entry("count_ge.p50_ratio.big/duckdb", 0.10, Metric.TIMES, Better.LOWER, 0.5));
        assertTrue(check(baseline, metric("count_ge.p50_ratio.big/duckdb", 0.149, Metric.TIMES, Better.LOWER)).passed());
        GateCheck.Outcome worse = check(baseline, metric("count_ge.p50_ratio.big/duckdb", 0.16, Metric.TIMES, Better.LOWER));
        assertFalse(worse.passed());
        assertEquals(1, worse.regressions().size());
        assertTrue(worse.regressions().getFirst().contains("1.60× worse"), worse.regressions().getFirst());
        assertTrue(worse.describe().contains("1 of 1 metrics regressed"), worse.describe());
    }

    @Test
    void aRateThatFallsBeyondItsToleranceIsARegressionAndOneThatRisesIsNot() {
        Baseline baseline = baseline(entry("ingest_100.median.big", 100_000, Metric.RECORDS_PER_SECOND, Better.HIGHER, 0.5));
        assertTrue(check(baseline, metric("ingest_100.median.big", 70_000, Metric.RECORDS_PER_SECOND, Better.HIGHER)).passed());
        assertFalse(check(baseline, metric("ingest_100.median.big", 60_000, Metric.RECORDS_PER_SECOND, Better.HIGHER)).passed());
        GateCheck.Outcome faster = check(baseline, metric("ingest_100.median.big", 400_000, Metric.RECORDS_PER_SECOND, Better.HIGHER));
        assertTrue(faster.passed());
        assertEquals(1, faster.improvements().size(), "a big improvement is pointed out");
    }

    /** A reclaim ratio recorded as lower-is-better would pass "reclaimed nothing": the direction is checked. */
    @Test
    void aBaselineWithTheWrongDirectionFails() {
        Baseline baseline = baseline(entry("bulk_load.median_ratio.big/sqlite", 3.0, Metric.TIMES, Better.LOWER, 0.5));
        GateCheck.Outcome outcome = check(baseline, metric("bulk_load.median_ratio.big/sqlite", 0.01, Metric.TIMES, Better.HIGHER));
        assertFalse(outcome.passed());
        assertTrue(outcome.regressions().getFirst().contains("fix the baseline's direction"), outcome.regressions().getFirst());
    }

    @Test
    void aGuardedMetricTheRunDidNotMeasureFails() {
        Baseline baseline = baseline(entry("latest_50.p50.big", 70, Metric.MICROS, Better.LOWER, 3.0));
        GateCheck.Outcome outcome = check(baseline, metric("count_ge.p50.big", 10, Metric.MICROS, Better.LOWER));
        assertFalse(outcome.passed());
        assertTrue(outcome.regressions().getFirst().contains("not measured"), outcome.regressions().getFirst());
    }

    @Test
    void aBaselineForAnotherRecordCountChecksNothingAndFails() {
        Baseline baseline = new Baseline("test", List.of(new Baseline.Entry("count_ge.p50.big", 10_000_000, 50, Metric.MICROS,
                Better.LOWER, 3.0, "test")));
        GateCheck.Outcome outcome = check(baseline, metric("count_ge.p50.big", 10, Metric.MICROS, Better.LOWER));
        assertFalse(outcome.passed());
        assertEquals(0, outcome.checked());
        assertTrue(outcome.describe().contains("no metrics for 200000 records"), outcome.describe());
    }

    /** The gate finds metrics by name, so results holding two of one name are refused, not half-checked. */
    @Test
    void resultsWithTwoMetricsOfOneNameAreRefused() {
        Metric small = metric("file_size.bytes_per_record.big", 12, Metric.BYTES_PER_RECORD, Better.LOWER);
        Metric large = metric("file_size.bytes_per_record.big", 14, Metric.BYTES_PER_RECORD, Better.LOWER);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> check(baseline(), small, large));
        assertTrue(e.getMessage().contains("file_size.bytes_per_record.big"), e.getMessage());
    }

    private static Baseline baseline(Baseline.Entry... entries) {
        return new Baseline("test", List.of(entries));
    }

    private static Baseline.Entry entry(String name, double value, String unit, Better better, double tolerance) {
        return new Baseline.Entry(name, RECORDS, value, unit, better, tolerance, "test");
    }

    private static Metric metric(String name, double value, String unit, Better better) {
        String[] parts = name.split("\\.");
        return new Metric(name, parts[0], parts[2], parts[1], value, unit, better, RECORDS);
    }

    private static GateCheck.Outcome check(Baseline baseline, Metric... metrics) {
        CampaignResults results = new CampaignResults("test", "now", "commit 0", RECORDS, "dense", 42, "quick", 1, Machine.current(), 0, 0,
                List.of(metrics), Map.of());
        return GateCheck.check(baseline, results);
    }
}
