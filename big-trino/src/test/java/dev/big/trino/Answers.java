package dev.big.trino;

import io.trino.Session;
import io.trino.testing.DistributedQueryRunner;
import io.trino.testing.MaterializedRow;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** One form for the values three engines answer with, so their rows compare with equals. */
final class Answers {

    private Answers() {}

    static Object normalize(Object value) {
        return switch (value) {
            case null -> null;
            case Integer i -> BigInteger.valueOf(i);
            case Long l -> BigInteger.valueOf(l);
            case BigInteger b -> b;
            case BigDecimal d -> d.stripTrailingZeros().scale() <= 0 ? d.toBigIntegerExact() : d.round(MathContext.DECIMAL32);
            case Double d -> BigDecimal.valueOf(d).round(new MathContext(9));
            case Float f -> BigDecimal.valueOf(f).round(new MathContext(6));
            case Instant instant -> LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
            case Collection<?> list -> { // in order: every engine returns a set's members sorted
                List<String> values = new ArrayList<>();
                list.forEach(v -> values.add(String.valueOf(v)));
                yield values;
            }
            default -> value;
        };
    }

    /** The rows Trino answers {@code sql} with, in {@code session}, normalized. */
    static List<List<Object>> of(DistributedQueryRunner runner, Session session, String sql) {
        List<List<Object>> rows = new ArrayList<>();
        for (MaterializedRow row : runner.execute(session, sql).getMaterializedRows()) {
            rows.add(new ArrayList<>(row.getFields()));
        }
        return normalize(rows);
    }

    static List<List<Object>> normalize(List<List<Object>> rows) {
        List<List<Object>> out = new ArrayList<>();
        for (List<Object> row : rows) {
            List<Object> normal = new ArrayList<>();
            row.forEach(v -> normal.add(normalize(v)));
            out.add(normal);
        }
        return out;
    }
}
