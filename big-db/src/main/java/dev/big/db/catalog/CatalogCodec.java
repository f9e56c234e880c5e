package dev.big.db.catalog;

import dev.big.db.FieldDef;
import dev.big.db.FieldType;
import dev.big.db.field.FieldKinds;
import dev.big.engine.dict.SetIds;
import dev.big.page.BigException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The catalog records big-db keeps in the engine's catalog tree. Each is one cell of at most
 * 2 KiB, little-endian, starting with a version byte.
 *
 * <pre>
 * key 0                 DbHeader   --&gt; Version:u8 NextTableId:u32 NextFieldId:u32
 * key 1&lt;&lt;56 | tableId   TableEntry --&gt; Version:u8 ExistsFieldId:u32 NextRecordId:u64 Name
 * key 2&lt;&lt;56 | fieldId   FieldEntry --&gt; Version:u8 TableId:u32 Type:u8 Flags:u8 Min:i64 Max:i64 Base:i64 NextDictId:u64 NextSetId? Scale? Index? Name
 * NextSetId             --&gt; u64, from version 2 on: the next set id of a set field that keeps set ids (see SetIds)
 * Scale                 --&gt; u8, from version 3 on: the digits after the point of a field whose kind takes a scale
 * Index                 --&gt; IndexKind:u8 IndexName?, from version 4 on
 * IndexKind             --&gt; 0 none, 1 order: the field keeps an order index (view 6, see OrderIndex)
 * IndexName             --&gt; Name, when IndexKind is 1: the index's name, unique in the database (any case)
 * Name                  --&gt; Length:u8 UTF-8 bytes
 * Flags                 --&gt; bit 0: Min declared, bit 1: Max declared
 * Type                  --&gt; a code of FieldKinds (1 int, 2 timestamp, 3 bool, 4 keyed, 5 set, ...)
 * </pre>
 *
 * <p>Versions: 1 is the first; 2 adds NextSetId, for set fields made since set ids exist; 3 adds
 * Scale, for fields whose kind takes one (decimal); 4 adds Index, for fields with an order index.
 * Each entry is written in the oldest version that holds it (a DbHeader, a TableEntry and every
 * field but such a set field, a field with a scale or a field with an order index as version 1),
 * so an older build still opens a file that has no field of a newer kind, and refuses one that has
 * (it could not keep the set ids or the order index current, or read the values). An entry of
 * version 1 for a set field reads as a set field without set ids.
 */
public final class CatalogCodec {

    public static final int VERSION_START = 1;
    public static final int VERSION_CURRENT = 4;
    /** The version that added NextSetId to field entries. */
    static final int VERSION_SET_IDS = 2;
    /** The version that added Scale to field entries. */
    static final int VERSION_SCALE = 3;
    /** The version that added Index to field entries. */
    static final int VERSION_INDEX = 4;
    static final int INDEX_NONE = 0;
    static final int INDEX_ORDER = 1;

    public static final long HEADER_KEY = 0;
    static final long TABLE_PREFIX = 1L << 56;
    static final long FIELD_PREFIX = 2L << 56;

    public record DbHeader(int nextTableId, int nextFieldId) {}

    public static long tableKey(int tableId) {
        return TABLE_PREFIX | tableId;
    }

    public static long fieldKey(int fieldId) {
        return FIELD_PREFIX | fieldId;
    }

    public static boolean isTableKey(long key) {
        return (key & ~0xFFFFFFFFL) == TABLE_PREFIX;
    }

    public static boolean isFieldKey(long key) {
        return (key & ~0xFFFFFFFFL) == FIELD_PREFIX;
    }

    public static byte[] encodeHeader(DbHeader header) {
        ByteBuffer out = buffer(16);
        out.put((byte) VERSION_START).putInt(header.nextTableId()).putInt(header.nextFieldId());
        return bytes(out);
    }

    public static DbHeader decodeHeader(byte[] bytes) {
        ByteBuffer in = open(bytes, "database header");
        return new DbHeader(in.getInt(), in.getInt());
    }

    public static byte[] encodeTable(TableInfo table) {
        ByteBuffer out = buffer(256);
        out.put((byte) VERSION_START).putInt(table.existsFieldId()).putLong(table.nextRecordId());
        putName(out, table.name());
        return bytes(out);
    }

    /** A table entry's fixed part; its fields are separate entries. */
    public record TableEntry(int tableId, int existsFieldId, long nextRecordId, String name) {}

