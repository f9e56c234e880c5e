package dev.big.bench.campaign;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code --check}: every baseline metric of the fresh run's record count is looked up in the
 * results and compared in its own direction. A metric more than its tolerance worse is a
 * regression; one that is missing from the results, or whose direction or unit the baseline
 * states differently from how the campaign measures it, fails the check too (a wrong direction
 * would let "reclaimed nothing" pass as an improvement).
 */
final class GateCheck {

    /** What a check found; {@link #describe()} is what the command prints. */
    record Outcome(long records, int checked, List<String> regressions, List<String> improvements) {

        boolean passed() {
            return regressions.isEmpty() && checked > 0;
        }

        String describe() {
            StringBuilder text = new StringBuilder();
            if (checked == 0) {
                text.append("big bench --check: the baseline has no metrics for ").append(records)
                        .append(" records; run with the record count it was written for, or write one with --write-baseline\n");
                return text.toString();
            }
            if (!improvements.isEmpty()) {
                text.append("improved beyond tolerance (consider --write-baseline):\n");
                improvements.forEach(line -> text.append("  ").append(line).append('\n'));
            }
            if (regressions.isEmpty()) {
                text.append("big bench --check: ").append(checked).append(" metrics within tolerance of the baseline\n");
            } else {
                text.append("big bench --check: ").append(regressions.size()).append(" of ").append(checked)
                        .append(" metrics regressed:\n");
                regressions.forEach(line -> text.append("  ").append(line).append('\n'));
            }
            return text.toString();
        }
    }

    static Outcome check(Baseline baseline, CampaignResults results) {
        List<String> regressions = new ArrayList<>();
        List<String> improvements = new ArrayList<>();
        int checked = 0;
        for (Baseline.Entry entry : baseline.metrics()) {
            if (entry.records() != results.records()) {
                continue;
            }
            checked++;
            Optional<Metric> found = results.metric(entry.name());
            if (found.isEmpty()) {
                regressions.add(entry.name() + ": not measured by this run (the baseline guards it)");
                continue;
            }
            Metric fresh = found.get();
            if (fresh.better() != entry.better()) {
                regressions.add(entry.name() + ": the baseline says " + entry.better() + " is better, the campaign measures "
                        + fresh.better() + " as better; fix the baseline's direction");
                continue;
            }
            if (!fresh.unit().equals(entry.unit())) {
                regressions.add(entry.name() + ": measured in " + fresh.unit() + ", the baseline's value is in " + entry.unit());
                continue;
            }
            double worseBy = entry.better().worseBy(fresh.value(), entry.value());
            String line = String.format(Locale.ROOT, "%s: %s %s, baseline %s (%s is better, tolerance %.0f%%): %s",
                    entry.name(), number(fresh.value()), fresh.unit(), number(entry.value()), entry.better(),
                    entry.tolerance() * 100, worseBy >= 1 ? Verdict.times(worseBy) + " worse" : Verdict.times(1 / worseBy) + " better");
            if (!(worseBy <= 1 + entry.tolerance())) {
                regressions.add(line);
            } else if (worseBy < 1 / (1 + entry.tolerance())) {
                improvements.add(line);
            }
        }
        return new Outcome(results.records(), checked, regressions, improvements);
    }

    static String number(double value) {
        double magnitude = Math.abs(value);
        return String.format(Locale.ROOT, magnitude >= 100 ? "%,.0f" : magnitude >= 1 ? "%.2f" : "%.4f", value);
    }

    private GateCheck() {}
}
