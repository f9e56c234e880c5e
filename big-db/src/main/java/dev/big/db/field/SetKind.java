package dev.big.db.field;

import dev.big.db.FieldType;
import java.util.Arrays;
import java.util.Collection;

/**
 * {@code set}: several strings per record, stored as a row per dictionary id and, for fields made
 * since set ids exist, the record's set id as bit planes. The writers walk millions of set values;
 * a flat sorted array costs them one object per value instead of a tree of entries.
 */
public final class SetKind implements FieldKind {

    SetKind() {}

    @Override
    public FieldType type() {
        return FieldType.SET;
    }

    @Override
    public Object normalize(Object value, ValueContext context) {
        if (!(value instanceof Collection<?> values)) {
            throw context.wrongType(value, "a collection of strings");
        }
        String[] set = new String[values.size()];
        int n = 0;
        for (Object element : values) {
            if (!(element instanceof String s)) {
                throw context.wrongType(element, "strings in the set");
            }
            KeyedKind.checkText(context.table(), context.field().name(), s);
            set[n++] = s;
        }
        return distinctSorted(set, n);
    }

    /** The first {@code n} of {@code values}, sorted, without repeats (in place when nothing repeats). */
    private static String[] distinctSorted(String[] values, int n) {
        Arrays.sort(values, 0, n);
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            if (distinct == 0 || !values[i].equals(values[distinct - 1])) {
                values[distinct++] = values[i];
            }
        }
        return distinct == values.length ? values : Arrays.copyOf(values, distinct);
    }
}
