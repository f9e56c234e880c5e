package dev.big.db.sql;

import dev.big.db.FieldDef;
import dev.big.db.FieldType;
import dev.big.db.Filter;
import dev.big.db.Order;
import dev.big.db.Snapshot;
import dev.big.db.query.EngineAccess;
import dev.big.db.query.QueryEngine;
import dev.big.db.query.QueryPlan;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;

/**
 * Answers a {@link JoinQuery}: the first table is the probe side; every joined table is read
 * whole (after its own conditions) into a hash map by its key, the build side
 * ({@link JoinedRows}). Two strategies:
 * <ul>
 *   <li><b>bitmap group-by</b> ({@link JoinGroupBy}), for aggregates over the first table's columns
 *       of a star join: a one-table aggregate of the first table grouped by its keys and the join
 *       keys, its rows mapped through the joined tables;
 *   <li><b>hash join</b>, for everything else (listings, aggregates of joined tables' columns,
 *       count(DISTINCT), quantiles, snowflake joins): the first table's matching records are read a
 *       page of ids at a time, joined through the maps, and listed or aggregated in memory
 *       ({@link JoinedAggregates}).
 * </ul>
 * NULL keys never match; a LEFT JOIN keeps the rows without a match with NULLs, as DuckDB does.
 */
final class JoinRunner {

    private final Snapshot snapshot;
    private final QueryEngine engine;
    private final JoinQuery query;
    private final JoinBinding binding;
    private final List<Object> parameters;
    private final boolean literals;
    private final int tables;
    private final JoinedRows joined;
    /** The aggregate statement's slots and types, checked against the tables (null for a listing). */
    private final AggregateShape shape;

    JoinRunner(Snapshot snapshot, JoinQuery query, List<Object> parameters, boolean literals) {
        this.snapshot = snapshot;
        this.engine = EngineAccess.of(snapshot);
        this.query = query;
        this.binding = new JoinBinding(engine, query);
        this.parameters = parameters;
        this.literals = literals;
        this.tables = query.sources().size();
        this.joined = new JoinedRows(engine, binding, parameters);
        this.shape = query.aggregate() == null ? null : AggregateShape.of(query.aggregate(), binding);
        if (shape != null) {
            for (GroupKeyExpr key : query.aggregate().keys()) {
                need(key.column());
            }
            for (AggregateCall call : shape.slots()) {
                if (call.column() != null) {
                    need(call.column());
                }
            }
        } else {
            for (JoinQuery.Projection projection : query.listing().projections()) {
                switch (projection) {
                    case JoinQuery.AllColumns all -> {
                        for (int t = 0; t < tables; t++) {
                            if (all.qualifier() == null || query.sources().get(t).qualifier().equalsIgnoreCase(all.qualifier())) {
                                for (FieldDef field : binding.table(t).fields()) {
                                    joined.need(new JoinBinding.Bound(t, new TableBinding.BoundColumn(field.name(), field)));
                                }
                            }
                        }
                    }
                    case JoinQuery.Column column -> need(column.column());
                }
            }
            for (JoinQuery.SortColumn sort : query.listing().orderBy()) {
                TableBinding.BoundColumn column = binding.column(sort.column());
                if (!column.isId() && column.type() == FieldType.SET) {
                    throw SqlErrors.invalid("joined rows are ordered by id, int, timestamp, decimal, bool or keyed columns; "
                            + column.name() + " is " + column.typeLabel(), "ORDER BY " + sort.column().sql());
                }
                need(sort.column());
            }
        }
    }

    /** The join's tables bound to the snapshot's schema. */
    JoinBinding binding() {
        return binding;
    }

    private void need(ColumnRef column) {
        joined.need(binding.resolve(column));
    }

    // ------------------------------------------------------------------ running

    SqlResult run(int limit) {
        JoinedRows.Build build = joined.build();
        if (shape != null) {
            List<Object[]> groups = JoinGroupBy.answers(binding, shape) ? groupBy().groups(build) : hashGroups(build);
            return AggregateRunner.answer(query.aggregate(), shape, new ResultArithmetic(parameters), groups, limit, parameters,
                    literals);
        }
        return listing(build, limit);
    }

