package dev.big.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Spring's {@code JdbcTemplate} over big's driver, as a Spring application configures it (a
 * {@code DriverManagerDataSource} by URL, a transaction manager), against the same template over
 * DuckDB's driver: prepared queries, updates, and a transaction that fails and rolls back.
 */
class SpringJdbcTemplateTest {

    @Test
    void jdbcTemplateAnswersAsOnDuckDb() throws SQLException {
        Path file = Fixtures.newBigFile("spring");
        DriverManagerDataSource bigSource = new DriverManagerDataSource("jdbc:big:" + file);
        Connection duckConnection = Fixtures.duckDb();
        SingleConnectionDataSource duckSource = new SingleConnectionDataSource(duckConnection, true);
        JdbcTemplate big = new JdbcTemplate(bigSource);
        JdbcTemplate duck = new JdbcTemplate(duckSource);
        try {
            assertEquals(duck.update(Fixtures.insertAll()), big.update(Fixtures.insertAll()));
            String sql = "SELECT type, count(*) AS n, sum(value) AS total FROM events WHERE ts >= ? AND price < ?"
                    + " GROUP BY type ORDER BY type";
            Object[] parameters = {Timestamp.valueOf(LocalDateTime.parse("2024-01-05T00:00:00")), new BigDecimal("60")};
            List<Map<String, Object>> expected = duck.queryForList(sql, parameters);
            assertEquals(expected, big.queryForList(sql, parameters));
            assertEquals(duck.queryForObject("SELECT count(*) FROM events WHERE verified = ?", Long.class, true),
                    big.queryForObject("SELECT count(*) FROM events WHERE verified = ?", Long.class, true));
            assertEquals(duck.update("UPDATE events SET type = ? WHERE value > ?", "big", 20),
                    big.update("UPDATE events SET type = ? WHERE value > ?", "big", 20));

            for (JdbcTemplate template : List.of(big, duck)) {
                TransactionTemplate transactions = new TransactionTemplate(
                        new DataSourceTransactionManager(template.getDataSource()));
                assertThrows(DataAccessException.class, () -> transactions.executeWithoutResult(status -> {
                    template.update("DELETE FROM events WHERE type = 'big'");
                    template.update("INSERT INTO events (id, value) VALUES (0, 1)"); // id 0 exists: fails
                }));
            }
            String all = "SELECT * FROM events ORDER BY id";
            assertEquals(duck.query(all, (rs, i) -> Rows.normalize(rs.getObject("tags")) + " " + rs.getString("type")),
                    big.query(all, (rs, i) -> Rows.normalize(rs.getObject("tags")) + " " + rs.getString("type")),
                    "the failed transaction was rolled back on both");
            DataAccessException duplicate = assertThrows(DataAccessException.class,
                    () -> big.update("INSERT INTO events (id) VALUES (0)"));
            assertEquals(DataIntegrityViolationException.class, duplicate.getClass(),
                    "Spring reads SQLState 22000 as a data integrity violation");
        } finally {
            duckSource.destroy();
        }
    }
}
