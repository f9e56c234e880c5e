package dev.big.db.sql;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Collection;
import java.util.List;

/** Whether an answer's values are of the types its columns declare (which come from binding, not from the values). */
final class DeclaredTypes {

    /** The first value of {@code result} that its column's declared type does not describe, or null. */
    static String mismatch(SqlResult result) {
        for (List<Object> row : result.rows()) {
            for (int c = 0; c < row.size(); c++) {
                ColumnType type = result.types().get(c);
                Object value = row.get(c);
                if (value == null) {
                    if (!type.nullable()) {
                        return "column " + result.columns().get(c) + " is declared " + type + " and holds NULL";
                    }
                    continue;
                }
                boolean fits = switch (type.kind()) {
                    case BIGINT -> value instanceof Long;
                    case HUGEINT -> value instanceof BigInteger;
                    case DECIMAL -> value instanceof BigDecimal decimal && decimal.scale() == type.scale();
                    case DOUBLE -> value instanceof Double;
                    case TIMESTAMP -> value instanceof Instant;
                    case DATE -> value instanceof LocalDate;
                    case BOOLEAN -> value instanceof Boolean;
                    case VARCHAR -> value instanceof String;
                    case VARCHAR_LIST -> value instanceof Collection<?>;
                    case UNKNOWN -> false;
                };
                if (!fits) {
                    return "column " + result.columns().get(c) + " is declared " + type + " and holds " + value + " ("
                            + value.getClass().getSimpleName() + (value instanceof BigDecimal d ? ", scale " + d.scale() : "")
                            + ")";
                }
            }
        }
        return null;
    }

    private DeclaredTypes() {}
}
