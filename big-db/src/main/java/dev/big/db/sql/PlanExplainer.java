package dev.big.db.sql;

import dev.big.db.FieldDef;
import dev.big.db.FieldType;
import dev.big.db.Filter;
import dev.big.db.Order;
import dev.big.db.Snapshot;
import dev.big.db.field.FieldKinds;
import dev.big.db.field.ScalarKind;
import dev.big.engine.bsi.BsiLayout;
import dev.big.engine.bsi.RangePredicate;
import dev.big.engine.bsi.ZoneMap;
import dev.big.engine.coords.Coords;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Describes how a statement would run, one line per row of the result (column {@code plan}; the
 * format is in docs/sql.md): the typed-API path, the filter and the order its terms are combined
 * in, per shard which container columns each integer comparison skips, counts whole or scans
 * (the zone-map decision), and an estimate of the pages touched.
 *
 * <p>The zone-map decision reads the stored zone maps ({@link dev.big.db.Snapshot#zoneMap}), as
 * the evaluator does, and the storage facts of {@link dev.big.db.Snapshot#storage}. Page estimates count every container read as one page, an upper bound (small containers live
 * inline in leaves).
 */
final class PlanExplainer {

    private static final int COLUMNS = Coords.CONTAINERS_PER_ROW;
    private static final long COLUMN_WIDTH = 1L << Coords.CONTAINER_BITS;

    private final Snapshot snapshot;
    private final TableBinding table;
    private final List<String> lines = new ArrayList<>();
    private long pages;

    private PlanExplainer(Snapshot snapshot, TableBinding table) {
        this.snapshot = snapshot;
        this.table = table;
    }

    /** @param runner the runner of an aggregate query (null for a listing), which knows which path it takes */
    static SqlResult explain(Snapshot snapshot, TableBinding table, Query query, Filter where, int limit, AggregateRunner runner) {
        PlanExplainer explainer = new PlanExplainer(snapshot, table);
        explainer.describe(query, where, limit, runner);
        return new SqlResult(List.of("plan"), explainer.lines.stream().map(line -> List.<Object>of(line)).toList());
    }

    private void describe(Query query, Filter where, int limit, AggregateRunner runner) {
        List<Snapshot.Shard> shards = snapshot.shards(table.name());
        long records = shards.stream().mapToLong(Snapshot.Shard::records).sum();
        lines.add("table: " + table.name() + ", " + records + " records in " + shards.size() + " shard"
                + (shards.size() == 1 ? "" : "s"));
        Filter evaluated = switch (query) {
            case AggregateQuery aggregate -> {
                describeAggregate(aggregate, where, shards, runner);
                yield where;
            }
            case ListingQuery listing -> describeListing(listing, where, limit, shards);
        };
        lines.add("filter: " + (evaluated instanceof Filter.All ? "none (every record)" : render(evaluated)));
        if (!(evaluated instanceof Filter.All)) {
            lines.add("combine: " + combination(evaluated));
            describeShards(evaluated, shards);
        }
        if (limit >= 0) {
            lines.add("limit: " + limit);
        }
        lines.add("estimated pages touched: " + pages + " (every container read counted as one 8 KiB page)");
    }

    // ------------------------------------------------------------------ shapes

    private void describeAggregate(AggregateQuery query, Filter where, List<Snapshot.Shard> shards, AggregateRunner runner) {
        pages += new AggregatePlan(this, snapshot, table, lines).describe(query, where, shards, runner);
    }

    String countPath(Filter where) {
        if (singleIntegerComparison(where) != null) {
            return "one integer comparison: zone maps decide per container column, the rest is counted from plane"
                    + " scans without materialising rows";
        }
        return "the filter is evaluated per shard into a bitmap of matching columns, whose cardinality is the count";
    }

    /** Describes a listing; returns the filter left to evaluate once the point read or cursor is taken out. */
    private Filter describeListing(ListingQuery query, Filter where, int limit, List<Snapshot.Shard> shards) {
        Long point = ListingRunner.pointRead(where);
        Set<FieldDef> read = new LinkedHashSet<>();
        for (ListingQuery.Projection projection : query.projections()) {
            switch (projection) {
                case ListingQuery.AllColumns ignored -> read.addAll(table.fields());
                case ListingQuery.Column column -> {
                    FieldDef field = table.column(column.column()).field();
                    if (field != null) {
                        read.add(field);
                    }
                }
            }
        }
        int fields = read.size();
        if (point != null) {
            lines.add("shape: point read of record " + point);
            lines.add("path: get(" + point + "): existence bit, then each field's containers at its column");
            pages += 1 + recordPages(table.fields(), shards);
            return Filter.all();
        }
        if (query.valueOrder() != null) {
            ListingQuery.ValueOrder by = query.valueOrder();
            String column = table.column(by.column()).name();
            lines.add("shape: top-N listing: records in " + (by.descending() ? "DESC" : "ASC") + " order of " + column
                    + (by.nullsFirst() ? ", NULLs first" : ", NULLs last") + ", ties by " + (by.ids() == Order.DESC ? "DESC" : "ASC")
                    + " id" + (limit >= 0 ? ", at most " + limit : ""));
            lines.add("path: topN(" + column + "): the " + (limit >= 0 ? limit + "th" : "last") + " value in that order found by"
                    + " counting (a binary search over " + column + "'s values, each probe a range count of its planes, at most"
                    + " 64), the records beyond it by one range scan, ties at it in id order; then reads the chosen records'"
                    + " values to order them, and " + fields + " field" + (fields == 1 ? "" : "s") + " per record");
            long rows = limit < 0 ? snapshot.count(table.name(), where) : Math.min(limit, snapshot.count(table.name(), where));
            pages += planePages(column, shards) * 8 + rows * recordPages(read, shards);
            return where;
        }
        Order order = query.order() == null ? Order.ASC : query.order();
        ListingRunner.Cursor cursor = ListingRunner.Cursor.of(where, order);
        lines.add("shape: records in " + (query.order() == null ? "id order (no ORDER BY: ascending)" : order + " id order")
                + (limit >= 0 ? ", at most " + limit : ""));
        lines.add("path: ids(" + order + (cursor.after() != null ? ", after id " + cursor.after() : "")
                + "): walks shards " + (order == Order.ASC ? "upwards" : "downwards")
                + (cursor.after() != null ? " from the cursor's shard" : "") + ", stops at the limit; then reads "
                + fields + " field" + (fields == 1 ? "" : "s") + " per record");
        long rows = limit < 0 ? snapshot.count(table.name(), where) : Math.min(limit, snapshot.count(table.name(), where));
        pages += COLUMNS + rows * recordPages(read, shards);
        return cursor.rest();
    }

    /** Containers reading {@code fields} of one record touches: every plane of each at one column. */
    private long recordPages(Collection<FieldDef> fields, List<Snapshot.Shard> shards) {
        long total = 0;
        for (FieldDef field : fields) {
            total += switch (field.type()) {
                case BOOL -> 2;
                // A set id's planes and the set's members; before set ids, a guess of one.
                case SET -> {
                    long sets = snapshot.storage(table.name(), field.name()).sets();
                    yield sets >= 0 ? 3 + BsiLayout.depthOf(Math.max(1, sets)) : 1;
                }
                // Bit planes: the value's (int, timestamp, decimal) or the dictionary id's (keyed).
                default -> 2 + depth(field, shards);
            };
        }
        return total;
    }

    /** Containers an aggregate over {@code field} reads: every plane of every column of every shard. */
    long planePages(String fieldName, List<Snapshot.Shard> shards) {
        FieldDef field = table.column(new ColumnRef(fieldName, fieldName)).field();
        return (long) shards.size() * COLUMNS * (2 + depth(field, shards));
    }

    private int depth(FieldDef field, List<Snapshot.Shard> shards) {
        if (field.type() == FieldType.KEYED) {
            return BsiLayout.depthOf(Math.max(1, snapshot.storage(table.name(), field.name()).dictionaryValues()));
        }
        int depth = 0;
        for (Snapshot.Shard shard : shards) {
            depth = Math.max(depth, snapshot.zoneMap(table.name(), field.name(), shard.shard()).depth());
        }
        return depth;
    }

    // ------------------------------------------------------------------ filters

    /**
     * How the evaluator combines the terms of an AND: the integer comparisons' zone maps first
     * decide which container columns can match at all; row lookups then read only those columns
     * and are intersected; plane scans come last, restricted to their result.
     */
    private String combination(Filter where) {
        if (singleIntegerComparison(where) != null) {
            return "one integer comparison, counted or scanned column by column from the zone maps";
        }
        if (where instanceof Filter.And and) {
            List<String> rows = new ArrayList<>();
            List<String> planes = new ArrayList<>();
            for (Filter term : and.filters()) {
                (isPlaneScan(term) ? planes : rows).add(render(term));
            }
            String zoneText = planes.isEmpty() || rows.isEmpty() ? ""
                    : "the zone maps of " + String.join(" AND ", planes) + " pick the container columns that can match; ";
            String rowsText = rows.isEmpty() ? "" : "rows of " + String.join(" AND ", rows)
                    + (planes.isEmpty() ? "" : ", read in those columns only,") + " are intersected first";
            String planesText = planes.isEmpty() ? "" : "plane scans of " + String.join(" AND ", planes)
                    + (rows.isEmpty() ? "" : " then visit only their result");
            return zoneText + rowsText + (rows.isEmpty() || planes.isEmpty() ? "" : "; ") + planesText;
        }
        return switch (where) {
            case Filter.Or or -> "the rows of the " + or.filters().size() + " alternatives are united";
            case Filter.Not not -> "NOT takes the records where the term is false (not unknown): present values that do not"
                    + " match";
            default -> isPlaneScan(where) ? "one plane scan" : "one row lookup";
        };
    }

    /** Per shard, the zone-map decision for each top-level integer comparison. */
    private void describeShards(Filter where, List<Snapshot.Shard> shards) {
        List<Filter> terms = where instanceof Filter.And and ? and.filters() : List.of(where);
        for (Snapshot.Shard shard : shards) {
            long first = Coords.recordId(shard.shard(), 0);
            lines.add("shard " + shard.shard() + " (ids " + first + ".." + (first + Coords.SHARD_WIDTH - 1) + "): " + shard.records()
                    + " records");
            int mask = (1 << COLUMNS) - 1;
            boolean conjunction = where instanceof Filter.And;
            for (Filter term : terms) {
                if (conjunction && isPlaneScan(term)) {
                    mask &= zoneColumns(term, shard.shard());
                }
            }
            for (Filter term : terms) {
                if (conjunction && !isPlaneScan(term) && mask != (1 << COLUMNS) - 1) {
                    int columns = Integer.bitCount(mask);
                    pages += columns;
                    lines.add("  " + render(term) + ": row lookup in " + columns + " of " + COLUMNS
                            + " container columns (the comparisons' zone maps rule out the rest)");
                } else {
                    lines.add("  " + render(term) + ": " + termInShard(term, shard.shard()));
                }
            }
        }
    }

    private String termInShard(Filter term, long shard) {
        if (term instanceof Filter.CompareFields fields) {
            boolean planes = table.column(new ColumnRef(fields.left(), fields.left())).type().isInteger();
            pages += planes ? planePages(fields.left(), List.of(new Snapshot.Shard(shard, 0)))
                    + planePages(fields.right(), List.of(new Snapshot.Shard(shard, 0))) : 2L * COLUMNS;
            return planes ? "the two fields' planes compared word by word, most significant plane first, in every column"
                    + " both hold values" : "per value of " + fields.left() + " in the shard, its row AND " + fields.right()
                    + "'s row of the same value";
        }
        if (!isPlaneScan(term)) {
            pages += COLUMNS;
            return "row lookup, up to " + COLUMNS + " containers";
        }
        RangePredicate predicate = predicateOf(term);
        long[] range = rangeOf(predicate);
        FieldDef field = table.column(new ColumnRef(fieldOf(term), fieldOf(term))).field();
        boolean negated = predicate.op() == RangePredicate.Op.NE;
        int skipped = 0;
        int whole = 0;
        int scanned = 0;
        int empty = 0;
        int depth = 0;
        ZoneMap zone = snapshot.zoneMap(table.name(), field.name(), shard);
        for (int c = 0; c < COLUMNS; c++) {
            if (zone.count(c) == 0) {
                empty++;
                continue;
            }
            long min = zone.min(c);
            long max = zone.max(c);
            boolean disjoint = max < range[0] || min > range[1];
            boolean inside = min >= range[0] && max <= range[1];
            if (negated ? inside : disjoint) {
                skipped++;
            } else if (negated ? disjoint : inside) {
                whole++;
                pages += 1;
            } else {
                scanned++;
                long base = snapshot.storage(table.name(), field.name()).base();
                int columnDepth = BsiLayout.depthOf(Math.max(Math.abs(min - base), Math.abs(max - base)));
                depth = Math.max(depth, columnDepth);
                pages += 2 + columnDepth;
            }
        }
        return "zone maps: " + skipped + " column" + (skipped == 1 ? "" : "s") + " skipped, " + whole
                + " counted whole from the exists row, " + scanned + " scanned plane by plane"
                + (scanned > 0 ? " (depth " + depth + ")" : "") + (empty > 0 ? ", " + empty + " without values" : "");
    }

    /** The container columns of {@code shard} whose zone map meets the term's range (bit c = column c). */
    private int zoneColumns(Filter term, long shard) {
        RangePredicate predicate = predicateOf(term);
        long[] range = rangeOf(predicate);
        boolean negated = predicate.op() == RangePredicate.Op.NE;
        FieldDef field = table.column(new ColumnRef(fieldOf(term), fieldOf(term))).field();
        ZoneMap zone = snapshot.zoneMap(table.name(), field.name(), shard);
        int mask = 0;
        for (int c = 0; c < COLUMNS; c++) {
            if (zone.count(c) > 0 && (negated || (zone.min(c) <= range[1] && zone.max(c) >= range[0]))) {
                mask |= 1 << c;
            }
        }
        return mask;
    }

    /** A plane-scan term as its field's kind compares stored numbers (the conversion the evaluator makes). */
    private RangePredicate predicateOf(Filter term) {
        FieldDef field = table.column(new ColumnRef(fieldOf(term), fieldOf(term))).field();
        return ((ScalarKind) FieldKinds.of(field)).predicate(term, field.name());
    }

    /** The stored numbers a predicate matches as [low, high], for != the value itself; [1, 0] when none. */
    private static long[] rangeOf(RangePredicate predicate) {
        if (predicate.op() == RangePredicate.Op.NE) {
            return new long[] {predicate.a(), predicate.a()};
        }
        long[] range = predicate.matchingRange();
        return range != null ? range : new long[] {1, 0};
    }

    private Filter singleIntegerComparison(Filter where) {
        return isPlaneScan(where) ? where : null;
    }

    private boolean isPlaneScan(Filter filter) {
        String field = fieldOf(filter);
        return field != null && !field.equals("id") && table.column(new ColumnRef(field, field)).type().isInteger();
    }

    private static String fieldOf(Filter filter) {
        return switch (filter) {
            case Filter.Compare c -> c.field();
            case Filter.Between b -> b.field();
            default -> null;
        };
    }

    private static String symbol(Filter.Op op) {
        return switch (op) {
            case EQ -> "=";
            case NE -> "!=";
            case LT -> "<";
            case LE -> "<=";
            case GT -> ">";
            case GE -> ">=";
        };
    }

    /** A filter in SQL-like text (timestamps as ISO instants). */
    static String render(Filter filter) {
        return switch (filter) {
            case Filter.All ignored -> "TRUE";
            case Filter.Compare c -> c.field() + " " + symbol(c.op()) + " " + literal(c.value());
            case Filter.CompareFields f -> f.left() + " " + symbol(f.op()) + " " + f.right();
            case Filter.Between b -> b.field() + " BETWEEN " + literal(b.low()) + " AND " + literal(b.high());
            case Filter.In in -> in.field() + " IN (" + in.values().stream().map(PlanExplainer::literal)
                    .collect(Collectors.joining(", ")) + ")";
            case Filter.IsNull isNull -> isNull.field() + " IS NULL";
            case Filter.Contains contains -> "list_contains(" + contains.field() + ", " + literal(contains.value()) + ")";
            case Filter.And and -> "(" + and.filters().stream().map(PlanExplainer::render).collect(Collectors.joining(" AND ")) + ")";
            case Filter.Or or -> "(" + or.filters().stream().map(PlanExplainer::render).collect(Collectors.joining(" OR ")) + ")";
            case Filter.Not not -> "NOT " + render(not.filter());
        };
    }

    private static String literal(Object value) {
        return switch (value) {
            case String s -> "'" + s.replace("'", "''") + "'";
            case Instant instant -> "TIMESTAMP '" + instant + "'";
            default -> String.valueOf(value);
        };
    }
}
