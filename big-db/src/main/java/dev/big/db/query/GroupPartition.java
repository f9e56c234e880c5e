package dev.big.db.query;

import dev.big.db.FieldType;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.db.field.ScalarKind;
import dev.big.engine.bsi.BsiReader;
import dev.big.engine.bsi.ColumnBitmaps;
import dev.big.engine.coords.Coords;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import org.roaringbitmap.Container;
import org.roaringbitmap.ContainerPointer;
import org.roaringbitmap.RoaringBitmap;
import org.roaringbitmap.RoaringBitmapWriter;

/**
 * Splits one shard's matching records into the groups of one or more GROUP BY keys, from bitmaps.
 * Each key splits all the matching records once — a keyed or bool key by intersecting its rows, an
 * int or timestamp key by range scans of its planes ({@link BucketPartition}) — so every key's
 * groups are disjoint and cover the records. The first key's groups are the first level; each
 * further key pairs every part of the level with its own groups record by record: an index says
 * which of the key's groups each record of the shard is in, and one pass over each part's records
 * sorts them into (part, group) pairs, or only counts them when nothing but the count of records is
 * asked. Intersecting every part with every group instead cost a bitmap AND
 * per pair: GROUP BY type, hour(received_at) over 1,000,000 events made 576 pairs and spent 55% of
 * 60 ms in those ANDs (JFR), where one pass over the records costs a few nanoseconds a record.
 *
 * <p>Records without a value in a key form that key's NULL group (label null).
 */
final class GroupPartition {

    /**
     * Up to this many (part, group) combinations a level keeps its pairs in arrays indexed by
     * combination; above, in a hash map (as many entries as non-empty pairs, at most one a record).
     */
    static final int DENSE_PAIRS_LIMIT = 1 << 20;

    /**
     * Up to this many groups of the next key, each part is intersected with each group instead: a
     * record then costs a bit test per group (the groups of a bool key are dense bitmaps), against
     * a write and a read of the index. GROUP BY type, verified (3 groups) took 13-17 ms at 1M
     * events with the index and 11-14 ms with the ANDs; type, hour of day (24) took 55 ms with the
     * index and 100-160 ms with the ANDs (same minutes, JMH).
     */
    static final int PAIRWISE_GROUPS_LIMIT = 4;

    private final QueryEngine engine;
    private final TableInfo table;
    private final FilterEvaluator evaluator;
    private long shard;
    /** Per record of the container column being paired: the index of its group of the key being paired. */
    private int[] groupOf;
    /** One container's records (the low 16 bits of each), for {@link #pairRecords}. */
    private int[] lows;

    /** One partitioner for the shards of one GROUP BY, which it splits one after the other ({@link #shard}). */
    GroupPartition(QueryEngine engine, TableInfo table, FilterEvaluator evaluator) {
        this.engine = engine;
        this.table = table;
        this.evaluator = evaluator;
    }

    /** Makes {@code shard} the one whose records the other methods split. */
    GroupPartition shard(long shard) {
        this.shard = shard;
        return this;
    }

    /** Labels (key values in key order) and the records of one part of a level. */
    private record Part(List<Object> labels, RoaringBitmap records) {}

    /** The groups of {@code matching} by {@code keys}, each with its records (labels in key order). */
    Map<List<Object>, RoaringBitmap> records(List<GroupKey> keys, RoaringBitmap matching) {
        List<Part> level = levelsBefore(keys.size(), keys, matching);
        Map<List<Object>, RoaringBitmap> leaves = new LinkedHashMap<>();
        level.forEach(part -> leaves.put(part.labels(), part.records()));
        return leaves;
    }

