package dev.big.db.internal;

import dev.big.db.FieldDef;
import dev.big.db.FieldType;
import dev.big.engine.bsi.BsiField;
import dev.big.engine.coords.Coords;

/**
 * A field as stored: its definition plus the engine ids it lives under. Int and timestamp values
 * are bit planes of field {@code fieldId} (view BSI); bool values rows 0 (false) and 1 (true) of
 * view ROWS; keyed values a row per dictionary id (view ROWS) plus the dictionary id as bit planes
 * (view BSI, for point reads); set values a row per dictionary id.
 */
public record FieldInfo(int fieldId, int tableId, FieldDef def, long base, long nextDictId) {

    public String name() {
        return def.name();
    }

    public FieldType type() {
        return def.type();
    }

    /** The bit-sliced planes: the value (int, timestamp) or the dictionary id (keyed). */
    public BsiField bsi() {
        return new BsiField(fieldId, type() == FieldType.KEYED ? 0 : base, def.name());
    }

    public long rowsFragment(long shard) {
        return Coords.fragmentKey(fieldId, Coords.VIEW_ROWS, shard);
    }

    public long bsiFragment(long shard) {
        return Coords.fragmentKey(fieldId, Coords.VIEW_BSI, shard);
    }

    public FieldInfo withNextDictId(long next) {
        return new FieldInfo(fieldId, tableId, def, base, next);
    }

    /** The base offset a new field gets: its declared minimum, else 0. */
    public static long baseFor(FieldDef def) {
        return def.min() != null ? def.min() : 0;
    }
}
