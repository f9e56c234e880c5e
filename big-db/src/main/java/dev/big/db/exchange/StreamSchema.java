package dev.big.db.exchange;

import dev.big.db.FieldDef;
import dev.big.db.FieldType;
import dev.big.db.TableDef;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.db.field.FieldKinds;
import dev.big.page.BigException;
import java.util.ArrayList;
import java.util.List;

/**
 * The schema block of a stream (see {@link ExportFormat}): tables with the source's field ids,
 * so fragment keys and dictionaries of the stream can be matched to fields, plus each table's
 * next record id and each field's base offset, next dictionary id, next set id and order index
 * name (null when it has none).
 */
record StreamSchema(long sourceTxid, List<Table> tables) {

    record Table(String name, long nextRecordId, int existsFieldId, List<Field> fields) {
        TableDef def() {
            return new TableDef(name, fields.stream().map(Field::def).toList());
        }
    }

    record Field(int fieldId, FieldDef def, long base, long nextDictId, long nextSetId, String orderIndexName) {}

    StreamSchema {
        tables = List.copyOf(tables);
    }

    static StreamSchema of(long sourceTxid, List<TableInfo> tables) {
        List<Table> out = new ArrayList<>();
        for (TableInfo table : tables) {
            List<Field> fields = new ArrayList<>();
            for (FieldInfo field : table.fields().values()) {
                fields.add(new Field(field.fieldId(), field.def(), field.base(), field.nextDictId(), field.nextSetId(),
                        field.orderIndexName()));
            }
            out.add(new Table(table.name(), table.nextRecordId(), table.existsFieldId(), fields));
        }
        return new StreamSchema(sourceTxid, out);
    }

    void write(BodyWriter out) {
        out.u8(ExportFormat.KIND_SCHEMA).u64(sourceTxid).u32(tables.size());
        for (Table table : tables) {
            out.name(table.name()).u64(table.nextRecordId()).u16(table.existsFieldId()).u16(table.fields().size());
            for (Field field : table.fields()) {
                FieldDef def = field.def();
                int flags = (def.min() != null ? ExportFormat.FLAG_MIN : 0) | (def.max() != null ? ExportFormat.FLAG_MAX : 0);
                out.u16(field.fieldId()).name(def.name()).u8(FieldKinds.code(def.type())).u8(flags)
                        .u64(def.min() != null ? def.min() : 0).u64(def.max() != null ? def.max() : 0)
                        .u64(field.base()).u64(field.nextDictId()).u64(field.nextSetId()).u8(def.scale());
                if (field.orderIndexName() != null) {
                    out.u8(ExportFormat.INDEX_ORDER).name(field.orderIndexName());
                } else {
                    out.u8(ExportFormat.INDEX_NONE);
                }
            }
        }
    }

    /** Reads the schema block of a stream of version {@code version}. */
    static StreamSchema read(BodyReader in, int version) {
        long txid = in.u64();
        long tableCount = in.u32();
        List<Table> tables = new ArrayList<>();
        for (long t = 0; t < tableCount; t++) {
            String name = in.name();
            long nextRecordId = in.u64();
            int existsFieldId = in.u16();
            int fieldCount = in.u16();
            List<Field> fields = new ArrayList<>();
            for (int f = 0; f < fieldCount; f++) {
                int fieldId = in.u16();
                String fieldName = in.name();
                int typeCode = in.u8();
                FieldType type = FieldKinds.ofCode(typeCode);
                if (type == null) {
                    throw in.corrupt("field '" + fieldName + "' of table '" + name + "' has unknown type code " + typeCode);
                }
                int flags = in.u8();
                long min = in.u64();
                long max = in.u64();
                long base = in.u64();
                long nextDictId = in.u64();
                long nextSetId = version >= ExportFormat.VERSION_SET_IDS ? in.u64() : 0;
                int scale = version >= ExportFormat.VERSION_SCALE ? in.u8() : 0;
                int indexKind = version >= ExportFormat.VERSION_INDEX ? in.u8() : ExportFormat.INDEX_NONE;
                if (indexKind > ExportFormat.INDEX_ORDER) {
                    throw in.corrupt("field '" + fieldName + "' of table '" + name + "' has unknown index kind " + indexKind);
                }
                String indexName = indexKind == ExportFormat.INDEX_ORDER ? in.name() : null;
                if (nextSetId != 0 && (type != FieldType.SET || nextSetId < FieldInfo.FIRST_SET_ID)) {
                    throw in.corrupt("field '" + fieldName + "' of table '" + name + "' (" + type.label()
                            + ") has next set id " + nextSetId + ", which only a set field has, from "
                            + FieldInfo.FIRST_SET_ID + " on");
                }
                fields.add(new Field(fieldId, define(in, fieldName, type, flags, min, max, scale, indexName != null), base,
                        nextDictId, nextSetId, indexName));
            }
            tables.add(new Table(name, nextRecordId, existsFieldId, fields));
        }
        if (in.hasRemaining()) {
            throw in.corrupt(in.remaining() + " bytes follow the last table");
        }
        return new StreamSchema(txid, tables);
    }

    private static FieldDef define(BodyReader in, String name, FieldType type, int flags, long min, long max, int scale,
                                   boolean orderIndex) {
        try {
            return new FieldDef(name, type, (flags & ExportFormat.FLAG_MIN) != 0 ? min : null,
                    (flags & ExportFormat.FLAG_MAX) != 0 ? max : null, scale, orderIndex);
        } catch (BigException e) {
            throw in.corrupt("field '" + name + "' cannot be defined: " + e.getMessage());
        }
    }
}
