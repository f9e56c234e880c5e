package dev.big.trino;

import dev.big.db.Aggregate;
import dev.big.db.Filter;
import dev.big.db.GroupAggregate;
import dev.big.db.GroupCount;
import dev.big.db.Snapshot;
import dev.big.db.TableDef;
import dev.big.db.TimeGroup;
import io.airlift.slice.Slices;
import io.trino.spi.Page;
import io.trino.spi.TrinoException;
import io.trino.spi.block.Block;
import io.trino.spi.block.BlockBuilder;
import io.trino.spi.connector.ColumnHandle;
import io.trino.spi.connector.ConnectorPageSource;
import io.trino.spi.connector.SortOrder;
import io.trino.spi.connector.SourcePage;
import io.trino.spi.type.BigintType;
import io.trino.spi.type.BooleanType;
import io.trino.spi.type.DoubleType;
import io.trino.spi.type.Type;
import io.trino.spi.type.VarcharType;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import static io.trino.spi.StandardErrorCode.GENERIC_INTERNAL_ERROR;
import static io.trino.spi.StandardErrorCode.NUMERIC_VALUE_OUT_OF_RANGE;

/**
 * Reads a {@link BigAggregateSplit}: the whole answer of a {@link PushedAggregation}, one row per
 * group (one row in all without a group-by, even over no records, as SQL has it). Each file is
 * aggregated by big at its pinned commit, with the file's pushed filter ({@link
 * BigPageSource#filterFor}): counts from the bitmaps ({@link Snapshot#count}, {@link
 * Snapshot#groupCount}), sums, mins and maxes from the bit planes ({@link Snapshot#aggregate},
 * {@link Snapshot#groupAggregate}); the files' totals are then added up per group, and the groups
 * ordered and cut when a top-n or limit was pushed with them. No record is decoded.
 */
final class AggregatePageSource implements ConnectorPageSource {

    /** The group of a global aggregation. */
    private static final Object ALL = new Object();

    private final OpenFiles files;
    private final BigAggregateSplit split;
    private final BigTableHandle table;
    private final PushedAggregation aggregation;
    private final List<ColumnHandle> columns;
    /**
     * Totals per group key (a String or Boolean of the group-by column, a Long of epoch millis for
     * a truncated timestamp's unit, null for no value, or {@link #ALL}).
     */
    private final Map<Object, Totals> groups = new LinkedHashMap<>();
    private boolean finished;
    private long readNanos;
    private long positions;

    AggregatePageSource(OpenFiles files, BigAggregateSplit split, BigTableHandle table, List<ColumnHandle> columns) {
        this.files = files;
        this.split = split;
        this.table = table;
        this.aggregation = table.aggregation();
        this.columns = columns;
    }

    /** One group's records and, per aggregate, how many values it saw, their sum, min and max. */
    private static final class Totals {
        long records;
        final long[] counts;
        final BigInteger[] sums;
        final long[] mins;
        final long[] maxes;

        Totals(int aggregates) {
            counts = new long[aggregates];
            sums = new BigInteger[aggregates];
            Arrays.fill(sums, BigInteger.ZERO);
            mins = new long[aggregates];
            Arrays.fill(mins, Long.MAX_VALUE);
            maxes = new long[aggregates];
            Arrays.fill(maxes, Long.MIN_VALUE);
        }

        void add(int aggregate, Aggregate values) {
            counts[aggregate] += values.count();
            sums[aggregate] = sums[aggregate].add(values.sum());
            values.min().ifPresent(min -> mins[aggregate] = Math.min(mins[aggregate], min));
            values.max().ifPresent(max -> maxes[aggregate] = Math.max(maxes[aggregate], max));
        }
    }

    private Totals group(Object key) {
        return groups.computeIfAbsent(key, k -> new Totals(aggregation.aggregates().size()));
    }

    @Override
    public SourcePage getNextSourcePage() {
        if (finished) {
            return null;
        }
        long started = System.nanoTime();
        try {
            for (BigAggregateSplit.Part part : split.parts()) {
                aggregate(part);
            }
            finished = true;
            return SourcePage.create(page());
        } finally {
            readNanos += System.nanoTime() - started;
        }
    }

    private void aggregate(BigAggregateSplit.Part part) {
        try (Snapshot snapshot = files.db(part.file()).read(part.commit())) {
            PushedFilter pushed = BigPageSource.filterFor(table, snapshot);
            if (pushed.isNone()) {
                return; // no record of this file can match
            }
            TableDef def = snapshot.table(table.table());
            Filter filter = pushed.toFilter();
            BigColumnHandle groupBy = aggregation.groupBy();
            if (groupBy == null) {
                aggregate(snapshot, def, filter, ALL);
            } else if (def.field(groupBy.name()).isEmpty()) {
                aggregate(snapshot, def, filter, null); // no record of this file has a value to group by
            } else if (groupBy.truncation() != null) {
                aggregateByTime(snapshot, def, filter, groupBy);
            } else if (groupBy.kind() == ColumnKind.BOOL) {
                aggregate(snapshot, def, Filter.and(filter, Filter.eq(groupBy.name(), true)), Boolean.TRUE);
                aggregate(snapshot, def, Filter.and(filter, Filter.eq(groupBy.name(), false)), Boolean.FALSE);
                aggregate(snapshot, def, Filter.and(filter, Filter.isNull(groupBy.name())), null);
            } else {
                aggregateByKey(snapshot, def, filter, groupBy.name());
            }
        } catch (TrinoException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new TrinoException(GENERIC_INTERNAL_ERROR, "aggregating big file " + part.file() + " (commit "
                    + part.commit().txid() + ") failed: " + e.getMessage(), e);
        }
    }

