package dev.big.db.query;

import dev.big.db.catalog.FieldInfo;
import dev.big.engine.Txn;
import dev.big.engine.bsi.BsiReader;

/** A keyed field, read from the bit planes of each record's dictionary id, the string from the dictionary. */
public final class KeyedReader implements FieldReader {

    private final FieldInfo field;
    private final BsiReader ids;
    private final DictionaryNames names;
    private final long[] out = new long[1];

    KeyedReader(Txn txn, FieldInfo field) {
        this.field = field;
        this.ids = new BsiReader(txn, field.bsi());
        this.names = new DictionaryNames(txn, field);
    }

    @Override
    public FieldInfo field() {
        return field;
    }

    /** The dictionary id of record {@code id}'s value, or -1 when it has none. */
    public long dictionaryId(long id) {
        return id >= 0 && ids.read(id, out) ? out[0] : -1;
    }

    /** The string with dictionary id {@code dictionaryId}. */
    public String name(long dictionaryId) {
        return names.name(dictionaryId);
    }

    /** How many values the field's dictionary holds at this state. */
    public long dictionarySize() {
        return names.size();
    }

    @Override
    public boolean has(long id) {
        return id >= 0 && ids.has(id);
    }

    @Override
    public String value(long id) {
        long dictionaryId = dictionaryId(id);
        return dictionaryId < 0 ? null : names.name(dictionaryId);
    }
}
