package dev.big.bench.campaign;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Everything one campaign measured, as {@code latest.json}: how it was run (command, date, the code
 * measured, records, budget, machine, how busy the machine was), every metric, and the facts the phases reported.
 * {@code --check} compares its metrics with {@code baseline.json}.
 */
public record CampaignResults(String command, String date, String source, long records, String layout, long seed,
                              String budget, double wallSeconds, Machine machine, double loadAverageStart, double loadAverageEnd,
                              List<Metric> metrics, Map<String, String> facts) {

    public CampaignResults {
        Set<String> names = new HashSet<>();
        for (Metric metric : metrics) {
            if (!names.add(metric.name())) {
                // The baseline and --check find metrics by name: a second one would be compared with the first's entry.
                throw new IllegalArgumentException("two metrics are named " + metric.name() + "; names must identify metrics");
            }
        }
        metrics = List.copyOf(metrics);
        facts = Collections.unmodifiableMap(new TreeMap<>(facts)); // sorted: the JSON diffs well from run to run
    }

    public Optional<Metric> metric(String name) {
        return metrics.stream().filter(m -> m.name().equals(name)).findFirst();
    }

    void write(Path file) {
        try {
            PhaseOutput.JSON.writeValue(file.toFile(), this);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    static CampaignResults read(Path file) {
        try {
            return PhaseOutput.JSON.readValue(file.toFile(), CampaignResults.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the campaign results " + file, e);
        }
    }
}
