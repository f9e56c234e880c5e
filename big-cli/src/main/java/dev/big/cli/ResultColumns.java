package dev.big.cli;

import dev.big.db.sql.SqlResult;
import dev.big.parquet.ParquetColumn;
import dev.big.parquet.ParquetColumn.Kind;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The Parquet column kinds of a query's result, from its values (a result names its columns but
 * not their types): integers (sums included, while they fit 64 bits) INT64, timestamps TIMESTAMP, bools BOOLEAN, strings STRING, decimals
 * DECIMAL of the largest scale in the column, averages DOUBLE, sets a LIST of strings. A column of
 * integers and decimals is a decimal, of numbers and doubles a double; of no values, or of values
 * of different kinds, strings (as {@code big query} prints them).
 */
final class ResultColumns {

    static List<ParquetColumn> of(SqlResult result) {
        List<ParquetColumn> columns = new ArrayList<>();
        for (int c = 0; c < result.columns().size(); c++) {
            Kind kind = null;
            int scale = 0;
            for (List<Object> row : result.rows()) {
                Object value = row.get(c);
                if (value == null) {
                    continue;
                }
                Kind seen = kind(value);
                if (value instanceof BigDecimal decimal) {
                    scale = Math.max(scale, Math.max(0, decimal.scale()));
                }
                kind = kind == null ? seen : widen(kind, seen);
            }
            columns.add(ParquetColumn.of(result.columns().get(c), kind == null ? Kind.STRING : kind, kind == Kind.DECIMAL
                    ? scale : 0));
        }
        return columns;
    }

    /** Values of a STRING column are written as text: {@link #text} gives it for every value. */
    static List<Object> row(List<ParquetColumn> columns, List<Object> values) {
        List<Object> row = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
            Object value = values.get(i);
            row.add(value != null && columns.get(i).kind() == Kind.STRING ? ValueText.of(value) : value);
        }
        return row;
    }

    private static Kind kind(Object value) {
        return switch (value) {
            case Long l -> Kind.INTEGER;
            case Integer i -> Kind.INTEGER;
            // A sum: exact, so wider than a long when it must be; one that does not fit is written as text.
            case java.math.BigInteger big -> big.bitLength() < Long.SIZE ? Kind.INTEGER : Kind.STRING;
            case BigDecimal d -> Kind.DECIMAL;
            case Double d -> Kind.DOUBLE;
            case Float f -> Kind.DOUBLE;
            case Boolean b -> Kind.BOOLEAN;
            case Instant i -> Kind.TIMESTAMP;
            case Collection<?> c -> Kind.STRING_LIST;
            default -> Kind.STRING;
        };
    }

    private static Kind widen(Kind a, Kind b) {
        if (a == b) {
            return a;
        }
        boolean numbers = isNumber(a) && isNumber(b);
        if (numbers) {
            return a == Kind.DOUBLE || b == Kind.DOUBLE ? Kind.DOUBLE : Kind.DECIMAL;
        }
        return Kind.STRING;
    }

    private static boolean isNumber(Kind kind) {
        return kind == Kind.INTEGER || kind == Kind.DECIMAL || kind == Kind.DOUBLE;
    }

    private ResultColumns() {}
}
