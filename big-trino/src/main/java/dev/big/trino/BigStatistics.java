package dev.big.trino;

import dev.big.db.FieldDef;
import dev.big.db.FieldType;
import dev.big.db.Filter;
import dev.big.db.GroupCount;
import dev.big.db.Order;
import dev.big.db.Snapshot;
import dev.big.db.TableDef;
import dev.big.engine.bsi.ZoneMap;
import io.trino.spi.statistics.ColumnStatistics;
import io.trino.spi.statistics.DoubleRange;
import io.trino.spi.statistics.Estimate;
import io.trino.spi.statistics.TableStatistics;
import io.trino.spi.type.BigintType;
import io.trino.spi.type.Type;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Table statistics for Trino's cost-based planner, from what each file keeps beside its data, no
 * record read: the row count from the record counts of the shards (or big's count of the pushed
 * filter), and per column its nulls, distinct values, range and size. Without them Trino plans a
 * join as a partitioned one and ships every row of the fact table across the nodes; with them it
 * broadcasts the small side.
 *
 * <ul>
 *   <li>int, timestamp and decimal fields: present values and range from the zone maps of every
 *       shard; distinct values estimated as the smaller of the present values and the width of the
 *       range (a zone map keeps no distinct count);
 *   <li>keyed fields: exact distinct values, nulls and size from the counts per value, which come
 *       from the cells of each value's row (kept with the commit once counted: {@code StateCounts});
 *   <li>bool fields: the two one-row counts;
 *   <li>{@code id}: never null, one per record, its range from the first and last record;
 *   <li>set fields and {@code $file}: nothing (unknown).
 * </ul>
 *
 * A table spanning files adds up their counts; the distinct values of a keyed field are the union
 * of its files' values (an estimate past {@value #MAX_KEYS} values: the largest file's count).
 */
final class BigStatistics {

    /** The most distinct keyed values gathered across files for an exact union. */
    static final int MAX_KEYS = 100_000;

    private final List<BigColumnHandle> columns;
    private long rows;
    private final Map<String, Column> byName = new HashMap<>();

    private BigStatistics(List<BigColumnHandle> columns) {
        this.columns = columns;
        for (BigColumnHandle column : columns) {
            byName.put(column.name(), new Column());
        }
    }

    /** What is known of one column across the files read so far. */
    private static final class Column {
        long present;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        long bytes;
        Set<String> keys = new HashSet<>();
        long largestFileKeys;
        boolean known;
    }

    /** The statistics of {@code handle}'s table over {@code files}, at each file's latest commit. */
    static TableStatistics of(BigFileSet files, BigTableHandle handle, List<BigColumnHandle> columns) {
        if (handle.aggregation() != null) {
            return TableStatistics.empty();
        }
        BigStatistics statistics = new BigStatistics(columns);
        for (String file : files.files()) {
            try (Snapshot snapshot = files.open().db(file).read()) {
                Optional<TableDef> table = snapshot.schema().stream().filter(t -> t.name().equals(handle.table())).findFirst();
                if (table.isPresent()) {
                    statistics.add(snapshot, table.get(), handle.filter());
                }
            }
        }
        return statistics.build(handle.filter() != PushedFilter.ALL);
    }

