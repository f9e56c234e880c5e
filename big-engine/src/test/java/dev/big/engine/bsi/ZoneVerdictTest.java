package dev.big.engine.bsi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The zone-map rule against a model: random columns of values (empty ones, single-valued ones,
 * extremes) and random predicates of every operator, with constants on, beside and between the
 * columns' values. A skipped column holds no match, a column counted whole holds only matches, and
 * a decided verdict's count is the true count.
 */
class ZoneVerdictTest {

    @Test
    void skippedColumnsHoldNoMatchAndWholeColumnsOnlyMatches() {
        long seed = Long.getLong("big.seed", System.nanoTime());
        Random random = new Random(seed);
        int decided = 0;
        for (int round = 0; round < 20_000; round++) {
            List<List<Long>> columns = randomColumns(random);
            ZoneMap zone = new ZoneMap();
            for (int c = 0; c < ZoneMap.COLUMNS; c++) {
                for (long value : columns.get(c)) {
                    zone.add(c, value);
                }
            }
            RangePredicate predicate = randomPredicate(random, columns);
            ZoneVerdict verdict = ZoneVerdict.of(zone, predicate);
            String where = predicate + " on " + columns + " (seed " + seed + ")";
            assertEquals(ZoneVerdict.ALL_COLUMNS, verdict.skipped() | verdict.whole() | verdict.scanned() | verdict.empty(), where);
            assertEquals(ZoneVerdict.ALL_COLUMNS, verdict.skipped() ^ verdict.whole() ^ verdict.scanned() ^ verdict.empty(), where);
            long matches = 0;
            for (int c = 0; c < ZoneMap.COLUMNS; c++) {
                int bit = 1 << c;
                long columnMatches = columns.get(c).stream().filter(v -> matches(predicate, v)).count();
                matches += columnMatches;
                assertEquals(columns.get(c).isEmpty(), (verdict.empty() & bit) != 0, "empty column " + c + ": " + where);
                if ((verdict.skipped() & bit) != 0) {
                    assertEquals(0, columnMatches, "skipped column " + c + ": " + where);
                }
                if ((verdict.whole() & bit) != 0) {
                    assertEquals(columns.get(c).size(), columnMatches, "whole column " + c + ": " + where);
                }
            }
            if (verdict.decided()) {
                decided++;
                assertEquals(matches, verdict.wholeCount(zone), "decided count: " + where);
            }
        }
        assertTrue(decided > 1_000, "few verdicts were decided (" + decided + "): the model hardly tests the counts");
    }

    private static List<List<Long>> randomColumns(Random random) {
        List<List<Long>> columns = new ArrayList<>();
        long center = random.nextInt(3) == 0 ? (random.nextBoolean() ? Long.MAX_VALUE - 50 : Long.MIN_VALUE + 50) : 0;
        for (int c = 0; c < ZoneMap.COLUMNS; c++) {
            List<Long> values = new ArrayList<>();
            int n = switch (random.nextInt(4)) {
                case 0 -> 0;
                case 1 -> 1;
                default -> random.nextInt(6);
            };
            long from = center + random.nextInt(41) - 20;
            for (int i = 0; i < n; i++) {
                values.add(random.nextInt(3) == 0 ? from : from + random.nextInt(10));
            }
            columns.add(values);
        }
        return columns;
    }

    private static RangePredicate randomPredicate(Random random, List<List<Long>> columns) {
        List<Long> all = columns.stream().flatMap(List::stream).toList();
        long a = constant(random, all);
        RangePredicate.Op op = RangePredicate.Op.values()[random.nextInt(RangePredicate.Op.values().length)];
        return op == RangePredicate.Op.BETWEEN ? RangePredicate.between(a, constant(random, all)) : RangePredicate.of(op, a);
    }

    /** A value of the data, one beside it, or an extreme. */
    private static long constant(Random random, List<Long> values) {
        if (values.isEmpty() || random.nextInt(8) == 0) {
            return random.nextBoolean() ? Long.MAX_VALUE : Long.MIN_VALUE;
        }
        long value = values.get(random.nextInt(values.size()));
        int step = random.nextInt(3) - 1;
        return (step > 0 && value == Long.MAX_VALUE) || (step < 0 && value == Long.MIN_VALUE) ? value : value + step;
    }

    private static boolean matches(RangePredicate predicate, long value) {
        return switch (predicate.op()) {
            case EQ -> value == predicate.a();
            case NE -> value != predicate.a();
            case LT -> value < predicate.a();
            case LE -> value <= predicate.a();
            case GT -> value > predicate.a();
            case GE -> value >= predicate.a();
            case BETWEEN -> predicate.a() <= value && value <= predicate.b();
        };
    }
}
