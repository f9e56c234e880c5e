package dev.big.db.write;

import dev.big.db.catalog.FieldInfo;
import dev.big.db.field.BoolKind;
import dev.big.db.field.KeyedKind;
import dev.big.db.field.ScalarKind;
import dev.big.db.field.SetKind;

/**
 * The normalised values of a run of new records, one typed array per field (in table order), as
 * {@link NewRecordWriter} takes them: a number field's values as {@code long}s, a bool's as
 * bytes, so a load of millions of records boxes none of them. Position {@code k} of every column
 * belongs to the same record. A bulk load fills one while the previous one is being written.
 */
public final class RecordColumns {

    /** One field's values; a position holds a value or none. */
    public sealed interface Column {
        /** Sets position {@code k} to a normalised value ({@code FieldKind#normalize}), or to none if null. */
        void put(int k, Object normalized);

        /** Position {@code k} holds no value. */
        void clear(int k);

        /** The normalised value at position {@code k}, or null. */
        Object value(int k);
    }

    /** A {@link ScalarKind} field: the stored numbers. */
    public static final class Numbers implements Column {
        final long[] values;
        final boolean[] present;

        Numbers(int capacity) {
            values = new long[capacity];
            present = new boolean[capacity];
        }

        /** Sets position {@code k} to the stored number {@code value}, already checked against the field. */
        public void set(int k, long value) {
            values[k] = value;
            present[k] = true;
        }

        @Override
        public void put(int k, Object normalized) {
            if (normalized == null) {
                clear(k);
            } else {
                set(k, (Long) normalized);
            }
        }

        @Override
        public void clear(int k) {
            present[k] = false;
        }

        @Override
        public Object value(int k) {
            return present[k] ? values[k] : null;
        }
    }

    /** A {@link BoolKind} field. */
    public static final class Bools implements Column {
        private static final byte NONE = 0;
        private static final byte FALSE = 1;
        private static final byte TRUE = 2;
        final byte[] values;

        Bools(int capacity) {
            values = new byte[capacity];
        }

        /** Sets position {@code k} to {@code value}. */
        public void set(int k, boolean value) {
            values[k] = value ? TRUE : FALSE;
        }

        /** The row bit position {@code k} sets (0 false, 1 true), or -1 for none. */
        int row(int k) {
            return values[k] - 1;
        }

        @Override
        public void put(int k, Object normalized) {
            if (normalized == null) {
                clear(k);
            } else {
                set(k, (Boolean) normalized);
            }
        }

        @Override
        public void clear(int k) {
            values[k] = NONE;
        }

        @Override
        public Object value(int k) {
            return values[k] == NONE ? null : values[k] == TRUE;
        }
    }

    /** A {@link KeyedKind} field: the strings, null for none. */
    public static final class Texts implements Column {
        final String[] values;

        Texts(int capacity) {
            values = new String[capacity];
        }

        /** Sets position {@code k} to {@code value}, already checked against the field (null: none). */
        public void set(int k, String value) {
            values[k] = value;
        }

        @Override
        public void put(int k, Object normalized) {
            set(k, (String) normalized);
        }

        @Override
        public void clear(int k) {
            values[k] = null;
        }

        @Override
        public Object value(int k) {
            return values[k];
        }
    }

    /** A {@link SetKind} field: each record's distinct values in ascending order, null for none. */
    public static final class Sets implements Column {
        final String[][] values;

        Sets(int capacity) {
            values = new String[capacity][];
        }

        @Override
        public void put(int k, Object normalized) {
            values[k] = (String[]) normalized;
        }

        @Override
        public void clear(int k) {
            values[k] = null;
        }

        @Override
        public Object value(int k) {
            return values[k];
        }
    }

    private final Column[] columns;
    private final int capacity;

    /** Empty columns for {@code capacity} records of a table whose fields are {@code fields}, in table order. */
    public RecordColumns(FieldInfo[] fields, int capacity) {
        this.capacity = capacity;
        columns = new Column[fields.length];
        for (int f = 0; f < fields.length; f++) {
            columns[f] = switch (fields[f].kind()) {
                case ScalarKind ignored -> new Numbers(capacity);
                case BoolKind ignored -> new Bools(capacity);
                case KeyedKind ignored -> new Texts(capacity);
                case SetKind ignored -> new Sets(capacity);
            };
        }
    }

    /** Columns of {@code byField}: {@code byField[f][k]} is field {@code f}'s normalised value for record {@code k}, or null. */
    public static RecordColumns of(FieldInfo[] fields, Object[][] byField, int count) {
        RecordColumns columns = new RecordColumns(fields, count);
        for (int f = 0; f < fields.length; f++) {
            for (int k = 0; k < count; k++) {
                columns.columns[f].put(k, byField[f][k]);
            }
        }
        return columns;
    }

    /** Field {@code f}'s column (in table order). */
    public Column column(int f) {
        return columns[f];
    }

    /** Records each column holds. */
    public int capacity() {
        return capacity;
    }
}