    /**
     * Whether {@code aggregate} reads values of its column in a file whose table is {@code def}:
     * not {@code count(*)}, which is the group's records, nor a column the file lacks, which has no
     * values there.
     */
    private static boolean readsValues(BigAggregateColumn aggregate, TableDef def) {
        return aggregate.function() != BigAggregateColumn.Function.COUNT_ALL && def.field(aggregate.argument().name()).isPresent();
    }

    /** Adds the records of {@code snapshot} matching {@code filter} to the group {@code key}. */
    private void aggregate(Snapshot snapshot, TableDef def, Filter filter, Object key) {
        long records = snapshot.count(table.table(), filter);
        if (records == 0) {
            return;
        }
        Totals totals = group(key);
        totals.records += records;
        Map<String, Aggregate> byField = new HashMap<>(); // sum, min and max of one field: one walk of its planes
        List<BigAggregateColumn> aggregates = aggregation.aggregates();
        for (int a = 0; a < aggregates.size(); a++) {
            BigAggregateColumn aggregate = aggregates.get(a);
            if (!readsValues(aggregate, def)) {
                continue;
            }
            String field = aggregate.argument().name();
            if (aggregate.function() == BigAggregateColumn.Function.COUNT) {
                totals.counts[a] += snapshot.count(table.table(), Filter.and(filter, Filter.isNotNull(field)));
            } else {
                totals.add(a, byField.computeIfAbsent(field, f -> snapshot.aggregate(table.table(), f, filter)));
            }
        }
    }

    /** Adds the records of {@code snapshot} matching {@code filter} to their groups by keyed field {@code key}. */
    private void aggregateByKey(Snapshot snapshot, TableDef def, Filter filter, String key) {
        for (GroupCount group : snapshot.groupCount(table.table(), key, filter, -1)) {
            if (group.count() > 0) {
                group(group.key()).records += group.count();
            }
        }
        Map<String, List<GroupAggregate>> byField = new HashMap<>(); // sum, min and max of one field: one pass per shard
        List<BigAggregateColumn> aggregates = aggregation.aggregates();
        for (int a = 0; a < aggregates.size(); a++) {
            BigAggregateColumn aggregate = aggregates.get(a);
            if (!readsValues(aggregate, def)) {
                continue;
            }
            String field = aggregate.argument().name();
            if (aggregate.function() == BigAggregateColumn.Function.COUNT) {
                for (GroupCount group : snapshot.groupCount(table.table(), key, Filter.and(filter, Filter.isNotNull(field)), -1)) {
                    if (group.count() > 0) {
                        group(group.key()).counts[a] += group.count();
                    }
                }
            } else {
                for (GroupAggregate group : byField.computeIfAbsent(field, f -> snapshot.groupAggregate(table.table(), key, f, filter))) {
                    if (group.rows() > 0) {
                        group(group.key()).add(a, group.aggregate());
                    }
                }
            }
        }
    }

    /**
     * Adds the records of {@code snapshot} matching {@code filter} to their groups by the start of
     * their unit of timestamp {@code time} (epoch millis), from one pass over the values of every
     * field the aggregates read.
     */
    private void aggregateByTime(Snapshot snapshot, TableDef def, Filter filter, BigColumnHandle time) {
        List<BigAggregateColumn> aggregates = aggregation.aggregates();
        List<String> fields = aggregates.stream().filter(a -> readsValues(a, def)).map(a -> a.argument().name()).distinct().toList();
        for (TimeGroup group : snapshot.timeGroups(table.table(), time.name(), time.truncation(), filter, fields)) {
            if (group.records() == 0) {
                continue;
            }
            Totals totals = group(group.start() == null ? null : group.start().toEpochMilli());
            totals.records += group.records();
            for (int a = 0; a < aggregates.size(); a++) {
                BigAggregateColumn aggregate = aggregates.get(a);
                if (!readsValues(aggregate, def)) {
                    continue;
                }
                Aggregate values = group.aggregates().get(fields.indexOf(aggregate.argument().name()));
                if (aggregate.function() == BigAggregateColumn.Function.COUNT) {
                    totals.counts[a] += values.count();
                } else {
                    totals.add(a, values);
                }
            }
        }
    }

