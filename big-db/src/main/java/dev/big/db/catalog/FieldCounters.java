package dev.big.db.catalog;

import dev.big.engine.dict.Dictionary;
import dev.big.engine.dict.SetIds;
/**
 * The counters a field's catalog entry keeps for its writers (the next dictionary id, the next set
 * id), brought up to what a transaction's dictionary and set ids assigned.
 */
public final class FieldCounters {

    /**
     * {@code field} with the next ids {@code dictionary} and {@code sets} reached (either may be
     * null: not used), or {@code field} itself when neither moved.
     */
    public static FieldInfo updated(FieldInfo field, Dictionary dictionary, SetIds sets) {
        FieldInfo updated = field;
        if (dictionary != null && dictionary.nextId() != field.nextDictId()) {
            updated = updated.withNextDictId(dictionary.nextId());
        }
        if (sets != null && sets.nextId() != field.nextSetId()) {
            updated = updated.withNextSetId(sets.nextId());
        }
        return updated;
    }

    private FieldCounters() {}
}
