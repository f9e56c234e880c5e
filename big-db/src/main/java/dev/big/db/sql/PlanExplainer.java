package dev.big.db.sql;

import dev.big.db.FieldDef;
import dev.big.db.FieldType;
import dev.big.db.Filter;
import dev.big.db.Order;
import dev.big.db.Snapshot;
import dev.big.db.catalog.TableInfo;
import dev.big.db.query.ColumnPruning;
import dev.big.db.query.EngineAccess;
import dev.big.db.query.QueryEngine;
import dev.big.db.query.QueryPlan;
import dev.big.db.query.ShardPlan;
import dev.big.db.query.TermColumns;
import dev.big.engine.bsi.BsiLayout;
import dev.big.engine.bsi.ZoneVerdict;
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
 * in, and the {@link QueryPlan} the engine runs for it (its path, and per shard the container
 * columns each term rules out, counts whole or leaves to scan, and whether the shard is decided
 * before reading), then an estimate of the pages touched.
 *
 * <p>Every decision printed is the plan's: the explainer makes none of its own, so what EXPLAIN
 * says is what runs. Beyond the plan it reads only what its estimates need (a field's dictionary
 * and set counts from the catalog, the planes' depths). Page estimates count every container
 * read as one page, an upper bound (small containers live inline in leaves).
 */
final class PlanExplainer {

    private static final int COLUMNS = Coords.CONTAINERS_PER_ROW;
    private static final long COLUMN_WIDTH = 1L << Coords.CONTAINER_BITS;

    private final Snapshot snapshot;
    private final TableBinding table;
    private final QueryEngine engine;
    private final TableInfo info;
    private final List<String> lines = new ArrayList<>();
    private long pages;
    /** The plan printed: the one the statement runs (given, or asked of the engine for the filter evaluated). */
    private QueryPlan plan;

    private PlanExplainer(Snapshot snapshot, TableBinding table, QueryPlan plan) {
        this.snapshot = snapshot;
        this.table = table;
        this.engine = EngineAccess.of(snapshot);
        this.info = table.info();
        this.plan = plan;
    }

    /**
     * EXPLAIN of a statement whose runner does not hand over its plan: the engine is asked for the
     * plan of the filter for what the runner asks of it ({@link #askOf}).
     *
     * @param runner the runner of an aggregate query (null for a listing), which knows which path it takes
     */
    static SqlResult explain(Snapshot snapshot, TableBinding table, Query query, Filter where, int limit, AggregateRunner runner) {
        return explain(snapshot, table, query, where, limit, runner, null);
    }

    /**
     * EXPLAIN of a statement that runs {@code plan} (made by {@link QueryEngine#plan} for the
     * filter it evaluates: {@code where}, or for a listing the filter left once its cursor is taken
     * out); with a null plan the engine is asked for one as the statement's runner would.
     */
    static SqlResult explain(Snapshot snapshot, TableBinding table, Query query, Filter where, int limit, AggregateRunner runner,
                             QueryPlan plan) {
        PlanExplainer explainer = new PlanExplainer(snapshot, table, plan);
        explainer.describe(query, where, limit, runner);
        return new SqlResult(List.of("plan"), explainer.lines.stream().map(line -> List.<Object>of(line)).toList());
    }

    /**
     * The lines EXPLAIN prints for {@code plan} past the statement's shape and typed-API path: its
     * summary, how the filter's terms combine, and per shard its decisions. Execution and EXPLAIN
     * agree when these lines of a statement's EXPLAIN are those of the plan it ran.
     */
    static List<String> planLines(Snapshot snapshot, TableBinding table, QueryPlan plan) {
        PlanExplainer explainer = new PlanExplainer(snapshot, table, plan);
        explainer.describePlan(plan);
        return List.copyOf(explainer.lines);
    }

    private void describe(Query query, Filter where, int limit, AggregateRunner runner) {
        List<Snapshot.Shard> shards = engine.shards(info).stream().map(s -> new Snapshot.Shard(s[0], s[1])).toList();
        long records = shards.stream().mapToLong(Snapshot.Shard::records).sum();
        lines.add("table: " + table.name() + ", " + records + " records in " + shards.size() + " shard"
                + (shards.size() == 1 ? "" : "s"));
        Filter evaluated = switch (query) {
            case AggregateQuery aggregate -> {
                if (plan == null) {
                    plan = engine.plan(info, where, askOf(runner));
                }
                describeAggregate(aggregate, where, shards, runner);
                yield where;
            }
            case ListingQuery listing -> describeListing(listing, where, limit, shards);
            case JoinQuery join -> throw new IllegalStateException("a join is explained by JoinRunner");
        };
        lines.add("filter: " + (evaluated instanceof Filter.All ? "none (every record)" : render(evaluated)));
        boolean pointRead = query instanceof ListingQuery && ListingRunner.pointRead(where) != null;
        if (!pointRead) {
            if (plan == null) {
                plan = engine.plan(info, evaluated, QueryPlan.Ask.RECORDS);
            }
            describePlan(plan);
        }
        if (limit >= 0) {
            lines.add("limit: " + limit);
        }
        lines.add("estimated pages touched: " + pages + " (every container read counted as one 8 KiB page)");
    }

    /**
     * What a statement's runner asks of the engine for its filter, as far as the plan goes: a
     * count(*) counts, aggregates of planes total, one keyed key groups; a grouping pass reads the
     * matching records.
     */
    private QueryPlan.Ask askOf(AggregateRunner runner) {
        List<AggregateCall> calls = runner.aggregates();
        return switch (runner.path()) {
            case TYPED_API -> calls.stream().anyMatch(c -> c.function() == AggregateCall.Function.COUNT_STAR
                    || (c.column() != null && table.column(c.column()).isId())) ? QueryPlan.Ask.COUNT
                    : calls.stream().anyMatch(AggregateCall::readsPlanes) ? QueryPlan.Ask.TOTALS
                    : calls.stream().anyMatch(c -> c.function() == AggregateCall.Function.COUNT_DISTINCT) ? QueryPlan.Ask.GROUP_COUNT
                    : QueryPlan.Ask.RECORDS;
            case TYPED_API_PER_KEY -> QueryPlan.Ask.GROUP_COUNT;
            case GROUPING -> QueryPlan.Ask.RECORDS;
        };
    }

    /** The plan's summary, how its filter's terms combine, and per shard its decisions. */
    private void describePlan(QueryPlan plan) {
        lines.add("plan: " + plan.summary());
        if (!(plan.filter() instanceof Filter.All)) {
            lines.add("combine: " + combination(plan.filter()));
            describeShards(plan);
        }
    }

    // ------------------------------------------------------------------ shapes

    private void describeAggregate(AggregateQuery query, Filter where, List<Snapshot.Shard> shards, AggregateRunner runner) {
        pages += new AggregatePlan(this, snapshot, table, lines).describe(query, where, shards, runner);
    }

    /** How a count(*) over {@code where} runs: the path of the count plan (the plan printed, when it is one). */
    String countPath(Filter where) {
        QueryPlan count = plan != null && plan.ask() == QueryPlan.Ask.COUNT && plan.filter().equals(where) ? plan
                : engine.plan(info, where, QueryPlan.Ask.COUNT);
        return pathText(count.path());
    }

    /** What a plan's path does, in EXPLAIN's words. */
    static String pathText(QueryPlan.Path path) {
        return switch (path) {
            case RECORD_COUNTS -> "adds up the record counts kept with each shard's existence row, no data page is read";
            case CELL_COUNTS -> "one row (one per value of an IN list): adds up its record count in each shard, from the row"
                    + " counts the shard keeps (file format 3) or else the cardinalities kept in its cells, no container is read;"
                    + " the count is kept with this commit for the next ask";
            case ZONE_MAPS -> "one integer comparison: a shard the zone maps decide is counted from them, no plane read; in"
                    + " the others, zone maps decide per container column and the rest is counted from plane scans without"
                    + " materialising rows";
            case ORDER_INDEX -> "one comparison of a field with an order index: counted from the index's counts, one node per"
                    + " byte of the bound, no shard is read";
            case CELL_CARDINALITIES -> "adds up each row's record count in each shard, from the row counts the shard keeps (file"
                    + " format 3) or else the cardinalities kept in its cells, no container is read; the counts are kept with"
                    + " this commit for the next ask";
            case EVERY_RECORD -> "every record of each shard, from its existence row";
            case FILTER_BITMAP -> "the filter is evaluated per shard into a bitmap of matching columns, whose cardinality is the"
                    + " count; a shard where no container column can match is skipped";
        };
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
            long rows = limit < 0 ? engine.count(table.name(), where) : Math.min(limit, engine.count(table.name(), where));
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
        long rows = limit < 0 ? engine.count(table.name(), where) : Math.min(limit, engine.count(table.name(), where));
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
                    long sets = table.sets(field.name());
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
            return BsiLayout.depthOf(Math.max(1, table.dictionaryValues(field.name())));
        }
        int depth = 0;
        for (Snapshot.Shard shard : shards) {
            depth = Math.max(depth, engine.zoneMap(table.name(), field.name(), shard.shard()).depth());
        }
        return depth;
    }

    // ------------------------------------------------------------------ filters

    /**
     * How the evaluator combines the terms of an AND: the container columns every term can match
     * (the integer comparisons' zone maps, the id ranges) are decided first; row lookups then read
     * only those columns and are intersected; plane scans come last, restricted to their result.
     */
    private String combination(Filter where) {
        List<Filter> terms = ColumnPruning.conjuncts(where);
        ColumnPruning pruning = engine.pruning(info);
        if (terms.size() == 1 && pruning.isRange(terms.getFirst())) {
            return "one integer comparison, counted or scanned column by column from the zone maps";
        }
        if (terms.size() > 1) {
            List<String> rows = new ArrayList<>();
            List<String> planes = new ArrayList<>();
            for (Filter term : terms) {
                (pruning.isRange(term) ? planes : rows).add(render(term));
            }
            String zoneText = planes.isEmpty() || rows.isEmpty() ? ""
                    : "the zone maps of " + String.join(" AND ", planes) + " pick the container columns that can match; ";
            String rowsText = rows.isEmpty() ? "" : "rows of " + String.join(" AND ", rows)
                    + (planes.isEmpty() ? "" : ", read in those columns only,") + " are intersected first";
            String planesText = planes.isEmpty() ? "" : "plane scans of " + String.join(" AND ", planes)
                    + (rows.isEmpty() ? "" : " then visit only their result");
            return zoneText + rowsText + (rows.isEmpty() || planes.isEmpty() ? "" : "; ") + planesText;
        }
        return switch (terms.getFirst()) {
            case Filter.Or or -> "the rows of the " + or.filters().size() + " alternatives are united";
            case Filter.Not not -> "NOT takes the records where the term is false (not unknown): present values that do not"
                    + " match";
            case Filter.In in when plan.path() == QueryPlan.Path.CELL_COUNTS -> "one row lookup per value";
            default -> "one row lookup";
        };
    }

    /** Per shard of the plan: its records, whether it is decided before reading, and each term's say on its columns. */
    private void describeShards(QueryPlan plan) {
        boolean conjunction = ColumnPruning.conjuncts(plan.filter()).size() > 1;
        for (ShardPlan shard : plan.shards()) {
            long first = Coords.recordId(shard.shard(), 0);
            lines.add("shard " + shard.shard() + " (ids " + first + ".." + (first + Coords.SHARD_WIDTH - 1) + "): " + shard.records()
                    + " records" + decision(plan, shard));
            for (TermColumns term : shard.terms()) {
                if (shard.containerColumns() == 0 && plan.path() != QueryPlan.Path.ZONE_MAPS) {
                    lines.add("  " + render(term.term()) + ": " + ruledOut(term));
                } else if (plan.path() == QueryPlan.Path.CELL_COUNTS) {
                    pages += 1;
                    lines.add("  " + render(term.term()) + (term.term() instanceof Filter.In ? ": each value's row's" : ": its row's")
                            + " record count (kept with the shard, or its cells' cardinalities), no container is read");
                } else if (conjunction && term.by() == TermColumns.By.NONE && shard.containerColumns() != ColumnPruning.ALL_COLUMNS) {
                    int columns = Integer.bitCount(shard.containerColumns());
                    pages += columns;
                    lines.add("  " + render(term.term()) + ": row lookup in " + columns + " of " + COLUMNS
                            + " container columns (the other terms rule out the rest)");
                } else {
                    lines.add("  " + render(term.term()) + ": " + termInShard(term, shard));
                }
            }
        }
    }

    /** What the plan decided about {@code shard} before reading, after its record count. */
    private static String decision(QueryPlan plan, ShardPlan shard) {
        if (!shard.isDecided()) {
            return plan.path() == QueryPlan.Path.ZONE_MAPS ? "; left to scan" : "";
        }
        if (plan.path() == QueryPlan.Path.ZONE_MAPS) {
            return "; decided by the zone maps: " + shard.decided() + " match, no plane is read";
        }
        return shard.containerColumns() == 0 ? "; no container column can match: skipped, nothing is read" : "; decided before reading";
    }

    /** A term of a shard no column of which can match: what it says (the reason, or nothing to read). */
    private static String ruledOut(TermColumns term) {
        return switch (term.by()) {
            case RANGE, VALUES -> zoneText(term.zones());
            case ID_RANGE -> "id range: " + Integer.bitCount(term.containerColumns()) + " of " + COLUMNS + " container columns";
            case NONE -> "not read";
        };
    }

    private String termInShard(TermColumns term, ShardPlan shard) {
        if (term.term() instanceof Filter.CompareFields fields) {
            boolean planes = table.column(new ColumnRef(fields.left(), fields.left())).type().isInteger();
            pages += planes ? planePages(fields.left(), List.of(new Snapshot.Shard(shard.shard(), 0)))
                    + planePages(fields.right(), List.of(new Snapshot.Shard(shard.shard(), 0))) : 2L * COLUMNS;
            return planes ? "the two fields' planes compared word by word, most significant plane first, in every column"
                    + " both hold values" : "per value of " + fields.left() + " in the shard, its row AND " + fields.right()
                    + "'s row of the same value";
        }
        return switch (term.by()) {
            case RANGE, VALUES -> {
                ZoneVerdict verdict = term.zones().verdict();
                if (!shard.isDecided()) {
                    pages += Integer.bitCount(verdict.whole()) + 2L * Integer.bitCount(verdict.scanned()) + term.zones().planes();
                }
                yield zoneText(term.zones());
            }
            case ID_RANGE -> {
                int columns = Integer.bitCount(term.containerColumns());
                pages += columns;
                yield "id range: " + columns + " of " + COLUMNS + " container columns can hold it (arithmetic on the ids)";
            }
            case NONE -> {
                pages += COLUMNS;
                yield "row lookup, up to " + COLUMNS + " containers";
            }
        };
    }

    /** A zone map's verdict on a term in one shard, column by column. */
    private static String zoneText(TermColumns.Zones zones) {
        ZoneVerdict verdict = zones.verdict();
        int skipped = Integer.bitCount(verdict.skipped());
        int whole = Integer.bitCount(verdict.whole());
        int scanned = Integer.bitCount(verdict.scanned());
        int empty = Integer.bitCount(verdict.empty());
        return "zone maps: " + skipped + " column" + (skipped == 1 ? "" : "s") + " skipped, " + whole
                + " counted whole from the exists row, " + scanned + " scanned plane by plane"
                + (scanned > 0 ? " (depth " + zones.depth() + ")" : "") + (empty > 0 ? ", " + empty + " without values" : "");
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
