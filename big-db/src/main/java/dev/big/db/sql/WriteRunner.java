package dev.big.db.sql;

import dev.big.db.FieldType;
import dev.big.db.Filter;
import dev.big.db.Row;
import dev.big.db.Snapshot;
import dev.big.db.Transaction;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.db.query.EngineAccess;
import dev.big.db.query.TableReader;
import dev.big.db.write.ChangeAccess;
import dev.big.db.write.TransactionChanges;
import dev.big.db.write.ValueNormalizer;
import dev.big.engine.coords.Coords;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Binds a {@link WriteStatement} to the schema and runs it in a {@link Transaction}, as one change
 * of it: the records an UPDATE or DELETE changes are those its WHERE matches in the
 * transaction's own view (its writes so far included), found before anything is written. The
 * answer is one row with the count of records inserted, updated or deleted, as DuckDB counts them.
 *
 * <p>Where big and DuckDB differ, big refuses rather than answer otherwise: an INSERT of an id
 * the table has (DuckDB, without a key, would hold two rows with one id) is refused, as is a set
 * written with a repeated value (DuckDB's list keeps repeats; a big set holds each value once).
 */
final class WriteRunner {

    private final Transaction transaction;
    private final List<Object> values;

    WriteRunner(Transaction transaction, List<Object> values) {
        this.transaction = transaction;
        this.values = values;
    }

    SqlResult run(WriteStatement statement) {
        long count;
        TransactionChanges changes = ChangeAccess.of(transaction);
        try (Snapshot view = transaction.read()) {
            TableBinding table = TableBinding.of(changes.catalog(), statement.table());
            TableInfo info = table.info();
            PredicateBinder binder = new PredicateBinder(table, values);
            count = switch (statement) {
                case WriteStatement.Insert insert -> insert(view, table, info, changes, binder, insert);
                case WriteStatement.Update update -> {
                    Assignments assignments = assignments(table, info, binder, update);
                    long[] ids = matching(view, table, binder.bind(update.where()));
                    changes.update(info, ids, assignments.fields(), assignments.values());
                    yield ids.length;
                }
                case WriteStatement.Delete delete -> {
                    long[] ids = matching(view, table, binder.bind(delete.where()));
                    yield changes.delete(info, ids);
                }
            };
        }
        return SqlResult.ofCount(count);
    }

    /** An UPDATE's fields and the one value each is set to, normalised as the field stores it (null clears). */
    private record Assignments(FieldInfo[] fields, Object[] values) {}

    private static long[] matching(Snapshot view, TableBinding table, Filter where) {
        long[][] ids = {new long[64]};
        int[] size = {0};
        EngineAccess.of(view).forEachId(table.info(), where, id -> {
            if (size[0] == ids[0].length) {
                ids[0] = Arrays.copyOf(ids[0], size[0] * 2);
            }
            ids[0][size[0]++] = id;
        });
        return Arrays.copyOf(ids[0], size[0]);
    }

    private long insert(Snapshot view, TableBinding table, TableInfo info, TransactionChanges changes, PredicateBinder binder,
                        WriteStatement.Insert insert) {
        List<TableBinding.BoundColumn> columns = new ArrayList<>();
        if (insert.columns() == null) {
            columns.add(table.column(new ColumnRef("id", "id")));
            table.fields().forEach(f -> columns.add(table.column(new ColumnRef(f.name(), f.name()))));
        } else {
            Set<String> seen = new HashSet<>();
            for (ColumnRef ref : insert.columns()) {
                TableBinding.BoundColumn column = table.column(ref);
                if (!seen.add(column.name())) {
                    throw SqlErrors.invalid("column " + column.name() + " is listed twice", insert.sql());
                }
                columns.add(column);
            }
        }
        int idColumn = -1;
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i).isId()) {
                idColumn = i;
            }
        }
        List<Row> rows = new ArrayList<>(insert.rows().size());
        Set<Long> ids = new HashSet<>();
        TableReader records = EngineAccess.of(view).records().table(table.info());
        for (int r = 0; r < insert.rows().size(); r++) {
            List<Literal> literals = insert.rows().get(r);
            if (literals.size() != columns.size()) {
                throw SqlErrors.invalid("VALUES row " + (r + 1) + " has " + literals.size() + " value"
                        + (literals.size() == 1 ? "" : "s") + " for " + columns.size() + " column"
                        + (columns.size() == 1 ? "" : "s") + (insert.columns() == null ? " (the id, then every field in"
                        + " schema order: list the columns to give fewer)" : ""), insert.sql());
            }
            Row.Builder row = Row.builder();
            for (int c = 0; c < columns.size(); c++) {
                TableBinding.BoundColumn column = columns.get(c);
                if (c == idColumn) {
                    long id = id(binder, literals.get(c), insert.sql());
                    boolean repeated = !ids.add(id);
                    if (repeated || records.exists(id)) {
                        throw SqlErrors.invalid((repeated ? "this INSERT gives record id " + id + " twice"
                                : "table " + table.name() + " has a record " + id + " already")
                                + "; ids are unique in big: UPDATE that record, or DELETE it first", insert.sql());
                    }
                    row.id(id);
                } else {
                    row.set(column.name(), value(binder, column, literals.get(c), insert.sql()));
                }
            }
            rows.add(row.build());
        }
        changes.insert(info, rows);
        return rows.size();
    }

    private long id(PredicateBinder binder, Literal literal, String sql) {
        if (!(literal instanceof Literal.IntLiteral integer)) {
            throw SqlErrors.invalid("the id is a non-negative integer, not " + literal.sql()
                    + (literal instanceof Literal.NullLiteral ? " (leave the id column out to append records)" : ""), sql);
        }
        long id = binder.longValue(integer, sql);
        if (id < 0 || id > Coords.MAX_RECORD_ID) {
            throw SqlErrors.invalid(Coords.recordIdProblem(id), sql);
        }
        return id;
    }

    private Assignments assignments(TableBinding table, TableInfo info, PredicateBinder binder, WriteStatement.Update update) {
        List<WriteStatement.Assignment> assignments = update.assignments();
        FieldInfo[] fields = new FieldInfo[assignments.size()];
        Object[] normalized = new Object[assignments.size()];
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < fields.length; i++) {
            WriteStatement.Assignment assignment = assignments.get(i);
            TableBinding.BoundColumn column = table.column(assignment.column()); // never the id: WriteCompiler refuses SET id
            Object value = value(binder, column, assignment.value(), assignment.sql());
            if (!seen.add(column.name())) {
                throw SqlErrors.invalid("column " + column.name() + " is set twice", update.sql());
            }
            fields[i] = info.field(column.name());
            normalized[i] = ValueNormalizer.normalize(info, fields[i], value, assignment.sql());
        }
        return new Assignments(fields, normalized);
    }

    /** The value {@code literal} writes into {@code column}, typed as the field stores it; null for NULL. */
    private Object value(PredicateBinder binder, TableBinding.BoundColumn column, Literal literal, String sql) {
        if (literal instanceof Literal.NullLiteral) {
            return null;
        }
        if (column.type() != FieldType.SET) {
            return binder.value(column, literal, sql, PredicateBinder.Use.WRITTEN);
        }
        if (!(literal instanceof Literal.SetLiteral set)) {
            throw PredicateBinder.mismatch(column, literal, "a list of strings, ['a', 'b'] ([] for none)", sql,
                    PredicateBinder.Use.WRITTEN);
        }
        List<String> strings = set.value(values);
        Set<String> unique = new LinkedHashSet<>(strings);
        if (unique.size() != strings.size()) {
            throw SqlErrors.invalid(column.name() + " is a set: it holds each value once, and " + strings
                    + " repeats one", sql);
        }
        return unique;
    }
}