    private Page page() {
        if (aggregation.groupBy() == null) {
            group(ALL); // a global aggregation has its one row even over no records
        }
        List<Object[]> rows = new ArrayList<>(groups.size());
        for (Map.Entry<Object, Totals> group : groups.entrySet()) {
            rows.add(resultRow(group.getKey(), group.getValue()));
        }
        if (!aggregation.orderBy().isEmpty()) {
            rows.sort(order(aggregation.orderBy()));
        }
        if (aggregation.limit() >= 0 && rows.size() > aggregation.limit()) {
            rows = rows.subList(0, (int) aggregation.limit());
        }
        positions = rows.size();
        List<ColumnHandle> results = aggregation.resultColumns();
        Block[] blocks = new Block[columns.size()];
        for (int c = 0; c < blocks.length; c++) {
            int position = results.indexOf(columns.get(c));
            Type type = columns.get(c) instanceof BigAggregateColumn aggregate ? aggregate.type() : ((BigColumnHandle) columns.get(c)).type();
            blocks[c] = block(type, rows, position);
        }
        return new Page(rows.size(), blocks);
    }

    /**
     * A group's row, in {@link PushedAggregation#resultColumns} order: its key (a String or
     * Boolean, or null) if grouped, then each aggregate as a Long (a timestamp's epoch millis), or
     * null for a sum, min or max over no values.
     */
    private Object[] resultRow(Object key, Totals totals) {
        List<BigAggregateColumn> aggregates = aggregation.aggregates();
        int first = aggregation.groupBy() == null ? 0 : 1;
        Object[] row = new Object[first + aggregates.size()];
        if (first == 1) {
            row[0] = key;
        }
        for (int a = 0; a < aggregates.size(); a++) {
            BigAggregateColumn column = aggregates.get(a);
            boolean none = totals.counts[a] == 0;
            row[first + a] = switch (column.function()) {
                case COUNT_ALL -> totals.records;
                case COUNT -> totals.counts[a];
                case SUM -> none ? null : exactSum(column, totals.sums[a]);
                case MIN -> none ? null : totals.mins[a];
                case MAX -> none ? null : totals.maxes[a];
                // As Trino's avg of a bigint, whose sum is a double: equal while the sum stays below 2^53.
                case AVG -> none ? null : totals.sums[a].doubleValue() / totals.counts[a];
            };
        }
        return row;
    }

    /** Rows in {@code orderBy}, with Trino's orders: strings by their UTF-8 bytes, false before true, nulls where asked. */
    private static Comparator<Object[]> order(List<PushedAggregation.Ordering> orderBy) {
        return (left, right) -> {
            for (PushedAggregation.Ordering ordering : orderBy) {
                int compared = compare(left[ordering.position()], right[ordering.position()], ordering.order());
                if (compared != 0) {
                    return compared;
                }
            }
            return 0;
        };
    }

    private static int compare(Object left, Object right, SortOrder order) {
        if (left == null || right == null) {
            return left == right ? 0 : (left == null) == order.isNullsFirst() ? -1 : 1;
        }
        int compared = switch (left) {
            case String value -> Slices.utf8Slice(value).compareTo(Slices.utf8Slice((String) right));
            case Boolean value -> Boolean.compare(value, (Boolean) right);
            case Long value -> Long.compare(value, (Long) right);
            case Double value -> Double.compare(value, (Double) right);
            default -> throw new IllegalStateException("cannot order by " + left);
        };
        return order.isAscending() ? compared : -compared;
    }

    /** The block of result position {@code position} of {@code rows}. */
    private static Block block(Type type, List<Object[]> rows, int position) {
        BlockBuilder builder = type.createBlockBuilder(null, rows.size());
        for (Object[] row : rows) {
            switch (row[position]) {
                case null -> builder.appendNull();
                case String value -> VarcharType.VARCHAR.writeSlice(builder, Slices.utf8Slice(value));
                case Boolean value -> BooleanType.BOOLEAN.writeBoolean(builder, value);
                case Long value when type == BigintType.BIGINT -> BigintType.BIGINT.writeLong(builder, value);
                case Long value -> type.writeLong(builder, value * 1000); // a timestamp: epoch millis to Trino's epoch micros
                case Double value -> DoubleType.DOUBLE.writeDouble(builder, value);
                default -> throw new IllegalStateException("result value " + row[position] + " of type " + type);
            }
        }
        return builder.build();
    }

    private long exactSum(BigAggregateColumn column, BigInteger sum) {
        if (sum.bitLength() > 63) {
            throw new TrinoException(NUMERIC_VALUE_OUT_OF_RANGE, "bigint addition overflow: sum(" + column.argument().name()
                    + ") of big table " + table.table() + " is " + sum + ", beyond BIGINT");
        }
        return sum.longValueExact();
    }

    @Override
    public long getCompletedBytes() {
        return positions * 8L * Math.max(1, columns.size());
    }

    @Override
    public OptionalLong getCompletedPositions() {
        return OptionalLong.of(positions);
    }

    @Override
    public long getReadTimeNanos() {
        return readNanos;
    }

    @Override
    public boolean isFinished() {
        return finished;
    }

    @Override
    public void close() {
        finished = true; // every snapshot was closed as its file was aggregated
    }
}
