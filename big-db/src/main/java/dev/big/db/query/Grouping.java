package dev.big.db.query;

import dev.big.db.FieldType;
import dev.big.db.Filter;
import dev.big.db.InvalidInputException;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.db.field.ScalarKind;
import dev.big.engine.bsi.BsiReader;
import dev.big.engine.bsi.OrderIndex;
import dev.big.engine.coords.Coords;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.roaringbitmap.RoaringBitmap;

/**
 * GROUP BY one or more keys with any {@link Measure}s, from bitmaps: per shard, the matching
 * records are split into the groups of the keys ({@link GroupPartition}: a keyed or bool key by
 * intersecting its rows, an int or timestamp key by range scans of its planes) — and every group's
 * measures are counted on its records: cardinalities
 * for counts, one pass over the planes for sums and extremes, counting probes for quantiles
 * ({@link ValueRank}). No record is read.
 *
 * <p>Records without a value in a key form that key's NULL group. Without keys there is exactly one
 * group (aggregates over no records still make a row, as in SQL).
 */
public final class Grouping {

    /** One group: its key values (in key order; null for a NULL key) and its measures (in measure order). */
    public record Group(List<Object> key, List<Object> values) {}

    private final QueryEngine engine;
    private final TableInfo table;
    private final FilterEvaluator evaluator;

    public Grouping(QueryEngine engine, String tableName) {
        this.engine = engine;
        this.table = engine.catalog().table(tableName);
        this.evaluator = engine.evaluator(table);
    }

    /** The groups of the records matching {@code where}, in no particular order. */
    public List<Group> run(List<GroupKey> keys, Filter where, List<Measure> measures) {
        evaluator.validate(where);
        keys.forEach(this::validate);
        measures.forEach(this::validate);
        if (keys.isEmpty() && where instanceof Filter.All && measures.stream().allMatch(this::fromIndexes)) {
            List<Object> values = new ArrayList<>(measures.size());
            for (Measure measure : measures) {
                values.add(answerFromIndexes(measure));
            }
            return List.of(new Group(List.of(), values));
        }
        boolean countsOnly = measures.stream().allMatch(m -> m instanceof Measure.CountRecords c && c.filter() instanceof Filter.All);
        List<Map<List<Object>, GroupState>> shardGroups = ShardWorkers.map(engine, engine.shards(table), worker -> {
            FilterEvaluator shardEvaluator = worker.evaluator(table);
            GroupPartition partition = new GroupPartition(worker, table, shardEvaluator);
            return shard -> groupsOf(shard[0], keys, where, measures, countsOnly, shardEvaluator, partition);
        });
        Map<List<Object>, GroupState> groups = new LinkedHashMap<>();
        if (keys.isEmpty()) {
            groups.put(List.of(), new GroupState(measures.size()));
        }
        for (Map<List<Object>, GroupState> shard : shardGroups) {
            if (shard != null) {
                shard.forEach((labels, state) -> groups.merge(labels, state, GroupState::addAll));
            }
        }
        List<Group> result = new ArrayList<>(groups.size());
        for (var group : groups.entrySet()) {
            List<Object> values = new ArrayList<>(measures.size());
            for (int m = 0; m < measures.size(); m++) {
                values.add(group.getValue().value(measures.get(m), m));
            }
            result.add(new Group(group.getKey(), values));
        }
        return result;
    }

    /** The groups of one shard's records matching {@code where}, with that shard's part of their measures; null when none match. */
    private Map<List<Object>, GroupState> groupsOf(long shard, List<GroupKey> keys, Filter where, List<Measure> measures,
                                                   boolean countsOnly, FilterEvaluator evaluator, GroupPartition partition) {
        RoaringBitmap matching = where instanceof Filter.All ? evaluator.all(shard) : evaluator.evaluate(where, shard);
        if (matching.isEmpty()) {
            return null;
        }
        partition.shard(shard);
        Map<List<Object>, GroupState> groups = new LinkedHashMap<>();
        if (countsOnly) {
            // count(*) alone needs no group's records, only how many there are.
            partition.counts(keys, matching).forEach((labels, records) -> {
                GroupState state = groups.computeIfAbsent(labels, k -> new GroupState(measures.size()));
                java.util.Arrays.setAll(state.counts, m -> state.counts[m] + records);
            });
            return groups;
        }
        Map<List<Object>, RoaringBitmap> leaves = partition.records(keys, matching);
        ShardMeasures shardMeasures = new ShardMeasures(shard, partition, evaluator);
        for (var leaf : leaves.entrySet()) {
            GroupState state = groups.computeIfAbsent(leaf.getKey(), k -> new GroupState(measures.size()));
            for (int m = 0; m < measures.size(); m++) {
                shardMeasures.add(measures.get(m), leaf.getValue(), state, m);
            }
        }
        return groups;
    }

