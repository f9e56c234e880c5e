package dev.big.db.sql;

import dev.big.db.FieldDef;
import dev.big.db.FieldType;
import dev.big.db.Filter;
import dev.big.db.Order;
import dev.big.db.Snapshot;
import dev.big.db.Sum;
import dev.big.db.catalog.TableInfo;
import dev.big.db.query.EngineAccess;
import dev.big.db.query.FieldReader;
import dev.big.db.query.GroupKey;
import dev.big.db.query.QueryEngine;
import dev.big.db.query.QueryPlan;
import dev.big.db.query.TableReader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import java.util.function.Consumer;

/**
 * Answers a {@link JoinQuery}. The first table is the probe side; every joined table is read whole
 * (after its own conditions) into a hash map by its key, which is the build side. Two strategies:
 * <ul>
 *   <li><b>bitmap group-by</b>, for aggregates over the first table's columns (count, sum, min,
 *       max, avg, each with any FILTER on that table) of a star join (every key compared with a
 *       column of the first table): a one-table aggregate of the first table, grouped by its own
 *       GROUP BY keys and by the join keys it holds ({@link AggregateRunner}, so counts and sums
 *       come from stored counts, the bitmaps and the planes, no record read); each of its rows is
 *       then mapped through the joined tables' maps by its key values and added into the
 *       statement's groups. A dimension key found twice adds the row twice, as the join's rows would;
 *   <li><b>hash join</b>, for everything else (listings, aggregates of joined tables' columns,
 *       count(DISTINCT), quantiles, snowflake joins): the first table's matching records are read a
 *       page of ids at a time, joined through the maps, and listed or aggregated in memory.
 * </ul>
 * Both start the same way: a WHERE term is on one table (a term comparing two tables' columns is
 * refused); the first table's terms and an inner-joined table's terms filter that table through
 * its bitmaps, and the keys an inner join's filtered build side holds become an IN list on the first
 * table's column when they are few. A left-joined table's WHERE terms apply to the joined rows: a
 * matched row passes when its record matches them, a row without a match when they are true of
 * NULLs ({@link Predicates#onNulls}). NULL keys never match; a LEFT JOIN keeps the rows without a match with
 * NULLs, as DuckDB does.
 */
final class JoinRunner {

    /** At most this many keys of a filtered build side become an IN list on the probe side. */
    static final int IN_LIST_KEYS = 10_000;
    /**
     * How many probe ids are read and joined at first; each next page is twice as large, up to a
     * shard's ids ({@link #MAX_PAGE}). The engine evaluates the filter over the whole shard of a
     * page's cursor on each ask, so pages of a fixed 4,096 ids evaluated a shard 256 times.
     */
    private static final int PAGE = 4096;
    private static final int MAX_PAGE = 1 << 20;

