package dev.big.trino;

import dev.big.db.FieldType;
import io.trino.spi.type.ArrayType;
import io.trino.spi.type.BigintType;
import io.trino.spi.type.BooleanType;
import io.trino.spi.type.DecimalType;
import io.trino.spi.type.TimestampType;
import io.trino.spi.type.Type;
import io.trino.spi.type.VarcharType;

/** What a column of a big table is, and its Trino type. */
public enum ColumnKind {
    ID(BigintType.BIGINT),
    INT(BigintType.BIGINT),
    /** Epoch millis in big; Trino's TIMESTAMP(3) holds epoch micros (UTC wall time). */
    TIMESTAMP(TimestampType.TIMESTAMP_MILLIS),
    /** A decimal(scale) field: Trino's DECIMAL(18, scale), whose short form is the unscaled long big stores. */
    DECIMAL(null),
    BOOL(BooleanType.BOOLEAN),
    KEYED(VarcharType.VARCHAR),
    SET(new ArrayType(VarcharType.VARCHAR)),
    /** The hidden {@code $file} column: the name of the file a record is in. */
    FILE(VarcharType.VARCHAR);

    private final Type type;

    ColumnKind(Type type) {
        this.type = type;
    }

    /** The Trino type of a column of this kind; {@code scale} is a decimal's (0 for other kinds). */
    Type type(int scale) {
        return this == DECIMAL ? DecimalType.createDecimalType(18, scale) : type;
    }

    static ColumnKind of(FieldType field) {
        return switch (field) {
            case INT -> INT;
            case TIMESTAMP -> TIMESTAMP;
            case DECIMAL -> DECIMAL;
            case BOOL -> BOOL;
            case KEYED -> KEYED;
            case SET -> SET;
        };
    }
}