    /** The groups of {@code matching} by {@code keys}, each with its number of records. */
    Map<List<Object>, Long> counts(List<GroupKey> keys, RoaringBitmap matching) {
        Map<List<Object>, Long> counts = new LinkedHashMap<>();
        if (keys.isEmpty()) {
            counts.put(List.of(), matching.getLongCardinality());
            return counts;
        }
        List<Part> level = levelsBefore(keys.size() - 1, keys, matching);
        List<Part> groups = groupsOf(keys.getLast(), matching);
        if (level.size() == 1) {
            groups.forEach(group -> counts.put(extended(level.getFirst().labels(), group.labels().getFirst()),
                    group.records().getLongCardinality()));
            return counts;
        }
        if (groups.size() <= PAIRWISE_GROUPS_LIMIT) {
            for (Part part : level) {
                for (Part group : groups) {
                    long n = RoaringBitmap.andCardinality(part.records(), group.records());
                    if (n > 0) {
                        counts.put(extended(part.labels(), group.labels().getFirst()), n);
                    }
                }
            }
            return counts;
        }
        long combinations = (long) level.size() * groups.size();
        if (combinations <= DENSE_PAIRS_LIMIT) {
            // Counts in a long[] rather than Pairs<long[]>: the boxed cell per pair measured 37-42 ->
            // 49-54 ms for GROUP BY type, hour(received_at) at 1M (JMH, alternated).
            long[] perPair = new long[(int) combinations];
            pairRecords(level, groups, (pair, record) -> perPair[(int) pair]++);
            for (int pair = 0; pair < perPair.length; pair++) {
                if (perPair[pair] > 0) {
                    counts.put(labelsOf(pair, level, groups), perPair[pair]);
                }
            }
            return counts;
        }
        Map<Long, long[]> perPair = new HashMap<>();
        pairRecords(level, groups, (pair, record) -> perPair.computeIfAbsent(pair, p -> new long[1])[0]++);
        perPair.forEach((pair, count) -> counts.put(labelsOf(pair, level, groups), count[0]));
        return counts;
    }

    /** The level made by the first {@code depth} keys. */
    private List<Part> levelsBefore(int depth, List<GroupKey> keys, RoaringBitmap matching) {
        List<Part> level = List.of(new Part(List.of(), matching));
        for (int k = 0; k < depth; k++) {
            List<Part> groups = groupsOf(keys.get(k), matching);
            level = level.size() == 1 ? withLabelsOf(level.getFirst(), groups) : paired(level, groups);
        }
        return level;
    }

    private static List<Part> withLabelsOf(Part parent, List<Part> groups) {
        List<Part> parts = new ArrayList<>(groups.size());
        groups.forEach(group -> parts.add(new Part(extended(parent.labels(), group.labels().getFirst()), group.records())));
        return parts;
    }

    /** Every non-empty (part, group) pair of {@code level} and {@code groups}, with its records. */
    private List<Part> paired(List<Part> level, List<Part> groups) {
        if (groups.size() <= PAIRWISE_GROUPS_LIMIT) {
            List<Part> next = new ArrayList<>();
            for (Part part : level) {
                for (Part group : groups) {
                    RoaringBitmap records = RoaringBitmap.and(part.records(), group.records());
                    if (!records.isEmpty()) {
                        next.add(new Part(extended(part.labels(), group.labels().getFirst()), records));
                    }
                }
            }
            return next;
        }
        Pairs<RoaringBitmapWriter<RoaringBitmap>> pairs = new Pairs<>(level.size(), groups.size());
        pairRecords(level, groups, (pair, record) -> pairs.computeIfAbsent(pair, p -> RoaringBitmapWriter.writer().get()).add(record));
        List<Part> next = new ArrayList<>();
        pairs.forEach((pair, writer) -> next.add(new Part(labelsOf(pair, level, groups), writer.get())));
        return next;
    }

    /** Receives each record of a level with the (part, group) pair it falls in, in ascending record order per pair. */
    private interface PairSink {
        void accept(long pair, int record);
    }

