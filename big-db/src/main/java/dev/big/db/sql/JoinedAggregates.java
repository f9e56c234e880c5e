package dev.big.db.sql;

import dev.big.db.Aggregate;
import dev.big.db.FieldType;
import dev.big.db.query.Quantiles;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Aggregates of joined rows computed in memory, for what the bitmaps cannot answer through a join
 * ({@link JoinRunner}'s hash join): per group, each aggregate over the rows its FILTER keeps. The
 * values are those the bitmap engine gives the same aggregate ({@link TypedApiAggregates#valueOf},
 * {@link Quantiles}), so a join answers with one table's types: counts Long, sums and averages as
 * the column's kind makes them, min, max and quantiles the column's values.
 */
final class JoinedAggregates {

    /** Which joined rows an aggregate counts (its FILTER). */
    interface RowFilter {
        RowFilter ALL = row -> true;

        boolean test(Object[][] row);
    }

    /** The value an aggregate reads of a joined row (null: NULL). */
    interface RowValue {
        Object of(Object[][] row);
    }

    /** One aggregate: the call, its column (null for count(*)), its FILTER and how its value is read. */
    record Slot(AggregateCall call, TableBinding.BoundColumn column, RowFilter filter, RowValue value) {}

    private final Slot[] slots;
    private final Map<List<Object>, State[]> groups = new LinkedHashMap<>();

    JoinedAggregates(Slot[] slots) {
        this.slots = slots;
    }

    /** Adds joined {@code row} to the group of {@code key}. */
    void add(List<Object> key, Object[][] row) {
        State[] states = groups.computeIfAbsent(key, k -> newStates());
        for (int i = 0; i < slots.length; i++) {
            Slot slot = slots[i];
            if (!slot.filter().test(row)) {
                continue;
            }
            if (slot.call().function() == AggregateCall.Function.COUNT_STAR) {
                states[i].count++;
                continue;
            }
            Object value = slot.value().of(row);
            if (value != null) {
                states[i].add(slot, value);
            }
        }
    }

    /** Per group: its key values, then its aggregates by slot; one group of no rows when {@code oneRow} and none was seen. */
    List<Object[]> groups(boolean oneRow) {
        if (oneRow && groups.isEmpty()) {
            groups.put(List.of(), newStates());
        }
        List<Object[]> rows = new ArrayList<>(groups.size());
        for (Map.Entry<List<Object>, State[]> group : groups.entrySet()) {
            List<Object> key = group.getKey();
            Object[] row = new Object[key.size() + slots.length];
            for (int k = 0; k < key.size(); k++) {
                row[k] = key.get(k);
            }
            for (int i = 0; i < slots.length; i++) {
                row[key.size() + i] = group.getValue()[i].value(slots[i]);
            }
            rows.add(row);
        }
        return rows;
    }

    private State[] newStates() {
        State[] states = new State[slots.length];
        for (int i = 0; i < states.length; i++) {
            states[i] = new State();
        }
        return states;
    }

    /**
     * What one aggregate has seen of one group: a count, the distinct values (count(DISTINCT)),
     * the sum and extremes of the stored numbers (sum, avg, min, max), or every stored number
     * (median, quantile_disc, which need them all).
     */
    private static final class State {
        long count;
        private Set<Object> distinct;
        private BigInteger sum = BigInteger.ZERO;
        private long partial;
        private long min = Long.MAX_VALUE;
        private long max = Long.MIN_VALUE;
        private long[] numbers;

        void add(Slot slot, Object value) {
            count++;
            switch (slot.call().function()) {
                case COUNT, COUNT_STAR -> { }
                case COUNT_DISTINCT -> {
                    if (distinct == null) {
                        distinct = new HashSet<>();
                    }
                    distinct.add(value);
                }
                case SUM, AVG, MIN, MAX -> {
                    long number = slot.column().scalarKind().storedOf(value);
                    min = Math.min(min, number);
                    max = Math.max(max, number);
                    try {
                        partial = Math.addExact(partial, number);
                    } catch (ArithmeticException e) {
                        sum = sum.add(BigInteger.valueOf(partial));
                        partial = number;
                    }
                }
                case MEDIAN, QUANTILE_DISC -> {
                    if (numbers == null) {
                        numbers = new long[16];
                    } else if (count > numbers.length) {
                        numbers = Arrays.copyOf(numbers, numbers.length * 2);
                    }
                    numbers[(int) count - 1] = slot.column().scalarKind().storedOf(value);
                }
            }
        }

        Object value(Slot slot) {
            AggregateCall call = slot.call();
            return switch (call.function()) {
                case COUNT_STAR, COUNT -> count;
                case COUNT_DISTINCT -> distinct == null ? 0L : (long) distinct.size();
                case SUM, MIN, MAX, AVG -> TypedApiAggregates.valueOf(call.function(), slot.column(), new Aggregate(count,
                        sum.add(BigInteger.valueOf(partial)), count == 0 ? OptionalLong.empty() : OptionalLong.of(min),
                        count == 0 ? OptionalLong.empty() : OptionalLong.of(max)));
                case MEDIAN, QUANTILE_DISC -> numbers == null ? null : Quantiles.of(call.fraction(),
                        call.function() == AggregateCall.Function.MEDIAN, slot.column().scalarKind(),
                        slot.column().type() == FieldType.TIMESTAMP, numbers, (int) count);
            };
        }
    }
}