    private void validate(GroupKey key) {
        FieldInfo field = table.field(key.field());
        boolean ok = switch (key) {
            case GroupKey.Values v -> field.type() != FieldType.SET;
            case GroupKey.Buckets b -> field.type().isInteger();
        };
        if (!ok) {
            throw new InvalidInputException("cannot group by " + field.type().label() + " field '" + field.name() + "'");
        }
    }

    private void validate(Measure measure) {
        evaluator.validate(measure.filter());
        String name = switch (measure) {
            case Measure.CountRecords c -> null;
            case Measure.CountValues c -> c.field();
            case Measure.CountDistinct c -> c.field();
            case Measure.Stats s -> s.field();
            case Measure.Quantile q -> q.field();
        };
        if (name == null || FilterEvaluator.isId(name)) {
            return;
        }
        FieldInfo field = table.field(name);
        boolean ok = switch (measure) {
            case Measure.CountRecords c -> true;
            case Measure.CountValues c -> true;
            case Measure.CountDistinct c -> field.type() != FieldType.SET;
            case Measure.Stats s -> field.type().isInteger();
            case Measure.Quantile q -> field.type().isInteger();
        };
        if (!ok) {
            throw new InvalidInputException(measure + " does not apply to " + field.type().label() + " field '" + name + "'");
        }
    }

    // ------------------------------------------------------------------ measures

    /**
     * Up to this many records of a shard, {@code count(DISTINCT v)} of an int or timestamp field
     * reads every record's value ({@link BsiReader#readValues}: one word per plane and record)
     * instead of splitting the records into values by halving range scans. When most values are
     * distinct, as 3,600 20-bit values of an hour are, the halvings end in sets of 64 read anyway,
     * so the range scans were pure overhead: at 1,000,000 events {@code count(DISTINCT value)} of
     * an hour spent 26% of its time in them and 42% in per-record, per-plane container tests
     * (JFR). Above the limit, values shared by many records are cheaper to split than to read.
     */
    static final int DISTINCT_READ_LIMIT = 4_096;

    /** What one shard contributes to the measures of its groups; filter bitmaps are made once per shard. */
    private final class ShardMeasures {
        private final long shard;
        private final GroupPartition partition;
        private final FilterEvaluator evaluator;
        private final Map<Filter, RoaringBitmap> filters = new HashMap<>();
        private final Map<String, RoaringBitmap> present = new HashMap<>();

        ShardMeasures(long shard, GroupPartition partition, FilterEvaluator evaluator) {
            this.shard = shard;
            this.partition = partition;
            this.evaluator = evaluator;
        }

        private RoaringBitmap within(Measure measure, RoaringBitmap records) {
            if (measure.filter() instanceof Filter.All) {
                return records;
            }
            RoaringBitmap matching = filters.computeIfAbsent(measure.filter(), f -> evaluator.evaluate(f, shard));
            return RoaringBitmap.and(records, matching);
        }

        private RoaringBitmap withValue(String name, RoaringBitmap records) {
            if (FilterEvaluator.isId(name)) {
                return records;
            }
            RoaringBitmap values = present.computeIfAbsent(name, n -> evaluator.present(table.field(n), shard));
            return RoaringBitmap.and(records, values);
        }

        void add(Measure measure, RoaringBitmap groupRecords, GroupState state, int m) {
            RoaringBitmap records = within(measure, groupRecords);
            switch (measure) {
                case Measure.CountRecords c -> state.counts[m] += records.getLongCardinality();
                case Measure.CountValues c -> state.counts[m] += withValue(c.field(), records).getLongCardinality();
                case Measure.Stats s -> state.stats(m).add(evaluator.bsi(table.field(s.field())), shard, records);
                case Measure.CountDistinct d -> distinct(d.field(), records, state.distinct(m));
                case Measure.Quantile q -> {
                    RoaringBitmap values = withValue(q.field(), records);
                    if (!values.isEmpty()) {
                        state.parts(m).add(new ValueRank.Part(shard, values));
                    }
                }
            }
        }