    private JoinGroupBy groupBy() {
        return new JoinGroupBy(snapshot, binding, shape, joined, parameters);
    }

    /** The lines of EXPLAIN: the tables, how each joins, and the strategy that answers. */
    SqlResult explain(int limit) {
        JoinedRows.Build build = joined.build();
        List<String> lines = new ArrayList<>();
        JoinQuery.Source first = query.sources().getFirst();
        lines.add("join: " + tables + " tables; " + first.table() + (first.qualifier().equals(first.table()) ? "" : " " + first.qualifier())
                + " is the probe side, read through its bitmaps: " + (build.probe() instanceof Filter.All ? "every record"
                : PlanExplainer.render(build.probe())));
        TableBinding firstTable = binding.table(0);
        for (String line : PlanExplainer.planLines(snapshot, firstTable, engine.plan(firstTable.info(), build.probe(), QueryPlan.Ask.RECORDS))) {
            lines.add("  " + line);
        }
        for (int t = 1; t < tables; t++) {
            JoinQuery.Source source = query.sources().get(t);
            lines.add("  " + source.kind() + " JOIN " + source.table() + " " + source.qualifier() + " on "
                    + query.sources().get(binding.otherTable(t)).qualifier() + "." + binding.other(t).column().name() + " = "
                    + source.qualifier() + "." + binding.key(t).name()
                    + ": build side of " + build.records()[t] + " records (" + build.maps().get(t).size()
                    + " keys) read into a hash map"
                    + (build.inLists()[t] ? "; its keys are an IN list on " + first.qualifier() + "." + binding.other(t).column().name() : "")
                    + (joined.where(t) != null && source.kind() == JoinQuery.Kind.LEFT
                            ? "; WHERE " + joined.where(t).sql() + " applies to the joined rows" : ""));
        }
        if (shape != null) {
            if (JoinGroupBy.answers(binding, shape)) {
                lines.add(groupBy().strategy(build));
            } else {
                lines.add("strategy: hash join: the matching records of " + first.table() + " read a page of ids at a time, joined"
                        + " through the hash maps, aggregated in memory");
            }
        } else {
            lines.add("strategy: hash join: the matching records of " + first.table() + " read a page of ids at a time"
                    + (streams() ? " in id order, stopping at the LIMIT" : ", all joined rows sorted")
                    + ", joined through the hash maps");
        }
        if (limit >= 0) {
            lines.add("limit: " + limit);
        }
        List<List<Object>> rows = new ArrayList<>();
        for (String line : lines) {
            rows.add(List.of(line));
        }
        return new SqlResult(List.of("plan"), rows, List.of(new ColumnType(ColumnType.Kind.VARCHAR, 0, false)));
    }

    private Object value(Object[][] row, JoinBinding.Bound column) {
        return joined.value(row, column);
    }

    // ------------------------------------------------------------------ listings

    /** Whether the listing's rows come in the probe side's id order, so that a LIMIT stops the reading. */
    private boolean streams() {
        List<JoinQuery.SortColumn> order = query.listing().orderBy();
        return order.isEmpty() || (order.size() == 1 && binding.resolve(order.getFirst().column()).table() == 0
                && binding.resolve(order.getFirst().column()).column().isId());
    }

    private SqlResult listing(JoinedRows.Build build, int limit) {
        List<String> names = new ArrayList<>();
        List<ColumnType> types = new ArrayList<>();
        List<List<Object>> rows = new ArrayList<>();
        listingRows(build, limit, names, types).forEachRemaining(rows::add);
        return new SqlResult(names, rows, types);
    }

    /**
     * The listing as a cursor that reads as it goes: in the probe side's id order a page of ids at a
     * time (the snapshot must stay open while it is read); in any other order every joined row is
     * read and sorted first.
     */
    SqlCursor cursor(int limit) {
        List<String> names = new ArrayList<>();
        List<ColumnType> types = new ArrayList<>();
        Iterator<List<Object>> rows = listingRows(joined.build(), limit, names, types);
        return new SqlCursor(names, types, rows, null);
    }