    private void add(Snapshot snapshot, TableDef table, PushedFilter pushed) {
        String name = table.name();
        long records = snapshot.count(name);
        if (pushed == PushedFilter.ALL) {
            rows += records;
        } else {
            PushedFilter forFile = pushed.forFields(table.fields().stream().map(FieldDef::name).collect(Collectors.toSet()));
            rows += forFile == PushedFilter.NONE ? 0 : snapshot.count(name, forFile.toFilter());
        }
        if (records == 0) {
            return;
        }
        Column id = byName.get(BigColumnHandle.ID.name());
        id.known = true;
        id.present += records;
        id.min = Math.min(id.min, snapshot.ids(name, Filter.all(), Order.ASC, 1, null)[0]);
        id.max = Math.max(id.max, snapshot.ids(name, Filter.all(), Order.DESC, 1, null)[0]);
        List<Snapshot.Shard> shards = snapshot.shards(name);
        for (FieldDef field : table.fields()) {
            Column column = byName.get(field.name());
            if (column == null) {
                continue;
            }
            switch (field.type()) {
                case INT, TIMESTAMP, DECIMAL -> {
                    column.known = true;
                    for (Snapshot.Shard shard : shards) {
                        ZoneMap zone = snapshot.zoneMap(name, field.name(), shard.shard());
                        if (zone.count() > 0) {
                            column.present += zone.count();
                            column.min = Math.min(column.min, zone.min());
                            column.max = Math.max(column.max, zone.max());
                        }
                    }
                }
                case KEYED -> {
                    column.known = true;
                    List<GroupCount> groups = snapshot.groupCount(name, field.name(), Filter.all(), -1);
                    long keys = 0;
                    for (GroupCount group : groups) {
                        if (group.key() != null) {
                            keys++;
                            column.present += group.count();
                            column.bytes += group.count() * group.key().getBytes(StandardCharsets.UTF_8).length;
                            if (column.keys != null) {
                                column.keys.add(group.key());
                            }
                        }
                    }
                    column.largestFileKeys = Math.max(column.largestFileKeys, keys);
                    if (column.keys != null && column.keys.size() > MAX_KEYS) {
                        column.keys = null;
                    }
                }
                case BOOL -> {
                    column.known = true;
                    for (boolean value : new boolean[] {false, true}) {
                        long count = snapshot.count(name, Filter.eq(field.name(), value));
                        column.present += count;
                        if (count > 0) {
                            column.keys.add(Boolean.toString(value));
                        }
                    }
                }
                case SET -> { }
            }
        }
    }

    private TableStatistics build(boolean filtered) {
        TableStatistics.Builder table = TableStatistics.builder().setRowCount(Estimate.of(rows));
        long all = byName.get(BigColumnHandle.ID.name()).present;
        for (BigColumnHandle handle : columns) {
            Column column = byName.get(handle.name());
            if (!column.known || all == 0) {
                continue;
            }
            ColumnStatistics.Builder statistics = ColumnStatistics.builder()
                    .setNullsFraction(Estimate.of((double) (all - column.present) / all));
            long distinct = switch (handle.kind()) {
                case ID -> column.present;
                case KEYED -> column.keys != null ? column.keys.size() : column.largestFileKeys;
                case BOOL -> column.keys.size();
                default -> column.present == 0 ? 0 : Math.min(column.present, rangeWidth(column.min, column.max));
            };
            statistics.setDistinctValuesCount(Estimate.of(filtered ? Math.min(distinct, rows) : distinct));
            if (handle.kind() == ColumnKind.KEYED) {
                statistics.setDataSize(Estimate.of(column.bytes));
            }
            if (column.present > 0 && column.min <= column.max && handle.kind() != ColumnKind.KEYED
                    && handle.kind() != ColumnKind.BOOL) {
                statistics.setRange(range(handle, column.min, column.max));
            }
            table.setColumnStatistics(handle, statistics.build());
        }
        return table.build();
    }

    /** How many integers lie in {@code [min, max]}, saturated. */
    private static long rangeWidth(long min, long max) {
        long width = max - min + 1;
        return width <= 0 ? Long.MAX_VALUE : width;
    }

    /** The range of a numeric column in the form Trino's statistics take for its type. */
    private static Optional<DoubleRange> range(BigColumnHandle column, long min, long max) {
        Type type = column.kind() == ColumnKind.ID ? BigintType.BIGINT : column.kind().type(column.scale());
        if (column.kind() == ColumnKind.TIMESTAMP) {
            return DoubleRange.from(type, Math.multiplyExact(min, 1000L), Math.multiplyExact(max, 1000L));
        }
        return DoubleRange.from(type, min, max);
    }
}
