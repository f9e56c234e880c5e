package dev.big.db.query;

import dev.big.db.catalog.FieldInfo;
import dev.big.engine.Txn;
import dev.big.engine.dict.Dictionary;
import java.util.Arrays;

/**
 * The strings of a keyed or set field by dictionary id, for one reader: each looked up in the
 * field's {@link Dictionary} once, then kept in an array indexed by id (no boxed key, no hashing),
 * up to {@link Dictionary#NAME_CACHE_LIMIT} ids, as the dictionary bounds its own cache.
 */
final class DictionaryNames {

    private final Dictionary dictionary;
    private final long size;
    private String[] names = new String[0];

    DictionaryNames(Txn txn, FieldInfo field) {
        this.dictionary = new Dictionary(txn, field.dict());
        this.size = field.nextDictId();
    }

    /** How many values the dictionary holds at this state (ids 0 to this, exclusive). */
    long size() {
        return size;
    }

    /** The string with dictionary id {@code id}. */
    String name(long id) {
        if (id < names.length) {
            String name = names[(int) id];
            if (name != null) {
                return name;
            }
        }
        String name = dictionary.value(id);
        if (id < Dictionary.NAME_CACHE_LIMIT) {
            if (id >= names.length) {
                names = Arrays.copyOf(names, (int) Math.min(Dictionary.NAME_CACHE_LIMIT, Math.max(id + 1, 2L * names.length + 16)));
            }
            names[(int) id] = name;
        }
        return name;
    }
}
