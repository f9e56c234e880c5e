package dev.big.parquet;

import dev.big.parquet.ParquetColumn.Kind;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * Parquet schemas to {@link ParquetColumn}s and back: which physical and logical types big reads
 * as which kind, and the schema it writes for each kind.
 */
final class ParquetSchemas {

    /** The most digits big's decimal holds (a signed 64-bit unscaled value). */
    static final int DECIMAL_DIGITS = 18;

    /** A top-level field read as a column, and for timestamps the unit of its values. */
    record ReadColumn(ParquetColumn column, Type type, TimeUnit unit, boolean unsigned) {}

    static List<ReadColumn> columns(MessageType schema) {
        List<ReadColumn> columns = new ArrayList<>();
        for (Type field : schema.getFields()) {
            columns.add(column(field));
        }
        return columns;
    }

    private static ReadColumn column(Type field) {
        // As the file declares it, on one line, without the column order (always the type's own).
        String declared = field.toString().replaceAll(" columnorder\\([^)]*\\)", "").replaceAll("\\s+", " ").strip();
        if (!field.isPrimitive()) {
            return isStringList(field.asGroupType())
                    ? new ReadColumn(new ParquetColumn(field.getName(), Kind.STRING_LIST, 0, declared), field, null, false)
                    : unsupported(field, declared);
        }
        PrimitiveType primitive = field.asPrimitiveType();
        if (field.isRepetition(Type.Repetition.REPEATED)) {
            // The legacy two-level list: a repeated field straight under the message.
            return isString(primitive)
                    ? new ReadColumn(new ParquetColumn(field.getName(), Kind.STRING_LIST, 0, declared), field, null, false)
                    : unsupported(field, declared);
        }
        LogicalTypeAnnotation logical = primitive.getLogicalTypeAnnotation();
        if (logical instanceof DecimalLogicalTypeAnnotation decimal) {
            return decimal.getPrecision() <= DECIMAL_DIGITS
                    ? new ReadColumn(new ParquetColumn(field.getName(), Kind.DECIMAL, decimal.getScale(), declared), field,
                            null, false)
                    : unsupported(field, declared);
        }
        Kind kind = switch (primitive.getPrimitiveTypeName()) {
            case INT64, INT32 -> switch (logical) {
                case null -> Kind.INTEGER;
                case IntLogicalTypeAnnotation ignored -> Kind.INTEGER;
                case TimestampLogicalTypeAnnotation timestamp -> timestamp.isAdjustedToUTC() ? Kind.TIMESTAMP
                        : Kind.LOCAL_TIMESTAMP;
                case LogicalTypeAnnotation.DateLogicalTypeAnnotation ignored -> Kind.DATE;
                default -> Kind.UNSUPPORTED;
            };
            case INT96 -> Kind.TIMESTAMP;
            case BOOLEAN -> Kind.BOOLEAN;
            case BINARY, FIXED_LEN_BYTE_ARRAY -> isString(primitive) ? Kind.STRING : Kind.UNSUPPORTED;
            case FLOAT, DOUBLE -> Kind.UNSUPPORTED;
        };
        if (kind == Kind.UNSUPPORTED) {
            return unsupported(field, declared);
        }
        TimeUnit unit = logical instanceof TimestampLogicalTypeAnnotation timestamp ? timestamp.getUnit() : null;
        boolean unsigned = logical instanceof IntLogicalTypeAnnotation integer && !integer.isSigned();
        return new ReadColumn(new ParquetColumn(field.getName(), kind, 0, declared), field, unit, unsigned);
    }

    private static ReadColumn unsupported(Type field, String declared) {
        return new ReadColumn(new ParquetColumn(field.getName(), Kind.UNSUPPORTED, 0, declared), field, null, false);
    }

    /** A LIST whose one leaf is a string: three-level (list.element) or two-level (a repeated string). */
    private static boolean isStringList(GroupType group) {
        if (!(group.getLogicalTypeAnnotation() instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation)
                || group.getFieldCount() != 1) {
            return false;
        }
        Type repeated = group.getType(0);
        if (!repeated.isRepetition(Type.Repetition.REPEATED)) {
            return false;
        }
        if (repeated.isPrimitive()) {
            return isString(repeated.asPrimitiveType());
        }
        GroupType entry = repeated.asGroupType();
        return entry.getFieldCount() == 1 && entry.getType(0).isPrimitive()
                && !entry.getType(0).isRepetition(Type.Repetition.REPEATED) && isString(entry.getType(0).asPrimitiveType());
    }

    private static boolean isString(PrimitiveType type) {
        LogicalTypeAnnotation logical = type.getLogicalTypeAnnotation();
        return (type.getPrimitiveTypeName() == PrimitiveTypeName.BINARY
                || type.getPrimitiveTypeName() == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY)
                && (logical instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
                        || logical instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
                        || logical instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation);
    }

    /** The schema big writes for {@code columns}: every column optional (null is no value). */
    static MessageType schema(List<ParquetColumn> columns) {
        Types.MessageTypeBuilder message = Types.buildMessage();
        for (ParquetColumn column : columns) {
            switch (column.kind()) {
                case INTEGER -> message.optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.intType(64, true))
                        .named(column.name());
                case TIMESTAMP, LOCAL_TIMESTAMP, DATE -> message.optional(PrimitiveTypeName.INT64)
                        .as(LogicalTypeAnnotation.timestampType(true, TimeUnit.MILLIS)).named(column.name());
                case BOOLEAN -> message.optional(PrimitiveTypeName.BOOLEAN).named(column.name());
                case STRING -> message.optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType())
                        .named(column.name());
                case DECIMAL -> message.optional(PrimitiveTypeName.INT64)
                        .as(LogicalTypeAnnotation.decimalType(column.scale(), DECIMAL_DIGITS)).named(column.name());
                case DOUBLE -> message.optional(PrimitiveTypeName.DOUBLE).named(column.name());
                case STRING_LIST -> message.optionalList()
                        .requiredElement(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType())
                        .named(column.name());
                case UNSUPPORTED -> throw new IllegalArgumentException("column " + column.name() + " has no kind to write");
            }
        }
        return message.named("big");
    }

    private ParquetSchemas() {}
}
