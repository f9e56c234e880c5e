package dev.big.db.sql;

import dev.big.db.Filter;
import dev.big.db.Order;
import dev.big.db.catalog.TableInfo;
import dev.big.db.query.FieldReader;
import dev.big.db.query.QueryEngine;
import dev.big.db.query.QueryPlan;
import dev.big.db.query.TableReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.function.Consumer;

/**
 * The rows of a join, whichever strategy uses them ({@link JoinRunner}): what is read of each
 * table's records, each joined table read whole (after its own conditions) into a hash map by its
 * key (the build sides, {@link Build}), and the joined rows of the first table's matching records.
 * A joined row holds one row per table: the record's id, then the values of the fields the
 * statement reads ({@link #need}); NULL (no array) where a LEFT JOIN found nothing.
 *
 * <p>A WHERE term is on one table (a term comparing two tables' columns is refused). The first
 * table's terms and an inner-joined table's terms filter that table through its bitmaps, and the
 * keys an inner join's filtered build side holds become an IN list on the first table's column when
 * they are few. A left-joined table's WHERE terms apply to the joined rows: a matched row passes
 * when its record matches them, a row without a match when they are true of NULLs
 * ({@link Predicates#onNulls}). NULL keys never match; a key found twice matches twice.
 */
final class JoinedRows {

    /** At most this many keys of a filtered build side become an IN list on the probe side. */
    static final int IN_LIST_KEYS = 10_000;
    /**
     * How many probe ids are read and joined at first; each next page is twice as large, up to a
     * shard's ids ({@link #MAX_PAGE}). The engine evaluates the filter over the whole shard of a
     * page's cursor on each ask, so pages of a fixed 4,096 ids evaluated a shard 256 times.
     */
    private static final int PAGE = 4096;
    private static final int MAX_PAGE = 1 << 20;

    private final QueryEngine engine;
    private final JoinQuery query;
    private final JoinBinding binding;
    private final int tables;
    private final PredicateBinder[] binders;
    /** Per table, the WHERE terms on it alone. */
    private final List<List<Predicate>> whereTerms = new ArrayList<>();
    /** Per table, what is read of its records. */
    private final Side[] sides;

    JoinedRows(QueryEngine engine, JoinBinding binding, List<Object> parameters) {
        this.engine = engine;
        this.binding = binding;
        this.query = binding.query();
        this.tables = query.sources().size();
        this.binders = new PredicateBinder[tables];
        this.sides = new Side[tables];
        for (int t = 0; t < tables; t++) {
            binders[t] = new PredicateBinder(binding.table(t), parameters);
            whereTerms.add(new ArrayList<>());
            sides[t] = new Side(t);
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
        for (int t = 1; t < tables; t++) {
            need(new JoinBinding.Bound(t, binding.key(t)));
            need(binding.other(t));
        }
    }

    /** Reads {@code column} of its table's records too. */
    void need(JoinBinding.Bound column) {
        sides[column.table()].need(column.column());
    }

    /** The binder of conditions on table {@code t}'s columns. */
    PredicateBinder binder(int t) {
        return binders[t];
    }

    /** The WHERE terms on table {@code t}, AND-ed (null: none). */
    Predicate where(int t) {
        return Predicates.and(whereTerms.get(t));
    }

    /** The value of {@code column} in joined {@code row} (null where its table found no match). */
    Object value(Object[][] row, JoinBinding.Bound column) {
        Object[] part = row[column.table()];
        return part == null ? null : part[sides[column.table()].slot(column.column())];
    }

    // ------------------------------------------------------------------ build sides

    /**
     * The build sides read: per joined table its records by key ({@code maps}), how many it read
     * ({@code records}), and for a left-joined table with WHERE terms the ids of its records that
     * pass them ({@code passing}) and whether a row of NULLs does ({@code nullsPass}); the probe
     * side's filter, with the IN lists taken from inner joins ({@code inLists}); {@code empty} when
     * an inner join's build side is empty (no row can come out).
     */
    record Build(List<Map<Object, List<Object[]>>> maps, long[] records, long[][] passing, boolean[] nullsPass,
                 Filter probe, boolean[] inLists, boolean empty) {}

    Build build() {
        List<Map<Object, List<Object[]>>> maps = new ArrayList<>();
        maps.add(Map.of());
        long[] records = new long[tables];
        long[][] passing = new long[tables][];
        boolean[] nullsPass = new boolean[tables];
        boolean[] inLists = new boolean[tables];
        List<Filter> probe = new ArrayList<>();
        if (where(0) != null) {
            probe.add(binders[0].bind(where(0)));
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
            records[t] = ids.length;
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
                nullsPass[t] = Boolean.TRUE.equals(Predicates.onNulls(where(t)));
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
        return new Build(maps, records, passing, nullsPass, probeFilter, inLists, empty);
    }

    /** The ids of {@code table}'s records matching {@code filter}, ascending. */
    long[] ids(TableInfo table, Filter filter) {
        long count = engine.count(engine.plan(table, filter, QueryPlan.Ask.COUNT));
        if (count > Integer.MAX_VALUE - 16) {
            throw SqlErrors.unsupported("join side of " + count + " records", table.name(),
                    "a side of a join holds at most 2^31 records after its conditions");
        }
        return count == 0 ? new long[0] : engine.ids(table, filter, Order.ASC, (int) count, null);
    }

    // ------------------------------------------------------------------ joining

    /**
     * The rows joined table {@code t} contributes where its key matched {@code matched}: those
     * rows, or for a left join one of NULLs when none matched, each kept if it passes the table's
     * WHERE terms.
     */
    List<Object[]> joined(Build build, int t, List<Object[]> matched) {
        if (query.sources().get(t).kind() != JoinQuery.Kind.LEFT) {
            return matched;
        }
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

    /** The rows of joined table {@code t} whose key is {@code key} (none for a NULL key). */
    List<Object[]> matches(Build build, int t, Object key) {
        return key == null ? List.of() : build.maps.get(t).getOrDefault(key, List.of());
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
        for (Object[] row : joined(build, t, matches(build, t, key))) {
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
    Iterator<Object[][]> iterator(Build build, Order order) {
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
