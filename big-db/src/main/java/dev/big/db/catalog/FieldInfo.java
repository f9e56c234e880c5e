package dev.big.db.catalog;

import dev.big.db.FieldDef;
import dev.big.db.FieldType;
import dev.big.db.field.FieldKind;
import dev.big.db.field.FieldKinds;
import dev.big.engine.bsi.BsiField;
import dev.big.engine.bsi.OrderIndex;
import dev.big.engine.coords.Coords;
import dev.big.engine.dict.DictField;
import dev.big.engine.dict.SetIds;

/**
 * A field as stored: its definition plus the engine ids it lives under. Int and timestamp values
 * are bit planes of field {@code fieldId} (view BSI); bool values rows 0 (false) and 1 (true) of
 * view ROWS; keyed values a row per dictionary id (view ROWS) plus the dictionary id as bit planes
 * (view BSI, for point reads); set values a row per dictionary id plus, for fields created since
 * set ids exist, the record's set id as bit planes (view BSI, see {@link SetIds}).
 *
 * @param nextSetId the next set id a set field assigns (at least 1, since 0 is the empty set), or
 *     0 for a set field from before set ids, which keeps its values in the rows alone (an empty set
 *     reads as null there, and reading a record's set walks the rows)
 * @param orderIndexName the name of the field's order index (see {@link OrderIndex}), null when it
 *     has none: present exactly when {@code def.orderIndex()} is
 */
public record FieldInfo(int fieldId, int tableId, FieldDef def, long base, long nextDictId, long nextSetId,
                        String orderIndexName) {

    /** The first set id a set field assigns: 0 is the empty set. */
    public static final long FIRST_SET_ID = 1;

    public FieldInfo {
        if (def.orderIndex() != (orderIndexName != null)) {
            throw new IllegalArgumentException("field '" + def.name() + "': an order index "
                    + (def.orderIndex() ? "without a name" : "name '" + orderIndexName + "' for a field without one"));
        }
    }

    /** A field without an order index. */
    public FieldInfo(int fieldId, int tableId, FieldDef def, long base, long nextDictId, long nextSetId) {
        this(fieldId, tableId, def, base, nextDictId, nextSetId, null);
    }

    /**
     * A new field of {@code def}: set fields keep set ids; {@code orderIndexName} names its order
     * index when {@code def} asks for one (else null).
     */
    public static FieldInfo created(int fieldId, int tableId, FieldDef def, String orderIndexName) {
        return new FieldInfo(fieldId, tableId, def, baseFor(def), 0, def.type() == FieldType.SET ? FIRST_SET_ID : 0,
                orderIndexName);
    }

    /** Whether the field keeps an order index. */
    public boolean hasOrderIndex() {
        return orderIndexName != null;
    }

    /** This field with an order index named {@code name}. */
    public FieldInfo withOrderIndex(String name) {
        FieldDef ordered = def.withOrderIndex();
        return new FieldInfo(fieldId, tableId, ordered, base, nextDictId, nextSetId, name);
    }

    /** This field without its order index. */
    public FieldInfo withoutOrderIndex() {
        FieldDef plain = new FieldDef(def.name(), def.type(), def.min(), def.max(), def.scale());
        return new FieldInfo(fieldId, tableId, plain, base, nextDictId, nextSetId, null);
    }

    /** Whether this is a set field that keeps each record's set id (every set field made since set ids exist). */
    public boolean hasSetIds() {
        return nextSetId > 0;
    }

    public String name() {
        return def.name();
    }

    public FieldType type() {
        return def.type();
    }

    /** How values of this field are checked, stored and read ({@link FieldKinds}). */
    public FieldKind kind() {
        return FieldKinds.of(def);
    }

    /** The bit-sliced planes: the value (int, timestamp), the dictionary id (keyed) or the set id (set). */
    public BsiField bsi() {
        return new BsiField(fieldId, type() == FieldType.KEYED ? 0 : base, def.name(), def.orderIndex());
    }

    /** What the engine's dictionary and set ids need of this field. */
    public DictField dict() {
        return new DictField(fieldId, def.name(), nextDictId, nextSetId);
    }

    public long rowsFragment(long shard) {
        return Coords.fragmentKey(fieldId, Coords.VIEW_ROWS, shard);
    }

    public long bsiFragment(long shard) {
        return Coords.fragmentKey(fieldId, Coords.VIEW_BSI, shard);
    }

    public FieldInfo withNextDictId(long next) {
        return new FieldInfo(fieldId, tableId, def, base, next, nextSetId, orderIndexName);
    }

    public FieldInfo withNextSetId(long next) {
        return new FieldInfo(fieldId, tableId, def, base, nextDictId, next, orderIndexName);
    }

    /** The base offset a new field gets: its declared minimum, else 0. */
    public static long baseFor(FieldDef def) {
        return def.min() != null ? def.min() : 0;
    }
}
