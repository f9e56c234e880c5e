package dev.big.bench.campaign;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One engine's query metrics from its forks (JVMs run one after another): each statistic is the
 * median over the forks of that statistic (with two forks, their mean), so one fork's JIT luck,
 * good or bad, counts for half.
 */
final class Forks {

    static List<Metric> combine(List<PhaseOutput> forks) {
        Map<String, List<Metric>> byName = new LinkedHashMap<>();
        for (PhaseOutput fork : forks) {
            for (Metric metric : fork.metrics()) {
                byName.computeIfAbsent(metric.name(), n -> new ArrayList<>()).add(metric);
            }
        }
        List<Metric> combined = new ArrayList<>();
        for (List<Metric> same : byName.values()) {
            double[] values = same.stream().mapToDouble(Metric::value).sorted().toArray();
            int mid = values.length / 2;
            double median = values.length % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
            Metric first = same.getFirst();
            combined.add(new Metric(first.name(), first.shape(), first.engine(), first.stat(), median, first.unit(),
                    first.better(), first.records()));
        }
        return combined;
    }

    private Forks() {}
}
