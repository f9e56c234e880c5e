package dev.big.trino;

import io.trino.spi.connector.ColumnHandle;
import io.trino.spi.connector.ColumnMetadata;
import io.trino.spi.type.BigintType;
import io.trino.spi.type.DoubleType;
import io.trino.spi.type.Type;

/**
 * The output column of an aggregate the connector computes ({@link PushedAggregation}): the
 * function and the column it reads ({@code null} for {@code count(*)}). Crosses nodes as JSON.
 */
public record BigAggregateColumn(String name, Function function, BigColumnHandle argument) implements ColumnHandle {

    /** The aggregates big answers from its bitmaps, with Trino's meaning. */
    public enum Function {
        /** {@code count(*)}: the matching records. */
        COUNT_ALL,
        /** {@code count(column)}: the matching records that have a value. */
        COUNT,
        /** {@code sum} of an int column: BIGINT, an error when it overflows, as in Trino. */
        SUM,
        MIN,
        MAX,
        /** {@code avg} of an int column: DOUBLE, the exact sum over the count, null over no values. */
        AVG
    }

    ColumnMetadata metadata() {
        return ColumnMetadata.builder().setName(name).setType(type()).build();
    }

    /** The column's Trino type: BIGINT for the counts and a sum, the argument's type for min and max, DOUBLE for a mean. */
    Type type() {
        return switch (function) {
            case COUNT_ALL, COUNT, SUM -> BigintType.BIGINT;
            case MIN, MAX -> argument.type();
            case AVG -> DoubleType.DOUBLE;
        };
    }
}
