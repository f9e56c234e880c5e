package dev.big.bench.campaign;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Objects;

/**
 * One measured number of a campaign, as {@code latest.json} and {@code baseline.json} hold it.
 *
 * <p>{@code name} is {@code shape.stat.engine} ({@code count_ge.p50.big},
 * {@code count_ge.p50_ratio.big/duckdb}) and identifies the metric across runs. {@code better}
 * says which way is good; it follows from what the number is (a time: lower; a rate: higher; a
 * size: lower; a ratio big / peer: the way of the numbers it divides), and the factories below are
 * the only place that decides it, so a baseline that says otherwise is caught ({@link GateCheck}).
 */
public record Metric(String name, String shape, String engine, String stat, double value, String unit,
                     Better better, long records) {

    /** Which way a metric improves. */
    public enum Better {
        @JsonProperty("lower") LOWER,
        @JsonProperty("higher") HIGHER;

        /** How much worse {@code fresh} is than {@code reference}, as a factor ≥ 1 when worse, ≤ 1 when better. */
        public double worseBy(double fresh, double reference) {
            return this == LOWER ? fresh / reference : reference / fresh;
        }

        @Override
        public String toString() {
            return this == LOWER ? "lower" : "higher";
        }
    }

    public static final String MICROS = "us";
    public static final String NANOS = "ns";
    public static final String RECORDS_PER_SECOND = "records/s";
    public static final String BYTES_PER_RECORD = "bytes/record";
    public static final String TIMES = "x";

    public Metric {
        Objects.requireNonNull(name);
        Objects.requireNonNull(better);
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException(name + " is not a finite number: " + value);
        }
    }

    /** A time per operation in microseconds (lower is better). */
    public static Metric micros(String shape, String engine, String stat, double micros, long records) {
        return new Metric(name(shape, stat, engine), shape, engine, stat, micros, MICROS, Better.LOWER, records);
    }

    /** A time per operation in nanoseconds (lower is better). */
    public static Metric nanos(String shape, String engine, String stat, double nanos, long records) {
        return new Metric(name(shape, stat, engine), shape, engine, stat, nanos, NANOS, Better.LOWER, records);
    }

    /** Records written per second (higher is better). */
    public static Metric recordsPerSecond(String shape, String engine, String stat, double rate, long records) {
        return new Metric(name(shape, stat, engine), shape, engine, stat, rate, RECORDS_PER_SECOND, Better.HIGHER, records);
    }

    /** Bytes stored or written per record (lower is better). */
    public static Metric bytesPerRecord(String shape, String engine, String stat, double bytes, long records) {
        return new Metric(name(shape, stat, engine), shape, engine, stat, bytes, BYTES_PER_RECORD, Better.LOWER, records);
    }

    /**
     * {@code big / peer} of one shape and statistic: better the same way as the numbers divided,
     * so a latency ratio below 1 and a throughput ratio above 1 both mean big is ahead.
     */
    public static Metric ratio(Metric big, Metric peer) {
        if (!big.shape.equals(peer.shape) || !big.stat.equals(peer.stat) || big.better != peer.better
                || !big.unit.equals(peer.unit)) {
            throw new IllegalArgumentException("cannot divide " + big.name + " by " + peer.name);
        }
        String engines = big.engine + "/" + peer.engine;
        String stat = big.stat + "_ratio";
        return new Metric(name(big.shape, stat, engines), big.shape, engines, stat, big.value / peer.value, TIMES,
                big.better, big.records);
    }

    /** Whether this is a ratio of big to a peer. */
    @JsonIgnore
    public boolean isRatio() {
        return stat.endsWith("_ratio");
    }

    static String name(String shape, String stat, String engine) {
        return shape + "." + stat + "." + engine;
    }
}
