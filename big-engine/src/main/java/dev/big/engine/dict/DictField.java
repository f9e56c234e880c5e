package dev.big.engine.dict;

/**
 * What the engine needs to know of a field whose values come from a dictionary (as
 * {@link dev.big.engine.bsi.BsiField} says what bit-sliced planes need): its id, which names its
 * trees, its name for messages, and the counters its catalog entry keeps.
 *
 * @param nextValueId the id the next new value gets (ids are dense from 0)
 * @param nextSetId the id the next new set gets (from 1; 0 is the empty set), or 0 for a field that
 *     keeps no set ids
 */
public record DictField(int fieldId, String name, long nextValueId, long nextSetId) {

    /** Whether the field keeps each record's set id ({@link SetIds}). */
    public boolean hasSetIds() {
        return nextSetId > 0;
    }
}
