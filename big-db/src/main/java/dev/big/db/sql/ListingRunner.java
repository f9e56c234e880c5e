package dev.big.db.sql;

import dev.big.db.FieldDef;
import dev.big.db.Filter;
import dev.big.db.Order;
import dev.big.db.Snapshot;
import dev.big.db.query.EngineAccess;
import dev.big.db.query.FieldReader;
import dev.big.db.query.QueryEngine;
import dev.big.db.query.QueryPlan;
import dev.big.db.query.TableReader;
import dev.big.db.query.TopN;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * Answers a {@link ListingQuery}: finds the ids with {@link QueryEngine#ids} and reads their
 * values through a {@link TableReader} and a {@link FieldReader} per selected field, bound once
 * per statement (no name is looked up per record).
 *
 * <p>Two shapes go straight to the cheap paths: {@code WHERE id = n} alone is a point read, and a
 * top-level {@code id > c} (ascending) or {@code id < c} (descending) becomes the cursor of {@link
 * QueryEngine#ids}, which then skips whole shards before it instead of evaluating the comparison in
 * every one. A listing ordered by a column's values is a
 * {@link TopN}: found from the bit planes, reading only the records it returns.
 */
final class ListingRunner {

    /** Up to this many ids are asked for directly; beyond it the matches are counted first (ids allocates its limit). */
    private static final int DIRECT_LIMIT = 4096;

    private final QueryEngine engine;
    private final TableBinding table;
    /** Whether a record exists, and the readers of {@link #fieldsRead}, bound once. */
    private final TableReader records;
    private final FieldReader[] readers;
    private final ListingQuery.ValueOrder valueOrder;
    /** The selected columns' names and types, immutable, so each result shares them instead of copying. */
    private final List<String> names;
    private final List<ColumnType> types;
    private final List<TableBinding.BoundColumn> columns = new ArrayList<>();
    /** The fields the statement selects, each once, in order. */
    private final List<String> fieldsRead;
    /** Where each selected column's value is among {@link #fieldsRead} (-1: the id). */
    private final int[] readIndex;

    ListingRunner(Snapshot snapshot, TableBinding table, ListingQuery query) {
        this.engine = EngineAccess.of(snapshot);
        this.table = table;
        this.valueOrder = query.valueOrder();
        if (valueOrder != null) {
            TableBinding.BoundColumn sorted = table.column(valueOrder.column());
            if (sorted.isId() || !sorted.type().isInteger()) {
                throw SqlErrors.invalid("records are ordered by an int or timestamp column (or id); " + sorted.name() + " is "
                        + sorted.typeLabel() + " (order groups of it through GROUP BY)", "ORDER BY " + valueOrder.sql());
            }
        }
        List<String> selectedNames = new ArrayList<>();
        for (ListingQuery.Projection projection : query.projections()) {
            switch (projection) {
                case ListingQuery.AllColumns ignored -> {
                    selectedNames.add("id");
                    columns.add(new TableBinding.BoundColumn("id", null));
                    for (FieldDef field : table.fields()) {
                        selectedNames.add(field.name());
                        columns.add(new TableBinding.BoundColumn(field.name(), field));
                    }
                }
                case ListingQuery.Column column -> {
                    selectedNames.add(column.name());
                    columns.add(table.column(column.column()));
                }
            }
        }
        this.names = List.copyOf(selectedNames);
        List<ColumnType> types = new ArrayList<>(columns.size());
        for (TableBinding.BoundColumn column : columns) {
            types.add(column.isId() ? ColumnType.ID : ColumnType.of(column.field()));
        }
        this.types = List.copyOf(types);
        // The record is read with the selected fields only, and whether it exists is read once:
        // building the whole record to keep one field cost the 10M campaign's SELECT value ...
        // WHERE id = n almost 80% of its time.
        List<String> fields = new ArrayList<>(columns.size());
        for (TableBinding.BoundColumn column : columns) {
            if (!column.isId() && !fields.contains(column.name())) {
                fields.add(column.name());
            }
        }
        fieldsRead = List.copyOf(fields);
        records = engine.records().table(table.info());
        readers = new FieldReader[fieldsRead.size()];
        for (int i = 0; i < readers.length; i++) {
            readers[i] = records.field(table.info().field(fieldsRead.get(i)));
        }
        readIndex = new int[columns.size()];
        for (int i = 0; i < readIndex.length; i++) {
            readIndex[i] = columns.get(i).isId() ? -1 : fieldsRead.indexOf(columns.get(i).name());
        }
    }

    /** The rows of the records matching {@code where} in {@code order} (null: ascending), at most {@code limit} (negative: all). */
    SqlResult run(Filter where, Order order, int limit) {
        if (pointRead(where) instanceof Long id) {
            Optional<List<Object>> values = limit == 0 ? Optional.empty() : values(id);
            return new SqlResult(names, values.map(v -> List.of(row(id, v))).orElse(List.of()), types());
        }
        long[] ids = ids(where, order == null ? Order.ASC : order, limit < 0 ? Integer.MAX_VALUE : limit);
        List<List<Object>> rows = new ArrayList<>(ids.length);
        for (long id : ids) {
            rows.add(row(id, values(id)
                    .orElseThrow(() -> new IllegalStateException("record " + id + " vanished from its snapshot"))));
        }
        return new SqlResult(names, rows, types());
    }

    /** The selected columns' types, from the schema. */
    List<ColumnType> types() {
        return types;
    }

    /** How many ids a streamed listing asks for at a time. */
    private static final int PAGE_IDS = 4096;

    /**
     * The rows of {@link #run} as an iterator that reads as it goes: ids a page at a time, each
     * record when its row is asked for. A top-N listing finds its ids first (one long per
     * record), then reads the records one by one.
     */
    Iterator<List<Object>> rows(Filter where, Order order, int limit) {
        if (limit == 0) {
            return Collections.emptyIterator();
        }
        if (pointRead(where) != null || valueOrder != null) {
            long[] ids = pointRead(where) != null ? new long[] {pointRead(where)} : ids(where, Order.ASC, limit < 0 ? Integer.MAX_VALUE : limit);
            return new Iterator<>() {
                private int next;
                private List<Object> row = advance();

                private List<Object> advance() {
                    while (next < ids.length) {
                        long id = ids[next++];
                        Optional<List<Object>> values = values(id);
                        if (values.isPresent()) {
                            return row(id, values.get());
                        }
                    }
                    return null;
                }

                @Override
                public boolean hasNext() {
                    return row != null;
                }

                @Override
                public List<Object> next() {
                    if (row == null) {
                        throw new NoSuchElementException();
                    }
                    List<Object> current = row;
                    row = advance();
                    return current;
                }
            };
        }
        Order direction = order == null ? Order.ASC : order;
        Cursor cursor = Cursor.of(where, direction);
        return new Iterator<>() {
            private long remaining = limit < 0 ? Long.MAX_VALUE : limit;
            private Long after = cursor.after();
            private long[] page = new long[0];
            private int next;
            private boolean done;

            @Override
            public boolean hasNext() {
                if (next < page.length) {
                    return true;
                }
                if (done || remaining == 0) {
                    return false;
                }
                page = engine.ids(table.info(), cursor.rest(), direction, (int) Math.min(PAGE_IDS, remaining), after);
                next = 0;
                remaining -= page.length;
                done = page.length < PAGE_IDS;
                if (page.length > 0) {
                    after = page[page.length - 1];
                }
                return page.length > 0;
            }

            @Override
            public List<Object> next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                long id = page[next++];
                return row(id, values(id)
                        .orElseThrow(() -> new IllegalStateException("record " + id + " vanished from its snapshot")));
            }
        };
    }

    /** The names of the selected columns. */
    List<String> names() {
        return names;
    }

    private long[] ids(Filter where, Order order, int limit) {
        if (limit == 0) {
            return new long[0];
        }
        if (valueOrder != null) {
            return new TopN(engine, table.info()).ids(table.column(valueOrder.column()).name(), where,
                    valueOrder.descending(), valueOrder.nullsFirst(), valueOrder.ids() == Order.DESC,
                    limit == Integer.MAX_VALUE ? -1 : limit);
        }
        Cursor cursor = Cursor.of(where, order);
        int fetch = limit;
        if (limit > DIRECT_LIMIT) {
            fetch = (int) Math.min(limit, engine.count(engine.plan(table.info(), where, QueryPlan.Ask.COUNT)));
        }
        return engine.ids(table.info(), cursor.rest(), order, fetch, cursor.after());
    }

    /** The values of {@link #fieldsRead} of record {@code id}, or empty where there is no such record. */
    private Optional<List<Object>> values(long id) {
        if (!records.exists(id)) {
            return Optional.empty();
        }
        Object[] values = new Object[readers.length];
        for (int i = 0; i < readers.length; i++) {
            values[i] = readers[i].value(id);
        }
        return Optional.of(Arrays.asList(values));
    }

    /** The id of {@code WHERE id = n} standing alone, or null. */
    static Long pointRead(Filter where) {
        return where instanceof Filter.Compare c && c.field().equals("id") && c.op() == Filter.Op.EQ ? (Long) c.value() : null;
    }

    /** The selected columns of record {@code id}, whose {@link #fieldsRead} hold {@code read}. */
    private List<Object> row(long id, List<Object> read) {
        Object[] values = new Object[columns.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = readIndex[i] < 0 ? (Object) id : read.get(readIndex[i]);
        }
        return ResultRow.of(values);
    }

    /**
     * A top-level id comparison taken out of the filter as the listing's cursor: ids after
     * {@code after} in the listing's order, and the rest of the filter.
     */
    record Cursor(Filter rest, Long after) {

        static Cursor of(Filter where, Order order) {
            List<Filter> terms = where instanceof Filter.And and ? and.filters() : List.of(where);
            for (int i = 0; i < terms.size(); i++) {
                Long after = terms.get(i) instanceof Filter.Compare c && c.field().equals("id") ? after(c, order) : null;
                if (after != null) {
                    List<Filter> rest = new ArrayList<>(terms);
                    rest.remove(i);
                    return new Cursor(rest.isEmpty() ? Filter.all() : rest.size() == 1 ? rest.getFirst() : Filter.and(rest),
                            after);
                }
            }
            return new Cursor(where, null);
        }

        /**
         * The cursor a comparison is, or null. Ascending cursors must not be negative: the typed
         * API reads a negative cursor's shard as a huge unsigned one (ids are never negative, so
         * {@code id > -5} simply stays in the filter).
         */
        private static Long after(Filter.Compare compare, Order order) {
            long value = (Long) compare.value();
            return switch (order) {
                case ASC -> switch (compare.op()) {
                    case GT -> value >= 0 ? value : null;
                    case GE -> value >= 1 ? value - 1 : null;
                    default -> null;
                };
                case DESC -> switch (compare.op()) {
                    case LT -> value;
                    case LE -> value < Long.MAX_VALUE ? value + 1 : null;
                    default -> null;
                };
            };
        }
    }
}
