package dev.big.db.sql;

import java.util.AbstractList;
import java.util.RandomAccess;

/**
 * One row of a result: an unmodifiable list over the array of its values, which may be null
 * (SQL's NULL). {@code List.of} refuses nulls and {@code unmodifiableList(Arrays.asList(...))}
 * costs two objects per row; a group-by of twenty groups made forty of them per statement.
 * The array is the row's: whoever makes one hands it over and does not write it again.
 */
final class ResultRow extends AbstractList<Object> implements RandomAccess {

    private final Object[] values;

    private ResultRow(Object[] values) {
        this.values = values;
    }

    /** The row of {@code values}, which the row now owns. */
    static ResultRow of(Object[] values) {
        return new ResultRow(values);
    }

    @Override
    public Object get(int index) {
        return values[index];
    }

    @Override
    public int size() {
        return values.length;
    }
}
