package dev.big.db.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every timestamp form big accepts means the same instant as in DuckDB; the others are refused. */
class TimestampLiteralsTest {

    @ParameterizedTest
    @ValueSource(strings = {"2024-01-01", "2024-01-01 00:00:00", "2024-02-29 23:59:59", "2023-11-14T22:13:20",
            "2023-11-14 22:13:20.5", "2023-11-14 22:13:20.123", "2023-11-14 22:13:20.120000", "1969-12-31 23:59:59.999",
            "1900-03-01 12:00:00", "9999-12-31 23:59:59.999"})
    void acceptedFormsMeanWhatDuckDbMeans(String text) {
        long expected;
        try (DuckDbMirror duck = new DuckDbMirror()) {
            List<List<Object>> rows = duck.query("SELECT epoch_ms(TIMESTAMP '" + text + "')");
            expected = ((BigInteger) rows.getFirst().getFirst()).longValueExact();
        }
        assertEquals(expected, TimestampLiterals.parse(text, "TIMESTAMP '" + text + "'").toEpochMilli(), text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"2024-01-01 00:00:00+02", "2024-01-01 00:00:00 UTC", "2024-1-1", "2024-01-01 00:00",
            "2024-13-01", "2024-02-30", "2024-01-01 00:00:00.0001", "infinity", "epoch", " 2024-01-01"})
    void otherFormsAreRefused(String text) {
        assertThrows(UnsupportedSqlException.class, () -> TimestampLiterals.parse(text, "'" + text + "'"));
    }
}
