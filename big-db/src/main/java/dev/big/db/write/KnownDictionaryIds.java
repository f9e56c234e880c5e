package dev.big.db.write;

import dev.big.engine.dict.Dictionary;

/**
 * The dictionary ids a writer has looked up for one field, by value (ids never change once given):
 * an open-addressing table of flat arrays, compared by identity before equality, since a loader
 * hands over the same String for the same value. A load looks up every keyed value of every
 * record here; a {@code HashMap<String, Long>} answers about as fast, but keeps a node and a boxed
 * id per value. Holds at most {@link Dictionary#NAME_CACHE_LIMIT} values.
 */
final class KnownDictionaryIds {

    /** What {@link #get} returns for a value not held. */
    static final long ABSENT = -1;

    private String[] values = new String[64];
    private long[] ids = new long[64];
    private int size;

    /** The id of {@code value}, or {@link #ABSENT}. */
    long get(String value) {
        int mask = values.length - 1;
        for (int slot = slot(value, mask); ; slot = (slot + 1) & mask) {
            String known = values[slot];
            if (known == null) {
                return ABSENT;
            }
            if (known == value || known.equals(value)) {
                return ids[slot];
            }
        }
    }

    /** Remembers that {@code value} has id {@code id} (if there is room). */
    void put(String value, long id) {
        if (size >= Dictionary.NAME_CACHE_LIMIT) {
            return;
        }
        if ((size + 1) * 2 > values.length) {
            grow();
        }
        insert(value, id);
        size++;
    }

    private void insert(String value, long id) {
        int mask = values.length - 1;
        int slot = slot(value, mask);
        while (values[slot] != null) {
            slot = (slot + 1) & mask;
        }
        values[slot] = value;
        ids[slot] = id;
    }

    private static int slot(String value, int mask) {
        int hash = value.hashCode();
        return (hash ^ (hash >>> 16)) & mask;
    }

    private void grow() {
        String[] oldValues = values;
        long[] oldIds = ids;
        values = new String[oldValues.length * 2];
        ids = new long[oldValues.length * 2];
        for (int i = 0; i < oldValues.length; i++) {
            if (oldValues[i] != null) {
                insert(oldValues[i], oldIds[i]);
            }
        }
    }
}
