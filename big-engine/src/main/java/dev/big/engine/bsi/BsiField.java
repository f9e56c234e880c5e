package dev.big.engine.bsi;

import dev.big.engine.coords.Coords;

/**
 * A bit-sliced integer field as the engine sees it: its id, its base offset, a name for messages,
 * and whether it keeps an {@link OrderIndex} beside its planes (the writers keep it exact).
 */
public record BsiField(int fieldId, long base, String name, boolean ordered) {

    public BsiField(int fieldId, long base, String name) {
        this(fieldId, base, name, false);
    }

    public BsiField {
        if (fieldId < 1 || fieldId > Coords.MAX_FIELD) {
            throw new IllegalArgumentException("field id " + fieldId + " outside 1.." + Coords.MAX_FIELD);
        }
    }

    public long fragmentKey(long shard) {
        return Coords.fragmentKey(fieldId, Coords.VIEW_BSI, shard);
    }

    public long firstFragmentKey() {
        return Coords.firstFragmentKey(fieldId, Coords.VIEW_BSI);
    }

    public long lastFragmentKey() {
        return Coords.lastFragmentKey(fieldId, Coords.VIEW_BSI);
    }
}