    private final Snapshot snapshot;
    private final QueryEngine engine;
    private final JoinQuery query;
    private final JoinBinding binding;
    private final List<Object> parameters;
    private final boolean literals;
    private final int tables;
    private final PredicateBinder[] binders;
    /** Per table, the WHERE terms on it alone. */
    private final List<List<Predicate>> whereTerms = new ArrayList<>();
    /** Per table, what is read of its records. */
    private final Side[] sides;
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
        this.binders = new PredicateBinder[tables];
        for (int t = 0; t < tables; t++) {
            binders[t] = new PredicateBinder(binding.table(t), parameters);
            whereTerms.add(new ArrayList<>());
        }
        for (Predicate term : Predicates.conjuncts(query.where())) {
            BitSet on = binding.tablesOf(term);
            if (on.cardinality() != 1) {
                throw SqlErrors.unsupported("WHERE condition on columns of several tables", term.sql(),
                        "each condition of a join's WHERE is on one table's columns, AND-ed; tables are matched by their"
                                + " ON key alone");
            }
            whereTerms.get(on.nextSetBit(0)).add(term);
        }
        this.sides = new Side[tables];
        for (int t = 0; t < tables; t++) {
            sides[t] = new Side(t);
        }
        for (int t = 1; t < tables; t++) {
            sides[t].need(binding.key(t));
            JoinBinding.Bound other = binding.other(t);
            sides[other.table()].need(other.column());
        }
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
                                    sides[t].need(new TableBinding.BoundColumn(field.name(), field));
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
        JoinBinding.Bound bound = binding.resolve(column);
        sides[bound.table()].need(bound.column());
    }

    // ------------------------------------------------------------------ running

    SqlResult run(int limit) {
        Build build = build();
        if (shape != null) {
            List<Object[]> groups = bitmapAggregate() ? bitmapGroups(build) : hashGroups(build);
            return AggregateRunner.answer(query.aggregate(), shape, new ResultArithmetic(parameters), groups, limit, parameters,
                    literals);
        }
        return listing(build, limit);
    }

    /** The lines of EXPLAIN: the tables, how each joins, and the strategy that answers. */
    SqlResult explain(int limit) {
        Build build = build();
        List<String> lines = new ArrayList<>();
        JoinQuery.Source first = query.sources().getFirst();
        lines.add("join: " + tables + " tables; " + first.table() + (first.qualifier().equals(first.table()) ? "" : " " + first.qualifier())
                + " is the probe side, read through its bitmaps: " + (build.probe instanceof Filter.All ? "every record"
                : PlanExplainer.render(build.probe)));
        TableBinding firstTable = binding.table(0);
        for (String line : PlanExplainer.planLines(snapshot, firstTable, engine.plan(firstTable.info(), build.probe, QueryPlan.Ask.RECORDS))) {
            lines.add("  " + line);
        }
        for (int t = 1; t < tables; t++) {
            JoinQuery.Source source = query.sources().get(t);
            lines.add("  " + source.kind() + " JOIN " + source.table() + " " + source.qualifier() + " on "
                    + query.sources().get(binding.otherTable(t)).qualifier() + "." + binding.other(t).column().name() + " = "
                    + source.qualifier() + "." + binding.key(t).name()
                    + ": build side of " + build.rows[t] + " records (" + build.maps.get(t).size() + " keys) read into a hash map"
                    + (build.inLists[t] ? "; its keys are an IN list on " + first.qualifier() + "." + binding.other(t).column().name() : "")
                    + (!whereTerms.get(t).isEmpty() && source.kind() == JoinQuery.Kind.LEFT
                            ? "; WHERE " + Predicates.and(whereTerms.get(t)).sql() + " applies to the joined rows" : ""));
        }
        if (shape != null) {
            if (bitmapAggregate()) {
                ProbeAggregate probe = probeAggregate();
                List<String> keys = probe.query().keys().stream().map(key -> IntegerDivisionText.restore(key.sql())).toList();
                String path = switch (probe.runner(build).path()) {
                    case TYPED_API, TYPED_API_PER_KEY -> "the typed API's counts and sums per key";
                    case GROUPING -> "one grouping pass";
                };
                lines.add("strategy: bitmap group-by: " + first.table() + " aggregated by " + String.join(", ", keys) + " ("
                        + path + ", from its bitmaps and planes, no record read), each row mapped through the joined tables by"
                        + " its keys and added into the result's groups");
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

    // ------------------------------------------------------------------ build sides

    /**
     * The build sides read: per joined table its records by key ({@code maps}), how many it read,
     * and for a left-joined table with WHERE terms the ids of its records that pass them; the probe
     * side's filter, with the IN lists taken from inner joins ({@code inLists}); {@code empty} when
     * an inner join's build side is empty (no row can come out).
     */
    private record Build(List<Map<Object, List<Object[]>>> maps, long[] rows, long[][] passing, boolean[] nullsPass,
                         Filter probe, boolean[] inLists, boolean empty) {}

    private Build build() {
        List<Map<Object, List<Object[]>>> maps = new ArrayList<>();
        maps.add(Map.of());
        long[] rows = new long[tables];
        long[][] passing = new long[tables][];
        boolean[] nullsPass = new boolean[tables];
        boolean[] inLists = new boolean[tables];
        List<Filter> probe = new ArrayList<>();
        Predicate probeWhere = Predicates.and(whereTerms.getFirst());
        if (probeWhere != null) {
            probe.add(binders[0].bind(probeWhere));
        }
        boolean empty = false;
        for (int t = 1; t < tables; t++) {
            JoinQuery.Source source = query.sources().get(t);
            List<Predicate> own = new ArrayList<>(Predicates.conjuncts(source.on()));
            boolean inner = source.kind() == JoinQuery.Kind.INNER;
            if (inner) {
                own.addAll(whereTerms.get(t));
            }
            Filter filter = own.isEmpty() ? Filter.all() : binders[t].bind(Predicates.and(own));
            Side side = sides[t];
            int keySlot = side.slot(binding.key(t));
            Map<Object, List<Object[]>> map = new HashMap<>();
            long[] ids = ids(binding.table(t).info(), filter);
            rows[t] = ids.length;
            for (long id : ids) {
                Object[] row = side.read(id);
                if (row != null && row[keySlot] != null) {
                    map.computeIfAbsent(row[keySlot], k -> new ArrayList<>(1)).add(row);
                }
            }
            maps.add(map);
            if (!inner && !whereTerms.get(t).isEmpty()) {
                List<Predicate> terms = new ArrayList<>(Predicates.conjuncts(source.on()));
                terms.addAll(whereTerms.get(t));
                passing[t] = ids(binding.table(t).info(), binders[t].bind(Predicates.and(terms)));
                nullsPass[t] = Boolean.TRUE.equals(Predicates.onNulls(Predicates.and(whereTerms.get(t))));
            }
            JoinBinding.Bound other = binding.other(t);
            if (inner && map.isEmpty()) {
                empty = true;
            } else if (inner && !own.isEmpty() && other.table() == 0 && !other.column().isId() && map.size() <= IN_LIST_KEYS) {
                probe.add(new Filter.In(other.column().name(), new ArrayList<>(map.keySet())));
                inLists[t] = true;
            }
        }
        Filter probeFilter = probe.isEmpty() ? Filter.all() : probe.size() == 1 ? probe.getFirst() : Filter.and(probe);
        return new Build(maps, rows, passing, nullsPass, probeFilter, inLists, empty);
    }

    /** The ids of {@code table}'s records matching {@code filter}, ascending. */
    private long[] ids(TableInfo table, Filter filter) {
        long count = engine.count(engine.plan(table, filter, QueryPlan.Ask.COUNT));
        if (count > Integer.MAX_VALUE - 16) {
            throw SqlErrors.unsupported("join side of " + count + " records", table.name(),
                    "a side of a join holds at most 2^31 records after its conditions");
        }
        return count == 0 ? new long[0] : engine.ids(table, filter, Order.ASC, (int) count, null);
    }

    // ------------------------------------------------------------------ joining rows

    /** The rows of left-joined table {@code t} that survive its WHERE terms: {@code matched}, or one of NULLs when none matched. */
    private List<Object[]> leftRows(Build build, int t, List<Object[]> matched) {
        List<Object[]> rows = matched.isEmpty() ? Collections.singletonList(null) : matched;
        if (build.passing[t] == null) {
            return rows;
        }
        List<Object[]> kept = new ArrayList<>(rows.size());
        for (Object[] row : rows) {
            boolean passes = row == null ? build.nullsPass[t] : Arrays.binarySearch(build.passing[t], (Long) row[0]) >= 0;
            if (passes) {
                kept.add(row);
            }
        }
        return kept;
    }

    /** Joins {@code partial} (tables before {@code t} filled) through tables {@code t} on, handing each complete row to {@code out}. */
    private void join(Build build, Object[][] partial, int t, Consumer<Object[][]> out) {
        if (t == tables) {
            out.accept(partial.clone());
            return;
        }
        JoinBinding.Bound other = binding.other(t);
        Object[] from = partial[other.table()];
        Object key = from == null ? null : from[sides[other.table()].slot(other.column())];
        List<Object[]> matched = key == null ? List.of() : build.maps.get(t).getOrDefault(key, List.of());
        List<Object[]> rows = query.sources().get(t).kind() == JoinQuery.Kind.LEFT ? leftRows(build, t, matched) : matched;
        for (Object[] row : rows) {
            partial[t] = row;
            join(build, partial, t + 1, out);
        }
        partial[t] = null;
    }

    /**
     * The joined rows of the probe side's matching records in {@code order}, read a page of ids at a
     * time (from {@link #PAGE} up to a shard's) as the rows are asked for: a listing streamed through
     * a cursor holds one page of ids and the joined rows of one record, whatever the size of the join.
     */
    private Iterator<Object[][]> joinedRows(Build build, Order order) {
        TableInfo info = binding.table(0).info();
        return new Iterator<>() {
            private final ArrayDeque<Object[][]> ready = new ArrayDeque<>();
            private final Object[][] partial = new Object[tables][];
            private long[] page = new long[0];
            private int pageSize = PAGE;
            private int next;
            private Long after;
            private boolean lastPage = build.empty;

            @Override
            public boolean hasNext() {
                while (ready.isEmpty()) {
                    if (next == page.length) {
                        if (lastPage) {
                            return false;
                        }
                        page = engine.ids(info, build.probe, order, pageSize, after);
                        next = 0;
                        lastPage = page.length < pageSize;
                        pageSize = Math.min(MAX_PAGE, pageSize * 2);
                        if (page.length == 0) {
                            return false;
                        }
                        after = page[page.length - 1];
                    }
                    Object[] row = sides[0].read(page[next++]);
                    if (row != null) {
                        partial[0] = row;
                        join(build, partial, 1, ready::add);
                    }
                }
                return true;
            }

            @Override
            public Object[][] next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return ready.poll();
            }
        };
    }

    private Object value(Object[][] row, JoinBinding.Bound column) {
        Object[] part = row[column.table()];
        return part == null ? null : part[sides[column.table()].slot(column.column())];
    }

    // ------------------------------------------------------------------ listings

    /** Whether the listing's rows come in the probe side's id order, so that a LIMIT stops the reading. */
    private boolean streams() {
        List<JoinQuery.SortColumn> order = query.listing().orderBy();
        return order.isEmpty() || (order.size() == 1 && binding.resolve(order.getFirst().column()).table() == 0
                && binding.resolve(order.getFirst().column()).column().isId());
    }

    private SqlResult listing(Build build, int limit) {
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
        Iterator<List<Object>> rows = listingRows(build(), limit, names, types);
        return new SqlCursor(names, types, rows, null);
    }

    /** The listing's rows, at most {@code limit} (negative: all); fills in the columns' {@code names} and {@code types}. */
    private Iterator<List<Object>> listingRows(Build build, int limit, List<String> names, List<ColumnType> types) {
        List<JoinBinding.Bound> columns = new ArrayList<>();
        columns(names, types, columns);
        JoinQuery.Listing listing = query.listing();
        Iterator<Object[][]> joined;
        if (limit == 0) {
            joined = Collections.emptyIterator();
        } else if (streams()) {
            joined = joinedRows(build, listing.orderBy().isEmpty() || !listing.orderBy().getFirst().descending() ? Order.ASC : Order.DESC);
        } else {
            joined = sorted(joinedRows(build, Order.ASC), limit);
        }
        return new Iterator<>() {
            private long left = limit < 0 ? Long.MAX_VALUE : limit;

            @Override
            public boolean hasNext() {
                return left > 0 && joined.hasNext();
            }

            @Override
            public List<Object> next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                left--;
                Object[][] row = joined.next();
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

    // ------------------------------------------------------------------ aggregates: bitmap group-by

    /** Whether the bitmap group-by answers the aggregates (see the class comment). */
    private boolean bitmapAggregate() {
        for (int t = 1; t < tables; t++) {
            TableBinding.BoundColumn key = binding.other(t).column();
            if (binding.otherTable(t) != 0 || key.isId() || key.type() == FieldType.SET) {
                return false;
            }
        }
        for (AggregateCall call : shape.slots()) {
            boolean mergeable = switch (call.function()) {
                case COUNT_STAR, COUNT, SUM, MIN, MAX, AVG -> true;
                default -> false;
            };
            if (!mergeable || (call.column() != null && binding.resolve(call.column()).table() != 0)
                    || (call.filter() != null && !onlyFirstTable(call.filter()))) {
                return false;
            }
        }
        return true;
    }

    private boolean onlyFirstTable(Predicate predicate) {
        BitSet on = binding.tablesOf(predicate);
        return on.cardinality() == 1 && on.get(0);
    }

    /**
     * The bitmap group-by: the first table's part is a one-table aggregate statement, answered by
     * {@link AggregateRunner} on its best path (stored counts per key, the typed API's sums, or one
     * grouping pass), grouped by the statement's keys on that table and by the join keys; each of its
     * rows is then mapped through the joined tables and added into the statement's groups. An
     * average is asked as its sum and count, which add up across the rows.
     */
    private List<Object[]> bitmapGroups(Build build) {
        List<AggregateCall> slots = shape.slots();
        List<GroupKeyExpr> queryKeys = query.aggregate().keys();
        ProbeAggregate probe = probeAggregate();
        int[] joinKeyAt = probe.joinKeyAt();
        Merging merging = probe.merging();
        Map<List<Object>, Object[]> merged = new LinkedHashMap<>();
        if (!build.empty) {
            SqlResult probeRows = probe.runner(build).run(-1);
            for (List<Object> row : probeRows.rows()) {
                List<List<Object[]>> choices = new ArrayList<>();
                choices.add(List.of());
                boolean dropped = false;
                for (int t = 1; t < tables && !dropped; t++) {
                    Object key = row.get(joinKeyAt[t]);
                    List<Object[]> matched = key == null ? List.of() : build.maps.get(t).getOrDefault(key, List.of());
                    List<Object[]> rows = query.sources().get(t).kind() == JoinQuery.Kind.LEFT ? leftRows(build, t, matched) : matched;
                    choices.add(rows);
                    dropped = rows.isEmpty();
                }
                if (!dropped) {
                    combine(row, choices, new Object[tables][], 1, merging, merged);
                }
            }
        }
        if (queryKeys.isEmpty() && merged.isEmpty()) {
            merged.put(List.of(), new Object[2 * slots.size()]);
        }
        List<Object[]> groups = new ArrayList<>(merged.size());
        for (Map.Entry<List<Object>, Object[]> entry : merged.entrySet()) {
            Object[] row = new Object[queryKeys.size() + slots.size()];
            for (int k = 0; k < queryKeys.size(); k++) {
                row[k] = entry.getKey().get(k);
            }
            Object[] values = entry.getValue();
            for (int i = 0; i < slots.size(); i++) {
                AggregateCall call = slots.get(i);
                Object value = values[2 * i];
                row[queryKeys.size() + i] = switch (call.function()) {
                    case COUNT_STAR, COUNT -> value == null ? 0L : value;
                    case AVG -> {
                        TableBinding.BoundColumn column = binding.column(call.column());
                        long count = values[2 * i + 1] == null ? 0 : (Long) values[2 * i + 1];
                        yield value == null || count == 0 ? null : TypedApiAggregates.valueOf(call.function(), column,
                                new Sum(count, value instanceof BigDecimal decimal ? decimal.unscaledValue() : (BigInteger) value));
                    }
                    default -> value;
                };
            }
            groups.add(row);
        }
        return groups;
    }

    /**
     * The first table's part of the bitmap group-by, as a one-table aggregate statement: grouped by
     * the statement's keys on that table, then by the join keys not among them ({@code joinKeyAt}:
     * per joined table, the column of the rows its key is in); per slot an output, an average as its
     * sum and its count ({@code merging} says where each stands).
     */
    private record ProbeAggregate(AggregateQuery query, int[] joinKeyAt, Merging merging, Snapshot snapshot, TableBinding table,
                                  PredicateBinder binder, List<Object> parameters) {

        /** The runner of the part over the first table's records that {@code build} lets through. */
        AggregateRunner runner(Build build) {
            return AggregateRunner.once(snapshot, table, query, build.probe, binder, parameters);
        }
    }

    private ProbeAggregate probeAggregate() {
        List<AggregateCall> slots = shape.slots();
        List<GroupKeyExpr> queryKeys = query.aggregate().keys();
        List<GroupKeyExpr> keys = new ArrayList<>();
        int[] keyAt = new int[queryKeys.size()];
        for (int k = 0; k < queryKeys.size(); k++) {
            keyAt[k] = -1;
            if (binding.resolve(queryKeys.get(k).column()).table() == 0) {
                keyAt[k] = keys.size();
                keys.add(queryKeys.get(k));
            }
        }
        int[] joinKeyAt = new int[tables];
        for (int t = 1; t < tables; t++) {
            String name = binding.other(t).column().name();
            joinKeyAt[t] = -1;
            for (int k = 0; k < keys.size(); k++) {
                if (keys.get(k) instanceof GroupKeyExpr.Column c && binding.table(0).column(c.column()).name().equals(name)) {
                    joinKeyAt[t] = k;
                }
            }
            if (joinKeyAt[t] < 0) {
                joinKeyAt[t] = keys.size();
                keys.add(new GroupKeyExpr.Column(new ColumnRef(null, name, name), name));
            }
        }
        List<AggregateQuery.Output> outputs = new ArrayList<>();
        List<String> aliases = new ArrayList<>();
        for (int k = 0; k < keys.size(); k++) {
            outputs.add(new AggregateQuery.Output("k" + k, new ResultExpr.Key(k, keys.get(k).sql())));
            aliases.add(null);
        }
        int[] valueAt = new int[slots.size()];
        int[] countAt = new int[slots.size()];
        for (int i = 0; i < slots.size(); i++) {
            AggregateCall call = slots.get(i);
            countAt[i] = -1;
            if (call.function() == AggregateCall.Function.AVG) {
                valueAt[i] = add(outputs, new AggregateCall(AggregateCall.Function.SUM, call.column(), call.fraction(), call.filter(),
                        "sum of " + call.sql()));
                countAt[i] = add(outputs, new AggregateCall(AggregateCall.Function.COUNT, call.column(), call.fraction(),
                        call.filter(), "count of " + call.sql()));
            } else {
                valueAt[i] = add(outputs, call);
            }
        }
        AggregateQuery probeQuery = new AggregateQuery(binding.table(0).name(), keys, aliases, outputs, outputs.size(), null, null,
                List.of(), null);
        List<JoinBinding.Bound> keyColumns = queryKeys.stream().map(key -> binding.resolve(key.column())).toList();
        return new ProbeAggregate(probeQuery, joinKeyAt, new Merging(slots, keyAt, keyColumns, valueAt, countAt), snapshot,
                binding.table(0),
                binders[0], parameters);
    }

    /** Adds {@code call} as an output of {@code outputs}; its index. */
    private static int add(List<AggregateQuery.Output> outputs, AggregateCall call) {
        outputs.add(new AggregateQuery.Output("a" + outputs.size(), new ResultExpr.Aggregate(call)));
        return outputs.size() - 1;
    }

    /**
     * Adds the first table's {@code row} into {@code merged} once per combination of the joined
     * tables' rows in {@code choices} (a key found twice adds the row twice). Per slot,
     * {@code merged} holds two values: the slot's (an average: its sum) and an average's count.
     */
    private void combine(List<Object> row, List<List<Object[]>> choices, Object[][] rows, int t, Merging merging,
                         Map<List<Object>, Object[]> merged) {
        if (t == tables) {
            List<GroupKeyExpr> queryKeys = query.aggregate().keys();
            Object[] key = new Object[queryKeys.size()];
            for (int k = 0; k < key.length; k++) {
                if (merging.keyAt[k] >= 0) {
                    key[k] = row.get(merging.keyAt[k]);
                } else {
                    JoinBinding.Bound column = merging.keyColumns.get(k);
                    key[k] = keyValue(queryKeys.get(k), column.column(), value(rows, column));
                }
            }
            Object[] values = merged.computeIfAbsent(Arrays.asList(key), k -> new Object[2 * merging.valueAt.length]);
            for (int i = 0; i < merging.valueAt.length; i++) {
                values[2 * i] = merge(merging.slots.get(i).function(), values[2 * i], row.get(merging.valueAt[i]));
                if (merging.countAt[i] >= 0) {
                    values[2 * i + 1] = merge(AggregateCall.Function.COUNT, values[2 * i + 1], row.get(merging.countAt[i]));
                }
            }
            return;
        }
        for (Object[] joined : choices.get(t)) {
            rows[t] = joined;
            combine(row, choices, rows, t + 1, merging, merged);
        }
    }

    /**
     * Where the first table's rows hold what the statement's groups need: per statement key, its
     * column in the rows (-1: a joined table's column, {@code keyColumns}' entry); per slot, its
     * value's column (an average: its sum's) and an average's count's column (-1 otherwise).
     */
    private record Merging(List<AggregateCall> slots, int[] keyAt, List<JoinBinding.Bound> keyColumns, int[] valueAt, int[] countAt) {}

    /** Two values of one aggregate over disjoint rows, combined: counts and sums add, extremes compare; NULL is no value. */
    private static Object merge(AggregateCall.Function function, Object into, Object value) {
        if (into == null) {
            return value;
        }
        if (value == null) {
            return into;
        }
        return switch (function) {
            case COUNT_STAR, COUNT -> (Long) into + (Long) value;
            case SUM, AVG -> into instanceof BigDecimal decimal ? decimal.add((BigDecimal) value) : ((BigInteger) into).add((BigInteger) value);
            case MIN -> ResultOrder.compareValues(value, into) < 0 ? value : into;
            case MAX -> ResultOrder.compareValues(value, into) > 0 ? value : into;
            default -> throw new IllegalStateException(function + " is not merged");
        };
    }

    /** The value of GROUP BY key {@code key} for a record whose {@code column} holds {@code value}, as {@link dev.big.db.query.Grouping} labels it. */
    static Object keyValue(GroupKeyExpr key, TableBinding.BoundColumn column, Object value) {
        if (value == null) {
            return null;
        }
        return switch (key.bind(column)) {
            case GroupKey.Values ignored -> value;
            case GroupKey.Buckets buckets -> {
                long number = value instanceof Instant instant ? instant.toEpochMilli() : (Long) value;
                yield buckets.bucketing().label(buckets.bucketing().bucketOf(number));
            }
        };
    }

    // ------------------------------------------------------------------ aggregates: hash join

    private List<Object[]> hashGroups(Build build) {
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
                long[] ids = ids(binding.table(t).info(), binders[t].bind(call.filter()));
                boolean nulls = Boolean.TRUE.equals(Predicates.onNulls(call.filter()));
                filter = row -> row[t] == null ? nulls : Arrays.binarySearch(ids, (Long) row[t][0]) >= 0;
            }
            accumulators[i] = new JoinedAggregates.Slot(call, column == null ? null : column.column(), filter,
                    column == null ? row -> null : row -> value(row, column));
        }
        JoinedAggregates groups = new JoinedAggregates(accumulators);
        for (Iterator<Object[][]> rows = joinedRows(build, Order.ASC); rows.hasNext(); ) {
            Object[][] row = rows.next();
            Object[] key = new Object[queryKeys.size()];
            for (int k = 0; k < key.length; k++) {
                key[k] = keyValue(queryKeys.get(k), keyColumns.get(k).column(), value(row, keyColumns.get(k)));
            }
            groups.add(Arrays.asList(key), row);
        }
        return groups.groups(queryKeys.isEmpty());
    }

    // ------------------------------------------------------------------ what is read of each table

    /** A table of the join: the fields read of its records (a row is the id, then their values). */
    private final class Side {
        private final int table;
        private final List<String> fields = new ArrayList<>();
        private TableReader records;
        private FieldReader[] readers;

        Side(int table) {
            this.table = table;
        }

        void need(TableBinding.BoundColumn column) {
            if (!column.isId() && !fields.contains(column.name())) {
                fields.add(column.name());
                readers = null;
            }
        }

        int slot(TableBinding.BoundColumn column) {
            return column.isId() ? 0 : 1 + fields.indexOf(column.name());
        }

        /** Record {@code id}'s row, or null when it has gone. */
        Object[] read(long id) {
            if (readers == null) {
                TableInfo info = binding.table(table).info();
                records = engine.records().table(info);
                readers = new FieldReader[fields.size()];
                for (int i = 0; i < readers.length; i++) {
                    readers[i] = records.field(info.field(fields.get(i)));
                }
            }
            if (!records.exists(id)) {
                return null;
            }
            Object[] row = new Object[1 + readers.length];
            row[0] = id;
            for (int i = 0; i < readers.length; i++) {
                row[1 + i] = readers[i].value(id);
            }
            return row;
        }
    }
}
