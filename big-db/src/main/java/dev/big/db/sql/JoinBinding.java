package dev.big.db.sql;

import dev.big.db.FieldType;
import dev.big.db.query.QueryEngine;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * A join's tables in one snapshot's schema: resolves each column a statement names to its table
 * and field. A qualified column ({@code t.name}) is looked up in the table of that name or alias;
 * an unqualified one in every table, and it must be in exactly one of them, except a key joined
 * with {@code USING}, which stands for the leftmost table's column (as DuckDB's does in an inner or
 * left join). Checks that each join's two keys can be compared: both integers (int fields and ids),
 * both keyed, both timestamps, both bools, or decimals of one scale.
 */
final class JoinBinding implements ColumnScope {

    /** A column of a join: which table (its index in the join) and which of its columns. */
    record Bound(int table, TableBinding.BoundColumn column) {}

    private final JoinQuery query;
    private final List<TableBinding> tables;
    /** Per joined table (index 1 on): the index of the earlier table its key is compared with. */
    private final int[] otherTable;

    JoinBinding(QueryEngine engine, JoinQuery query) {
        this.query = query;
        List<TableBinding> bound = new ArrayList<>();
        for (JoinQuery.Source source : query.sources()) {
            bound.add(TableBinding.of(engine, source.table()));
        }
        this.tables = List.copyOf(bound);
        this.otherTable = new int[tables.size()];
        for (int i = 1; i < tables.size(); i++) {
            JoinQuery.Source source = query.sources().get(i);
            Bound key = resolve(source.key());
            Bound other = source.other().qualifier() != null ? resolve(source.other()) : usingColumn(source, i);
            if (key.table() != i || other.table() >= i) {
                throw SqlErrors.invalid("the ON condition of " + source.qualifier() + " must compare one of its columns with a"
                        + " column of a table before it", source.sql());
            }
            otherTable[i] = other.table();
            checkComparable(key.column(), other.column(), source.sql());
        }
    }

    /**
     * The earlier table a USING key is taken from: the one table before {@code index} that has the
     * column, or the leftmost of several when the others were joined to it by USING on that column
     * too ({@code a JOIN b USING (k) JOIN c USING (k)}: one column k, a's).
     */
    private Bound usingColumn(JoinQuery.Source source, int index) {
        Bound found = null;
        for (int t = 0; t < index; t++) {
            if (has(t, source.other())) {
                JoinQuery.Source earlier = query.sources().get(t);
                boolean merged = found != null && earlier.other() != null && earlier.other().qualifier() == null
                        && earlier.other().name().equalsIgnoreCase(source.other().name());
                if (merged) {
                    continue;
                }
                if (found != null) {
                    throw SqlErrors.invalid("USING (" + source.other().name() + ") names a column of several tables before "
                            + source.qualifier() + ": write ON with qualified columns", source.sql());
                }
                found = new Bound(t, tables.get(t).column(source.other()));
            }
        }
        if (found == null) {
            throw SqlErrors.invalid("USING (" + source.other().name() + "): no table before " + source.qualifier()
                    + " has that column", source.sql());
        }
        return found;
    }

    private static void checkComparable(TableBinding.BoundColumn key, TableBinding.BoundColumn other, String sql) {
        String family = family(key);
        if (family == null || !family.equals(family(other))) {
            throw SqlErrors.invalid("cannot join " + other.name() + " (" + other.typeLabel() + ") with " + key.name() + " ("
                    + key.typeLabel() + "): join keys are two integers (int fields or ids), two keyed, two timestamp, two"
                    + " bool or two decimal columns of one scale", sql);
        }
    }

    /** What a key's values are compared as; null for a column that is no join key (a set). */
    private static String family(TableBinding.BoundColumn column) {
        if (column.isId() || column.type() == FieldType.INT) {
            return "integer";
        }
        return switch (column.type()) {
            case KEYED, TIMESTAMP, BOOL -> column.type().name();
            case DECIMAL -> "decimal " + column.field().scale();
            default -> null;
        };
    }

    List<TableBinding> tables() {
        return tables;
    }

    TableBinding table(int index) {
        return tables.get(index);
    }

    JoinQuery query() {
        return query;
    }

    /** The table whose column joined table {@code index}'s key is compared with. */
    int otherTable(int index) {
        return otherTable[index];
    }

    /** The earlier table's column joined table {@code index}'s key is compared with. */
    Bound other(int index) {
        JoinQuery.Source source = query.sources().get(index);
        return new Bound(otherTable[index], tables.get(otherTable[index]).column(source.other()));
    }

    /** Joined table {@code index}'s key column. */
    TableBinding.BoundColumn key(int index) {
        return tables.get(index).column(query.sources().get(index).key());
    }

    /** The table and column {@code column} names. */
    Bound resolve(ColumnRef column) {
        if (column.qualifier() != null) {
            for (int t = 0; t < tables.size(); t++) {
                if (query.sources().get(t).qualifier().equalsIgnoreCase(column.qualifier())) {
                    return new Bound(t, tables.get(t).column(column));
                }
            }
            throw SqlErrors.invalid("no table " + column.qualifier() + " in this join", column.sql());
        }
        List<Integer> having = new ArrayList<>();
        for (int t = 0; t < tables.size(); t++) {
            if (has(t, column)) {
                having.add(t);
            }
        }
        if (having.size() > 1 && isUsingKey(column)) {
            having = having.subList(0, 1);
        }
        if (having.size() != 1) {
            List<String> names = new ArrayList<>();
            query.sources().forEach(s -> names.add(s.qualifier()));
            throw SqlErrors.invalid(having.isEmpty()
                    ? "no table of this join has a column '" + column.name() + "' (tables: " + String.join(", ", names) + ")"
                    : "column '" + column.name() + "' is in several tables of this join ("
                            + String.join(", ", having.stream().map(t -> names.get(t)).toList()) + "): qualify it, e.g. "
                            + names.get(having.getFirst()) + "." + column.name(), column.sql());
        }
        return new Bound(having.getFirst(), tables.get(having.getFirst()).column(column));
    }

    /** The tables {@code predicate} reads columns of. */
    BitSet tablesOf(Predicate predicate) {
        BitSet read = new BitSet();
        for (ColumnRef column : Predicates.columns(predicate)) {
            read.set(resolve(column).table());
        }
        return read;
    }

    private boolean isUsingKey(ColumnRef column) {
        for (JoinQuery.Source source : query.sources()) {
            if (source.other() != null && source.other().qualifier() == null && source.other().name().equalsIgnoreCase(column.name())) {
                return true;
            }
        }
        return false;
    }

    private boolean has(int table, ColumnRef column) {
        return column.isId() || tables.get(table).hasField(column.name());
    }

    @Override
    public TableBinding.BoundColumn column(ColumnRef column) {
        return resolve(column).column();
    }

    @Override
    public boolean hasField(String name) {
        return tables.stream().anyMatch(table -> table.hasField(name));
    }
}
