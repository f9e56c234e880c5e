package dev.big.bench.campaign;

import dev.big.bench.compare.PeerEngines;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * {@code bench/baseline.json}: the metrics {@code ./big bench --check} guards, each with the value
 * of the run it was taken from, which way is better, how much worse a fresh run may be, and why.
 *
 * <p>A tolerance {@code t} lets a metric get {@code 1 + t} times worse: a lower-is-better value
 * may grow to {@code value * (1 + t)}, a higher-is-better one may fall to {@code value / (1 + t)}.
 * {@link #from} decides what is guarded and how tightly. The bands are what two quick campaigns an
 * hour apart on the shared two-core machine showed (2026-12-01): p50 and load-rate ratios moved by
 * up to 1.64×, durable-ingest ratios by up to 3.0× and big's own ingest rate by 10× (the fsync
 * latency of the shared disk changed tenfold for every engine), so:
 * <ul>
 *   <li>ratios big (SQL) / peer of p50 latency and of load rates: 100% (a 2× slip), measured side
 *       by side in one run;</li>
 *   <li>ratios big / peer of durable ingest rates: 300% (4×): fsync-bound, and the disk's fsync
 *       latency does not fall on every engine's runs alike;</li>
 *   <li>ratios of file size: 20%: sizes barely vary;</li>
 *   <li>big's own absolute p50 latencies and bulk-load rates: 300% (a 4× slowdown): only a collapse
 *       fails, the ratios are the real guard; big's absolute ingest rates are not gated, a 10×
 *       swing being the disk's;</li>
 *   <li>nothing measured once ({@code one_run}: the full campaign's load of every record): one
 *       sample has no spread to set a band by, and its ratios moved up to 4.8× between two runs;</li>
 *   <li>big's file size per record and bytes written per record (amplification): 5–10%, because
 *       they are counted, not timed.</li>
 * </ul>
 * Tail latencies, peers' own numbers and plane costs are reported, not gated.
 */
record Baseline(String about, List<Entry> metrics) {

    /**
     * One guarded metric. {@code records} is the record count of the campaign it was taken from
     * (a metric may be measured on fewer, as amplification is), which a fresh run must match.
     */
    record Entry(String name, long records, double value, String unit, Metric.Better better, double tolerance,
                 String reason) {}

    static final double RATIO_TOLERANCE = 1.0;
    static final double INGEST_RATIO_TOLERANCE = 3.0;
    static final double SIZE_RATIO_TOLERANCE = 0.2;
    static final double ABSOLUTE_TOLERANCE = 3.0;
    static final double SIZE_TOLERANCE = 0.1;
    static final double COUNTED_TOLERANCE = 0.05;

    Baseline {
        metrics = List.copyOf(metrics);
    }

    /** The baseline that guards {@code results}, with the default tolerances and reasons. */
    static Baseline from(CampaignResults results) {
        List<Entry> entries = new ArrayList<>();
        for (Metric m : results.metrics()) {
            Guard guard = guard(m);
            if (guard != null) {
                entries.add(new Entry(m.name(), results.records(), m.value(), m.unit(), m.better(), guard.tolerance(),
                        guard.reason()));
            }
        }
        String about = "Metrics ./big bench --check guards, per campaign record count (--quick: 200,000; the full"
                + " campaign: 10,000,000); the latest entries come from the run of " + results.date() + " ("
                + results.command() + "). A metric may get (1 + tolerance) times worse in its direction (better: lower or"
                + " higher) before it counts as a regression; only entries of the fresh run's record count are compared."
                + " Regenerate with --write-baseline (it replaces the entries of that record count only) after a"
                + " deliberate change, and say why in the commit.";
        return new Baseline(about, entries);
    }

    private record Guard(double tolerance, String reason) {}

    private static Guard guard(Metric m) {
        String direction = m.better() == Metric.Better.LOWER ? "lower is better" : "higher is better";
        if (m.isRatio() && m.engine().startsWith("big/")) {
            String peer = m.engine().substring("big/".length());
            if (m.stat().equals("p50_ratio")) {
                return new Guard(RATIO_TOLERANCE, String.format(Locale.ROOT,
                        "p50 latency of big (SQL) / %s on %s, same data, same run: noise mostly cancels in a ratio,"
                                + " which still moved up to 1.64x between two runs; %s (below 1 big is faster)",
                        peer, m.shape(), direction));
            }
            if (m.stat().equals("median_ratio")) {
                if (isIngest(m)) {
                    return new Guard(INGEST_RATIO_TOLERANCE, String.format(Locale.ROOT,
                            "durable records/s of big / %s on %s, same run: fsync-bound on a shared disk, the ratio moved"
                                    + " up to 3.0x between two runs; %s (above 1 big is faster)", peer, m.shape(), direction));
                }
                return new Guard(RATIO_TOLERANCE, String.format(Locale.ROOT,
                        "records/s of big / %s on %s, same run: %s (above 1 big is faster)", peer, m.shape(), direction));
            }
            if (m.stat().equals("bytes_per_record_ratio")) {
                return new Guard(SIZE_RATIO_TOLERANCE, String.format(Locale.ROOT,
                        "bytes per record of big / %s on disk: sizes barely vary between runs; %s", peer, direction));
            }
            return null;
        }
        if (!PeerEngines.BIG.contains(m.engine()) && !m.engine().startsWith("big@")) {
            return null;
        }
        if (m.stat().equals("p50")) {
            return new Guard(ABSOLUTE_TOLERANCE, String.format(Locale.ROOT,
                    "absolute p50 of %s on %s: the machine is shared and noisy, so only a 4x slowdown fails; %s",
                    m.engine(), m.shape(), direction));
        }
        if (m.stat().equals("median") && m.unit().equals(Metric.RECORDS_PER_SECOND) && m.engine().equals("big")
                && !isIngest(m)) {
            return new Guard(ABSOLUTE_TOLERANCE, String.format(Locale.ROOT,
                    "absolute records/s of big on %s: noisy machine and disk, so only a fall to a quarter fails; %s",
                    m.shape(), direction));
        }
        if (m.shape().equals("file_size") && m.engine().equals("big")) {
            return new Guard(SIZE_TOLERANCE, "big's file size per record after a bulk load: counted, not timed; " + direction);
        }
        if (m.shape().equals("amplification")) {
            return new Guard(COUNTED_TOLERANCE, String.format(Locale.ROOT,
                    "bytes written per record (every page written x 8 KiB / records) for %s: pages are counted, not"
                            + " timed, so growth beyond 5%% is a real regression; %s", m.engine(), direction));
        }
        return null;
    }

    /** Durable ingest at a capacity, and mixed single writes: bound by the disk's fsync latency. */
    private static boolean isIngest(Metric m) {
        return m.shape().startsWith("ingest_") || m.shape().equals(MixedWritesPhase.SHAPE);
    }

    /**
     * This baseline with every entry for {@code records} replaced by {@code fresh}'s: the quick and
     * the full campaign keep baselines of their own in one file.
     */
    Baseline replacing(long records, Baseline fresh) {
        List<Entry> merged = new ArrayList<>(metrics.stream().filter(e -> e.records() != records).toList());
        merged.addAll(fresh.metrics());
        merged.sort(Comparator.comparingLong(Entry::records));
        return new Baseline(fresh.about(), merged);
    }

    /** Reads {@code file} if it exists, else an empty baseline. */
    static Baseline readOrEmpty(Path file) {
        return Files.isRegularFile(file) ? read(file) : new Baseline("", List.of());
    }

    void write(Path file) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            PhaseOutput.JSON.writeValue(file.toFile(), this);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the baseline " + file, e);
        }
    }

    static Baseline read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("no baseline at " + file + "; write one with --write-baseline");
        }
        try {
            return PhaseOutput.JSON.readValue(file.toFile(), Baseline.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the baseline " + file + ": " + e.getMessage(), e);
        }
    }
}