    /** The listing's rows, at most {@code limit} (negative: all); fills in the columns' {@code names} and {@code types}. */
    private Iterator<List<Object>> listingRows(JoinedRows.Build build, int limit, List<String> names, List<ColumnType> types) {
        List<JoinBinding.Bound> columns = new ArrayList<>();
        columns(names, types, columns);
        JoinQuery.Listing listing = query.listing();
        Iterator<Object[][]> rows;
        if (limit == 0) {
            rows = Collections.emptyIterator();
        } else if (streams()) {
            rows = joined.iterator(build, listing.orderBy().isEmpty() || !listing.orderBy().getFirst().descending() ? Order.ASC
                    : Order.DESC);
        } else {
            rows = sorted(joined.iterator(build, Order.ASC), limit);
        }
        return new Iterator<>() {
            private long left = limit < 0 ? Long.MAX_VALUE : limit;

            @Override
            public boolean hasNext() {
                return left > 0 && rows.hasNext();
            }

            @Override
            public List<Object> next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                left--;
                Object[][] row = rows.next();
                Object[] values = new Object[columns.size()];
                for (int c = 0; c < values.length; c++) {
                    values[c] = value(row, columns.get(c));
                }
                return ResultRow.of(values);
            }
        };
    }

    /**
     * {@code rows} in the listing's ORDER BY (as {@link ResultOrder} orders result rows: NULLs last
     * unless written first), at most {@code limit} of them (negative: all): with a LIMIT only the
     * first {@code limit} are kept while reading, in a heap, not every joined row.
     */
    private Iterator<Object[][]> sorted(Iterator<Object[][]> rows, int limit) {
        List<JoinQuery.SortColumn> sort = query.listing().orderBy();
        List<JoinBinding.Bound> columns = sort.stream().map(s -> binding.resolve(s.column())).toList();
        List<AggregateQuery.SortKey> keys = new ArrayList<>();
        for (int i = 0; i < sort.size(); i++) {
            keys.add(new AggregateQuery.SortKey(i, sort.get(i).descending(), sort.get(i).nullsFirst()));
        }
        Comparator<Object[]> byValues = ResultOrder.of(keys);
        Comparator<Sortable> order = (a, b) -> byValues.compare(a.values(), b.values());
        PriorityQueue<Sortable> kept = new PriorityQueue<>(order.reversed());
        List<Sortable> all = new ArrayList<>();
        while (rows.hasNext()) {
            Object[][] row = rows.next();
            Object[] values = new Object[columns.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = value(row, columns.get(i));
            }
            Sortable sortable = new Sortable(values, row);
            if (limit < 0) {
                all.add(sortable);
            } else if (kept.size() < limit) {
                kept.add(sortable);
            } else if (order.compare(sortable, kept.peek()) < 0) {
                kept.poll();
                kept.add(sortable);
            }
        }
        if (limit >= 0) {
            all.addAll(kept);
        }
        all.sort(order);
        return all.stream().map(Sortable::row).iterator();
    }

    /** A joined row and the values it is sorted by. */
    private record Sortable(Object[] values, Object[][] row) {}

    /** The names and types of the listing's columns (what {@code describe} answers without running). */
    List<ColumnType> listingTypes(List<String> names) {
        List<ColumnType> types = new ArrayList<>();
        columns(names, types, new ArrayList<>());
        return types;
    }

    private void columns(List<String> names, List<ColumnType> types, List<JoinBinding.Bound> columns) {
        for (JoinQuery.Projection projection : query.listing().projections()) {
            switch (projection) {
                case JoinQuery.AllColumns all -> {
                    for (int t = 0; t < tables; t++) {
                        JoinQuery.Source source = query.sources().get(t);
                        if (all.qualifier() != null && !source.qualifier().equalsIgnoreCase(all.qualifier())) {
                            continue;
                        }
                        // * leaves out a USING key of the joined table, which equals the earlier table's (as DuckDB does).
                        String using = all.qualifier() == null && source.other() != null && source.other().qualifier() == null
                                ? binding.key(t).name() : null;
                        List<TableBinding.BoundColumn> tableColumns = new ArrayList<>();
                        tableColumns.add(new TableBinding.BoundColumn("id", null));
                        binding.table(t).fields().forEach(f -> tableColumns.add(new TableBinding.BoundColumn(f.name(), f)));
                        for (TableBinding.BoundColumn column : tableColumns) {
                            if (!column.name().equals(using)) {
                                add(new JoinBinding.Bound(t, column), column.name(), names, types, columns);
                            }
                        }
                    }
                }
                case JoinQuery.Column column -> add(binding.resolve(column.column()), column.name(), names, types, columns);
            }
        }
    }

    private void add(JoinBinding.Bound column, String name, List<String> names, List<ColumnType> types, List<JoinBinding.Bound> columns) {
        names.add(StatementTemplate.asWritten(name, parameters, literals));
        ColumnType type = column.column().isId() ? ColumnType.ID : ColumnType.of(column.column().field());
        boolean nullable = type.nullable() || mayBeNullExtended(column.table());
        types.add(new ColumnType(type.kind(), type.scale(), nullable));
        columns.add(column);
    }

    /** Whether table {@code t}'s columns may be NULL for want of a match: it or a table it hangs from is left-joined. */
    private boolean mayBeNullExtended(int t) {
        for (int at = t; at > 0; at = binding.otherTable(at)) {
            if (query.sources().get(at).kind() == JoinQuery.Kind.LEFT) {
                return true;
            }
        }
        return false;
    }

    // ------------------------------------------------------------------ aggregates: hash join

    private List<Object[]> hashGroups(JoinedRows.Build build) {
        AggregateQuery aggregate = query.aggregate();
        List<AggregateCall> slots = shape.slots();
        List<GroupKeyExpr> queryKeys = aggregate.keys();
        List<JoinBinding.Bound> keyColumns = queryKeys.stream().map(k -> binding.resolve(k.column())).toList();
        JoinedAggregates.Slot[] accumulators = new JoinedAggregates.Slot[slots.size()];
        for (int i = 0; i < slots.size(); i++) {
            AggregateCall call = slots.get(i);
            JoinBinding.Bound column = call.column() == null ? null : binding.resolve(call.column());
            JoinedAggregates.RowFilter filter = JoinedAggregates.RowFilter.ALL;
            if (call.filter() != null) {
                BitSet on = binding.tablesOf(call.filter());
                if (on.cardinality() != 1) {
                    throw SqlErrors.unsupported("FILTER on columns of several tables", call.sql(),
                            "an aggregate's FILTER (WHERE ...) is on one table's columns");
                }
                int t = on.nextSetBit(0);
                long[] ids = joined.ids(binding.table(t).info(), joined.binder(t).bind(call.filter()));
                boolean nulls = Boolean.TRUE.equals(Predicates.onNulls(call.filter()));
                filter = row -> row[t] == null ? nulls : Arrays.binarySearch(ids, (Long) row[t][0]) >= 0;
            }
            accumulators[i] = new JoinedAggregates.Slot(call, column == null ? null : column.column(), filter,
                    column == null ? row -> null : row -> value(row, column));
        }
        JoinedAggregates groups = new JoinedAggregates(accumulators);
        for (Iterator<Object[][]> rows = joined.iterator(build, Order.ASC); rows.hasNext(); ) {
            Object[][] row = rows.next();
            Object[] key = new Object[queryKeys.size()];
            for (int k = 0; k < key.length; k++) {
                key[k] = queryKeys.get(k).valueOf(keyColumns.get(k).column(), value(row, keyColumns.get(k)));
            }
            groups.add(Arrays.asList(key), row);
        }
        return groups.groups(queryKeys.isEmpty());
    }
}