    public static TableEntry decodeTable(int tableId, byte[] bytes) {
        ByteBuffer in = open(bytes, "table entry");
        int existsFieldId = in.getInt();
        long next = in.getLong();
        return new TableEntry(tableId, existsFieldId, next, getName(in));
    }

    public static byte[] encodeField(FieldInfo field) {
        ByteBuffer out = buffer(256);
        FieldDef def = field.def();
        int flags = (def.min() != null ? 1 : 0) | (def.max() != null ? 2 : 0);
        int version = field.hasOrderIndex() ? VERSION_INDEX : FieldKinds.of(def.type()).takesScale() ? VERSION_SCALE
                : field.hasSetIds() ? VERSION_SET_IDS : VERSION_START;
        out.put((byte) version).putInt(field.tableId()).put((byte) FieldKinds.code(def.type())).put((byte) flags)
                .putLong(def.min() != null ? def.min() : 0).putLong(def.max() != null ? def.max() : 0)
                .putLong(field.base()).putLong(field.nextDictId());
        if (version >= VERSION_SET_IDS) {
            out.putLong(field.nextSetId());
        }
        if (version >= VERSION_SCALE) {
            out.put((byte) def.scale());
        }
        if (version >= VERSION_INDEX) {
            out.put((byte) INDEX_ORDER);
            putName(out, field.orderIndexName());
        }
        putName(out, def.name());
        return bytes(out);
    }

    public static FieldInfo decodeField(int fieldId, byte[] bytes) {
        ByteBuffer in = open(bytes, "field entry");
        int version = bytes[0];
        int tableId = in.getInt();
        FieldType type = typeOf(in.get());
        int flags = in.get();
        long min = in.getLong();
        long max = in.getLong();
        long base = in.getLong();
        long nextDict = in.getLong();
        long nextSetId = version >= VERSION_SET_IDS ? in.getLong() : 0;
        int scale = version >= VERSION_SCALE ? Byte.toUnsignedInt(in.get()) : 0;
        int indexKind = version >= VERSION_INDEX ? Byte.toUnsignedInt(in.get()) : INDEX_NONE;
        String indexName = indexKind == INDEX_ORDER ? getName(in) : null;
        String name = getName(in);
        if (indexKind > INDEX_ORDER) {
            throw new BigException("catalog field entry " + fieldId + " ('" + name + "') names unknown index kind "
                    + indexKind + "; the file may come from a newer big (see docs/versioning.md)");
        }
        if (nextSetId != 0 && (type != FieldType.SET || nextSetId < FieldInfo.FIRST_SET_ID)) {
            throw new BigException("catalog field entry " + fieldId + " ('" + name + "', " + type.label()
                    + ") has next set id " + nextSetId + ", which only a set field has, from "
                    + FieldInfo.FIRST_SET_ID + " on (damaged file? run big check)");
        }
        FieldDef def;
        try {
            def = new FieldDef(name, type, (flags & 1) != 0 ? min : null, (flags & 2) != 0 ? max : null, scale,
                    indexName != null);
        } catch (dev.big.db.InvalidInputException e) {
            throw new BigException("catalog field entry " + fieldId + " cannot be defined: " + e.getMessage()
                    + " (damaged file? run big check)");
        }
        return new FieldInfo(fieldId, tableId, def, base, nextDict, nextSetId, indexName);
    }

    static FieldType typeOf(int code) {
        FieldType type = FieldKinds.ofCode(code);
        if (type != null) {
            return type;
        }
        throw new BigException("catalog names unknown field type code " + code
                    + "; the file may come from a newer big (see docs/versioning.md)");
    }

    private static ByteBuffer buffer(int size) {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static byte[] bytes(ByteBuffer out) {
        byte[] bytes = new byte[out.position()];
        out.flip().get(bytes);
        return bytes;
    }

    private static ByteBuffer open(byte[] bytes, String what) {
        ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int version = in.get();
        if (version < VERSION_START || version > VERSION_CURRENT) {
            throw new dev.big.page.FormatVersionException("catalog " + what, "in this database", version,
                    VERSION_START, VERSION_CURRENT);
        }
        return in;
    }

    private static void putName(ByteBuffer out, String name) {
        byte[] utf8 = name.getBytes(StandardCharsets.UTF_8);
        out.put((byte) utf8.length).put(utf8);
    }

    private static String getName(ByteBuffer in) {
        byte[] utf8 = new byte[Byte.toUnsignedInt(in.get())];
        in.get(utf8);
        return new String(utf8, StandardCharsets.UTF_8);
    }

    private CatalogCodec() {}
}