    /**
     * Hands every record of {@code level}'s parts to {@code sink} with its pair {@code part *
     * groups.size() + group}, in ascending record order per pair: container column by container
     * column, the groups' records fill the index of which group each record is in, and each part's
     * records are looked up in it. Column by column so that the index (256 KiB) stays in cache: a
     * shard-wide one was written and read once per group and part, and GROUP BY type, verified
     * took 29 ms at 1M events against 15 ms with an AND per pair. Records are taken a container at
     * a time into an array rather than through {@code RoaringBitmap.forEach}, whose consumer call,
     * shared by every caller, the JIT could not inline (71% of that GROUP BY in a first version,
     * JFR).
     */
    private void pairRecords(List<Part> level, List<Part> groups, PairSink sink) {
        if (groupOf == null) {
            groupOf = new int[1 << 16];
            lows = new int[1 << 16];
        }
        ContainerPointer[] groupColumns = pointers(groups);
        ContainerPointer[] partColumns = pointers(level);
        long groupCount = groups.size();
        for (int c = 0; c < Coords.CONTAINERS_PER_ROW; c++) {
            for (int g = 0; g < groupColumns.length; g++) {
                ContainerPointer column = groupColumns[g];
                if (column.getContainer() != null && column.key() == c) {
                    int n = lowsOf(column.getContainer());
                    for (int i = 0; i < n; i++) {
                        groupOf[lows[i]] = g;
                    }
                    column.advance();
                }
            }
            int high = c << 16;
            for (int p = 0; p < partColumns.length; p++) {
                ContainerPointer column = partColumns[p];
                if (column.getContainer() == null || column.key() != c) {
                    continue;
                }
                long first = p * groupCount;
                int n = lowsOf(column.getContainer());
                for (int i = 0; i < n; i++) {
                    int low = lows[i];
                    sink.accept(first + groupOf[low], high | low);
                }
                column.advance();
            }
        }
    }

    /** Puts {@code container}'s values into {@link #lows}, ascending; returns how many. */
    private int lowsOf(Container container) {
        container.fillLeastSignificant16bits(lows, 0, 0);
        return container.getCardinality();
    }

    private static ContainerPointer[] pointers(List<Part> parts) {
        ContainerPointer[] pointers = new ContainerPointer[parts.size()];
        for (int i = 0; i < pointers.length; i++) {
            pointers[i] = parts.get(i).records().getContainerPointer();
        }
        return pointers;
    }

    private static List<Object> labelsOf(long pair, List<Part> level, List<Part> groups) {
        int groupCount = groups.size();
        return extended(level.get((int) (pair / groupCount)).labels(), groups.get((int) (pair % groupCount)).labels().getFirst());
    }

    /**
     * What a level keeps per non-empty (part, group) pair: an array over
     * every combination while there are at most {@link #DENSE_PAIRS_LIMIT}, else a map.
     */
    private static final class Pairs<T> {
        private final Object[] dense;
        private final Map<Long, T> sparse;

        Pairs(int parts, int groups) {
            long combinations = (long) parts * groups;
            dense = combinations <= DENSE_PAIRS_LIMIT ? new Object[(int) combinations] : null;
            sparse = dense == null ? new HashMap<>() : null;
        }

        @SuppressWarnings("unchecked")
        T computeIfAbsent(long pair, java.util.function.LongFunction<T> create) {
            if (dense == null) {
                return sparse.computeIfAbsent(pair, create::apply);
            }
            Object value = dense[(int) pair];
            if (value == null) {
                value = create.apply(pair);
                dense[(int) pair] = value;
            }
            return (T) value;
        }

        @SuppressWarnings("unchecked")
        void forEach(BiConsumer<Long, T> action) {
            if (dense == null) {
                sparse.forEach(action);
                return;
            }
            for (int pair = 0; pair < dense.length; pair++) {
                if (dense[pair] != null) {
                    action.accept((long) pair, (T) dense[pair]);
                }
            }
        }
    }

    /** {@code labels} and then {@code label} (not List.copyOf: a NULL key is a null element). */
    private static List<Object> extended(List<Object> labels, Object label) {
        List<Object> out = new ArrayList<>(labels.size() + 1);
        out.addAll(labels);
        out.add(label);
        return java.util.Collections.unmodifiableList(out);
    }

    /** {@code key}'s groups of {@code records}, one per label (calendar parts of many buckets merged), each labelled by it alone. */
    private List<Part> groupsOf(GroupKey key, RoaringBitmap records) {
        Map<Object, RoaringBitmap> groups = new LinkedHashMap<>();
        splitBy(key, records, (label, part) -> groups.merge(label, part, (a, b) -> RoaringBitmap.or(a, b)));
        List<Part> parts = new ArrayList<>(groups.size());
        groups.forEach((label, part) -> parts.add(new Part(java.util.Collections.singletonList(label), part)));
        return parts;
    }

