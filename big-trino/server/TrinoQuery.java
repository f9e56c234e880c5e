import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * Runs each argument as one statement through the Trino JDBC driver and prints the rows, one line
 * each, values separated by " | ", then the time it took (run by ../query.sh).
 */
public final class TrinoQuery {
    public static void main(String[] args) throws Exception {
        String url = System.getProperty("url", "jdbc:trino://127.0.0.1:18080/big/default");
        try (Connection connection = DriverManager.getConnection(url, "big", null); Statement statement = connection.createStatement()) {
            for (String sql : args) {
                long started = System.nanoTime();
                try (ResultSet rows = statement.executeQuery(sql)) {
                    int columns = rows.getMetaData().getColumnCount();
                    while (rows.next()) {
                        StringBuilder line = new StringBuilder();
                        for (int c = 1; c <= columns; c++) {
                            line.append(c > 1 ? " | " : "").append(rows.getObject(c));
                        }
                        System.out.println(line);
                    }
                }
                System.out.printf("-- %d ms: %s%n", (System.nanoTime() - started) / 1_000_000, sql);
            }
        }
    }
}