        private void distinct(String name, RoaringBitmap records, Set<Object> values) {
            if (records.isEmpty()) {
                return;
            }
            if (FilterEvaluator.isId(name)) {
                records.forEach((int column) -> values.add(Coords.recordId(shard, column)));
                return;
            }
            FieldInfo field = table.field(name);
            if (field.type().isInteger()) {
                BsiReader reader = evaluator.bsi(field);
                if (records.getCardinality() <= DISTINCT_READ_LIMIT) {
                    reader.readValues(shard, records, values::add);
                    return;
                }
                new BucketPartition(reader, shard, new Bucketing.Identity((ScalarKind) field.kind()))
                        .split(reader.existing(shard, records), (value, part) -> values.add(value));
            } else if (field.type() == FieldType.KEYED && records.getCardinality() <= BucketPartition.READ_VALUES_LIMIT) {
                values.addAll(partition.idsByReading(field, records).keySet());
            } else {
                values.addAll(partition.rowsWithin(field, records).keySet());
            }
        }
    }

    /** A group's measures as the shards add to them. */
    private final class GroupState {
        final long[] counts;
        private final Object[] states;

        GroupState(int measures) {
            counts = new long[measures];
            states = new Object[measures];
        }

        GroupStats stats(int m) {
            if (states[m] == null) {
                states[m] = new GroupStats();
            }
            return (GroupStats) states[m];
        }

        @SuppressWarnings("unchecked")
        Set<Object> distinct(int m) {
            if (states[m] == null) {
                states[m] = new HashSet<>();
            }
            return (Set<Object>) states[m];
        }

        @SuppressWarnings("unchecked")
        List<ValueRank.Part> parts(int m) {
            if (states[m] == null) {
                states[m] = new ArrayList<ValueRank.Part>();
            }
            return (List<ValueRank.Part>) states[m];
        }

        /** Adds {@code other}'s measures (of other shards' records) to these; returns this. */
        @SuppressWarnings("unchecked")
        GroupState addAll(GroupState other) {
            for (int m = 0; m < counts.length; m++) {
                counts[m] += other.counts[m];
                switch (other.states[m]) {
                    case null -> { }
                    case GroupStats s -> stats(m).addAll(s);
                    case Set<?> values -> distinct(m).addAll(values);
                    case List<?> parts -> parts(m).addAll((List<ValueRank.Part>) parts);
                    default -> throw new IllegalStateException("unknown measure state " + other.states[m].getClass());
                }
            }
            return this;
        }

        Object value(Measure measure, int m) {
            return switch (measure) {
                case Measure.CountRecords c -> counts[m];
                case Measure.CountValues c -> counts[m];
                case Measure.CountDistinct d -> (long) distinct(m).size();
                case Measure.Stats s -> stats(m).aggregate();
                case Measure.Quantile q -> quantile(q, parts(m));
            };
        }
    }

    /**
     * Whether {@code measure} over every record is answered without a shard: a quantile or a
     * distinct count of a field with an order index, or a count of records.
     */
    private boolean fromIndexes(Measure measure) {
        return switch (measure) {
            case Measure.Quantile q -> q.filter() instanceof Filter.All && !FilterEvaluator.isId(q.field())
                    && table.field(q.field()).def().orderIndex();
            case Measure.CountDistinct d -> d.filter() instanceof Filter.All && !FilterEvaluator.isId(d.field())
                    && table.field(d.field()).def().orderIndex();
            case Measure.CountRecords c -> c.filter() instanceof Filter.All;
            default -> false;
        };
    }

    /** The value of a measure {@link #fromIndexes} answers. */
    private Object answerFromIndexes(Measure measure) {
        return switch (measure) {
            case Measure.Quantile q -> {
                FieldInfo field = table.field(q.field());
                yield quantile(q, field, ValueRanks.of(OrderIndex.of(engine.txn(), field.bsi())));
            }
            case Measure.CountRecords c -> engine.count(engine.plan(table, Filter.all(), QueryPlan.Ask.COUNT));
            case Measure.CountDistinct d -> OrderIndex.of(engine.txn(), table.field(d.field()).bsi()).distinctValues();
            default -> throw new IllegalStateException(measure + " is not answered from indexes");
        };
    }

    private Object quantile(Measure.Quantile quantile, List<ValueRank.Part> parts) {
        FieldInfo field = table.field(quantile.field());
        return quantile(quantile, field, new ValueRank(evaluator.bsi(field), parts));
    }

    private Object quantile(Measure.Quantile quantile, FieldInfo field, ValueRanks rank) {
        return Quantiles.of(quantile.fraction(), quantile.interpolated(), (ScalarKind) field.kind(),
                field.type() == FieldType.TIMESTAMP, rank);
    }
}