    /** Splits {@code records} by {@code key}'s values; null labels the records without a value. */
    private void splitBy(GroupKey key, RoaringBitmap records, BiConsumer<Object, RoaringBitmap> out) {
        FieldInfo field = table.field(key.field());
        if (field.type().isInteger()) {
            BsiReader reader = evaluator.bsi(field);
            Bucketing bucketing = key instanceof GroupKey.Buckets b ? b.bucketing()
                    : new Bucketing.Identity((ScalarKind) field.kind());
            if (records.getCardinality() <= BucketPartition.READ_VALUES_LIMIT) {
                // A few records: a point read each, not a pass over the column's exists row and planes.
                Map<Long, RoaringBitmap> buckets = new TreeMap<>();
                RoaringBitmap nulls = new RoaringBitmap();
                records.forEach((int column) -> {
                    var value = reader.get(Coords.recordId(shard, column));
                    if (value.isPresent()) {
                        buckets.computeIfAbsent(bucketing.bucketOf(value.getAsLong()), k -> new RoaringBitmap()).add(column);
                    } else {
                        nulls.add(column);
                    }
                });
                buckets.forEach((bucket, part) -> out.accept(bucketing.label(bucket), part));
                if (!nulls.isEmpty()) {
                    out.accept(null, nulls);
                }
                return;
            }
            RoaringBitmap values = reader.existing(shard, records);
            new BucketPartition(reader, shard, bucketing).split(values, (bucket, part) -> out.accept(bucketing.label(bucket), part));
            RoaringBitmap nulls = RoaringBitmap.andNot(records, values);
            if (!nulls.isEmpty()) {
                out.accept(null, nulls);
            }
            return;
        }
        Map<Long, RoaringBitmap> rows = field.type() == FieldType.KEYED && records.getCardinality() <= BucketPartition.READ_VALUES_LIMIT
                ? idsByReading(field, records) : rowsWithin(field, records);
        RoaringBitmap withValue = new RoaringBitmap();
        for (var row : rows.entrySet()) {
            withValue.or(row.getValue());
            out.accept(field.type() == FieldType.BOOL ? (Object) (row.getKey() == 1) : evaluator.dictionary(field).value(row.getKey()),
                    row.getValue());
        }
        RoaringBitmap nulls = RoaringBitmap.andNot(records, withValue);
        if (!nulls.isEmpty()) {
            out.accept(null, nulls);
        }
    }

    /**
     * The dictionary ids of a keyed field's values among a few records, read from the field's id
     * planes (a point read each): cheaper than intersecting every row's cells with a small set,
     * which cost a GROUP BY of thousands of small groups seconds.
     */
    Map<Long, RoaringBitmap> idsByReading(FieldInfo field, RoaringBitmap records) {
        BsiReader reader = evaluator.bsi(field);
        Map<Long, RoaringBitmap> rows = new TreeMap<>();
        records.forEach((int column) -> reader.get(Coords.recordId(shard, column))
                .ifPresent(id -> rows.computeIfAbsent(id, r -> new RoaringBitmap()).add(column)));
        return rows;
    }

    /** The rows of a keyed or bool field intersected with {@code records}, by row id (empty ones left out). */
    Map<Long, RoaringBitmap> rowsWithin(FieldInfo field, RoaringBitmap records) {
        var byColumn = ColumnBitmaps.byContainerColumn(records);
        Map<Long, RoaringBitmap> rows = new LinkedHashMap<>();
        engine.txn().fragment(field.rowsFragment(shard)).forEachCell(0, -1L, view -> {
            int c = Coords.containerColumnOfKey(view.key());
            if (byColumn[c] == null) {
                return true;
            }
            // A full column (every record of it wanted, as under no filter) would only be copied by the and.
            var part = byColumn[c].isFull() ? view.toContainer() : view.toContainer().and(byColumn[c]);
            if (!part.isEmpty()) {
                rows.computeIfAbsent(Coords.rowOfKey(view.key()), r -> new RoaringBitmap()).append((char) c, part);
            }
            return true;
        });
        return rows;
    }
}
