package dev.big.cli;

import dev.big.db.sql.ColumnType;
import dev.big.parquet.ParquetColumn;
import dev.big.parquet.ParquetColumn.Kind;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The Parquet columns of a query's result, from the types the answer gives ({@link ColumnType}):
 * BIGINT and HUGEINT (a sum) INT64, DECIMAL of the column's scale, DOUBLE, TIMESTAMP, BOOLEAN,
 * VARCHAR STRING, a set a LIST of strings; a DATE, or a column with no value in the answer
 * (UNKNOWN), as text.
 */
final class ResultColumns {

    static List<ParquetColumn> of(List<String> names, List<ColumnType> types) {
        List<ParquetColumn> columns = new ArrayList<>(names.size());
        for (int c = 0; c < names.size(); c++) {
            ColumnType type = types.get(c);
            Kind kind = switch (type.kind()) {
                case BIGINT, HUGEINT -> Kind.INTEGER;
                case DECIMAL -> Kind.DECIMAL;
                case DOUBLE -> Kind.DOUBLE;
                case TIMESTAMP -> Kind.TIMESTAMP;
                case BOOLEAN -> Kind.BOOLEAN;
                case VARCHAR_LIST -> Kind.STRING_LIST;
                case VARCHAR, DATE, UNKNOWN -> Kind.STRING;
            };
            columns.add(ParquetColumn.of(names.get(c), kind, kind == Kind.DECIMAL ? type.scale() : 0));
        }
        return columns;
    }

    /**
     * {@code values} as the Parquet writer takes them: a STRING column's values as {@code big query}
     * prints them, a sum as a long (refused, naming the column, if it does not fit 64 bits).
     */
    static List<Object> row(List<ParquetColumn> columns, List<Object> values) {
        List<Object> row = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
            Object value = values.get(i);
            if (value != null && columns.get(i).kind() == Kind.STRING) {
                value = ValueText.of(value);
            } else if (value instanceof BigInteger big) {
                if (big.bitLength() >= Long.SIZE) {
                    throw new CliException(ExitCodes.DATA_ERROR, "column '" + columns.get(i).name() + "': the sum " + big
                            + " does not fit Parquet's INT64; export it with --format csv or jsonl, which write it whole");
                }
                value = big.longValue();
            }
            row.add(value);
        }
        return row;
    }

    private ResultColumns() {}
}
