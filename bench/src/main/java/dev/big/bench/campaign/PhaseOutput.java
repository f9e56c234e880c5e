package dev.big.bench.campaign;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one phase JVM hands back to the campaign, as a JSON file: its metrics, and facts that are
 * not numbers to gate (answer digests, counts of calls, notes), by name.
 */
public record PhaseOutput(List<Metric> metrics, Map<String, String> facts) {

    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public PhaseOutput {
        metrics = List.copyOf(metrics);
        facts = Collections.unmodifiableMap(new TreeMap<>(facts)); // sorted: the JSON diffs well from run to run
    }

    /** Collects a phase's output as it runs. */
    static final class Builder {
        private final List<Metric> metrics = new ArrayList<>();
        private final Map<String, String> facts = new LinkedHashMap<>();

        Builder metric(Metric metric) {
            metrics.add(metric);
            return this;
        }

        Builder fact(String name, Object value) {
            facts.put(name, String.valueOf(value));
            return this;
        }

        PhaseOutput build() {
            return new PhaseOutput(metrics, facts);
        }
    }

    void write(Path file) {
        try {
            JSON.writeValue(file.toFile(), this);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    static PhaseOutput read(Path file) {
        try {
            return JSON.readValue(file.toFile(), PhaseOutput.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the phase output " + file, e);
        }
    }
}
