package dev.big.parquet;

import dev.big.db.InvalidInputException;
import dev.big.db.rowfile.AnswerWriter;
import dev.big.db.rowfile.ParquetWriterProvider;
import dev.big.db.rowfile.ValueText;
import dev.big.db.sql.ColumnType;
import dev.big.parquet.ParquetColumn.Kind;
import java.io.OutputStream;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * big-db's Parquet writers ({@link ParquetWriterProvider}, found by {@link java.util.ServiceLoader}):
 * the answer of a query, or a table's rows, as a Parquet file, each column typed by the type the
 * answer gives it ({@link ColumnType}): BIGINT and HUGEINT (a sum) INT64, DECIMAL of the column's
 * scale, DOUBLE, TIMESTAMP, BOOLEAN, VARCHAR STRING, a set a LIST of strings; a DATE, or a column
 * with no value in the answer (UNKNOWN), as the text {@link ValueText} writes.
 */
public final class ParquetAnswerWriters implements ParquetWriterProvider {

    /** The provider ServiceLoader makes. */
    public ParquetAnswerWriters() {}

    @Override
    public AnswerWriter open(OutputStream out, String name, List<String> columns, List<ColumnType> types) {
        List<ParquetColumn> parquetColumns = columns(columns, types);
        ParquetRowWriter writer = ParquetRowWriter.create(out, name, parquetColumns);
        return new AnswerWriter() {
            @Override
            public void write(List<?> row) {
                writer.write(values(parquetColumns, row));
            }

            @Override
            public void finish() {
                writer.close();
            }
        };
    }

    static List<ParquetColumn> columns(List<String> names, List<ColumnType> types) {
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
     * {@code values} as the Parquet writer takes them: a STRING column's values as text, a sum as
     * a long (refused, naming the column, if it does not fit 64 bits).
     */
    static List<Object> values(List<ParquetColumn> columns, List<?> values) {
        List<Object> row = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
            Object value = values.get(i);
            if (value != null && columns.get(i).kind() == Kind.STRING) {
                value = ValueText.of(value);
            } else if (value instanceof BigInteger big) {
                if (big.bitLength() >= Long.SIZE) {
                    throw new InvalidInputException("column '" + columns.get(i).name() + "': the sum " + big
                            + " does not fit Parquet's INT64; write it as CSV or JSON, which keep it whole");
                }
                value = big.longValue();
            }
            row.add(value);
        }
        return row;
    }
}
