package dev.big.engine.bsi;

import dev.big.engine.Txn;
import dev.big.engine.check.StoreCheckReport;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks a field's {@link OrderIndex} against its planes: every node of every level must count
 * exactly the records whose values fall under it, and no node may exist that the values do not
 * make. Range counts, ranks and quantiles of the field read the index alone, so an entry that is
 * off answers them wrong without a plane being read.
 *
 * <p>The values are read from the planes once and sorted (eight bytes per record of the field);
 * each level is then compared in key order with the stored nodes of that level, streaming.
 */
public final class OrderIndexCheck {

    /** Problems quoted per field before the rest are summed up in one line. */
    static final int QUOTED = 10;

    private OrderIndexCheck() {}

    /** What is wrong with {@code field}'s order index, as problems; {@code where} names the field. */
    public static List<StoreCheckReport.Problem> check(Txn txn, BsiField field, String where) {
        OrderIndex.ValueCounts values = OrderIndex.countsFromPlanes(txn, field);
        OrderIndex index = OrderIndex.of(txn, field);
        List<String> wrong = new ArrayList<>();
        long[] found = {0};
        for (int level = 0; level < OrderIndex.LEVELS; level++) {
            compareLevel(index, values, level, wrong, found);
        }
        List<StoreCheckReport.Problem> problems = new ArrayList<>();
        for (String message : wrong) {
            problems.add(new StoreCheckReport.Problem(StoreCheckReport.Problem.NO_PAGE, "order index", "order index of "
                    + where + ": " + message + ". Range counts, ranks and quantiles of the field read the index, so they"
                    + " answer wrong; rebuild the index (drop it and create it again) or restore from an export"));
        }
        if (found[0] > wrong.size()) {
            problems.add(new StoreCheckReport.Problem(StoreCheckReport.Problem.NO_PAGE, "order index", "order index of "
                    + where + ": " + (found[0] - wrong.size()) + " more entries disagree with the planes"));
        }
        return problems;
    }

    /**
     * Compares the expected entries of {@code level} (made from the sorted values: each run of
     * values sharing a prefix and digit) with the stored nodes of the level, both in key order.
     */
    private static void compareLevel(OrderIndex index, OrderIndex.ValueCounts values, int level,
                                     List<String> wrong, long[] found) {
        int[] next = {0}; // the next value run not yet compared
        long from = OrderIndex.key(level, 0);
        long to = OrderIndex.key(level, level == OrderIndex.LEVELS - 1 ? 0 : -1L >>> (8 * (level + 1)));
        index.forEachNode(from, to, (nodeLevel, prefix, node) -> {
            // Expected entries before this node's prefix are missing from the index.
            while (next[0] < values.size() && Long.compareUnsigned(prefixOf(values, next[0], level), prefix) < 0) {
                long[] entry = expected(values, next, level);
                note(wrong, found, describe(level, entry[0], (int) entry[1]) + " is missing: the planes hold " + entry[2]
                        + " records there");
            }
            int i = 0;
            while (next[0] < values.size() && prefixOf(values, next[0], level) == prefix) {
                long[] entry = expected(values, next, level);
                while (i < node.size && node.digits[i] < entry[1]) {
                    note(wrong, found, describe(level, prefix, node.digits[i]) + " counts " + node.counts[i]
                            + " records; the planes hold none there");
                    i++;
                }
                if (i < node.size && node.digits[i] == entry[1]) {
                    if (node.counts[i] != entry[2]) {
                        note(wrong, found, describe(level, prefix, node.digits[i]) + " counts " + node.counts[i]
                                + " records; the planes hold " + entry[2]);
                    }
                    i++;
                } else {
                    note(wrong, found, describe(level, prefix, (int) entry[1]) + " is missing: the planes hold "
                            + entry[2] + " records there");
                }
            }
            for (; i < node.size; i++) {
                note(wrong, found, describe(level, prefix, node.digits[i]) + " counts " + node.counts[i]
                        + " records; the planes hold none there");
            }
        });
        while (next[0] < values.size()) {
            long[] entry = expected(values, next, level);
            note(wrong, found, describe(level, entry[0], (int) entry[1]) + " is missing: the planes hold " + entry[2]
                    + " records there");
        }
    }

    private static long prefixOf(OrderIndex.ValueCounts values, int i, int level) {
        return OrderIndex.prefix(values.values()[i] ^ Long.MIN_VALUE, level);
    }

    /** The next expected (prefix, digit, records) entry of {@code level}, consuming its value runs. */
    private static long[] expected(OrderIndex.ValueCounts values, int[] next, int level) {
        long ordered = values.values()[next[0]] ^ Long.MIN_VALUE;
        long prefix = OrderIndex.prefix(ordered, level);
        int digit = OrderIndex.digit(ordered, level);
        long records = 0;
        while (next[0] < values.size()) {
            long o = values.values()[next[0]] ^ Long.MIN_VALUE;
            if (OrderIndex.prefix(o, level) != prefix || OrderIndex.digit(o, level) != digit) {
                break;
            }
            records += values.counts()[next[0]++];
        }
        return new long[] {prefix, digit, records};
    }

    private static void note(List<String> wrong, long[] found, String message) {
        found[0]++;
        if (wrong.size() < QUOTED) {
            wrong.add(message);
        }
    }

    /** The entry and the values it covers, in the field's terms. */
    private static String describe(int level, long prefix, int digit) {
        long first = ((level == OrderIndex.LEVELS - 1 ? 0 : prefix << 8) | digit) << (8 * level);
        long last = first | (level == 0 ? 0 : -1L >>> (64 - 8 * level));
        String values = level == 0 ? "value " + (first ^ Long.MIN_VALUE)
                : "values " + (first ^ Long.MIN_VALUE) + ".." + (last ^ Long.MIN_VALUE);
        return "the entry of level " + level + " for " + values;
    }
}
