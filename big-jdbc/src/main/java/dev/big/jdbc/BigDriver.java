package dev.big.jdbc;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLNonTransientConnectionException;
import java.util.Locale;
import java.util.Properties;
import java.util.logging.Logger;

/**
 * The JDBC driver for big files: {@code jdbc:big:PATH[?readonly=true]} opens the big file at
 * {@code PATH} (absolute, or relative to the working directory). Found by {@link DriverManager}
 * through {@code ServiceLoader} (on the class path and the module path alike), so no
 * {@code Class.forName} is needed.
 *
 * <p>Connections to one file in one process share one open database ({@link OpenDatabases}):
 * a big file is opened for writing by one handle at a time. Properties, in the URL after
 * {@code ?} (separated by {@code &}) or in the {@link Properties} given to connect:
 * <ul>
 *   <li>{@code readonly} ({@code false}): open the file read-only; writes are refused.
 *   <li>{@code lockTimeout} (the database's, 30,000): how many milliseconds a write waits for the
 *       write lock while another connection's (or the application's) transaction holds it, before
 *       it fails with {@link java.sql.SQLTimeoutException} (SQLState HYT00) naming the holder.
 * </ul>
 */
public final class BigDriver implements Driver {

    /** What every big URL starts with. */
    public static final String URL_PREFIX = "jdbc:big:";
    static final String READ_ONLY = "readonly";
    static final String LOCK_TIMEOUT = "locktimeout";

    static {
        try {
            DriverManager.registerDriver(new BigDriver());
        } catch (SQLException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The file and options a URL names; a null lock timeout is the database's own. */
    record Target(Path path, boolean readOnly, java.time.Duration lockTimeout) {}

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null; // DriverManager asks every driver; another one may take this URL.
        }
        Target target = parse(url, info == null ? new Properties() : info);
        return new BigConnection(url, OpenDatabases.acquire(target.path(), target.readOnly()), target.readOnly(),
                target.lockTimeout());
    }

    /**
     * A connection to a database the application has open already (a big file has one writer
     * handle per process, so {@code jdbc:big:} of a file open through {@link dev.big.db.Db} would
     * find it locked). Closing the connection leaves {@code db} open; close it after its
     * connections.
     */
    public static Connection connect(dev.big.db.Db db) {
        java.util.Objects.requireNonNull(db, "db");
        return new BigConnection("jdbc:big:" + db.store().pager().name(), OpenDatabases.Shared.external(db), false, null);
    }

    static Target parse(String url, Properties info) throws SQLException {
        String rest = url.substring(URL_PREFIX.length());
        int query = rest.indexOf('?');
        String file = query < 0 ? rest : rest.substring(0, query);
        Properties properties = new Properties();
        properties.putAll(info);
        if (query >= 0) {
            for (String pair : rest.substring(query + 1).split("&")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                if (eq < 0) {
                    throw badUrl(url, "property '" + pair + "' has no value; write name=value");
                }
                properties.setProperty(pair.substring(0, eq).toLowerCase(Locale.ROOT), pair.substring(eq + 1));
            }
        }
        for (String name : properties.stringPropertyNames()) {
            if (!name.equalsIgnoreCase(READ_ONLY) && !name.equalsIgnoreCase(LOCK_TIMEOUT) && !name.equalsIgnoreCase("user")
                    && !name.equalsIgnoreCase("password")) {
                throw badUrl(url, "unknown property '" + name + "'; big's JDBC URL takes " + READ_ONLY
                        + "=true|false and lockTimeout=MILLISECONDS");
            }
        }
        java.time.Duration lockTimeout = null;
        String timeout = properties.getProperty(LOCK_TIMEOUT, properties.getProperty("lockTimeout"));
        if (timeout != null) {
            try {
                long millis = Long.parseLong(timeout.strip());
                if (millis < 0) {
                    throw new NumberFormatException();
                }
                lockTimeout = java.time.Duration.ofMillis(millis);
            } catch (NumberFormatException e) {
                throw badUrl(url, "lockTimeout is a number of milliseconds, 0 or more, not '" + timeout + "'");
            }
        }
        String readOnly = properties.getProperty(READ_ONLY, "false");
        if (!readOnly.equalsIgnoreCase("true") && !readOnly.equalsIgnoreCase("false")) {
            throw badUrl(url, READ_ONLY + " is true or false, not '" + readOnly + "'");
        }
        if (file.isBlank()) {
            throw badUrl(url, "no file: write jdbc:big:PATH, e.g. jdbc:big:events.big");
        }
        try {
            return new Target(Path.of(file), readOnly.equalsIgnoreCase("true"), lockTimeout);
        } catch (InvalidPathException e) {
            throw badUrl(url, "'" + file + "' is not a file path (" + e.getReason() + ")");
        }
    }

    private static SQLException badUrl(String url, String why) {
        return new SQLNonTransientConnectionException("bad big JDBC URL " + url + ": " + why, "08001");
    }

    @Override
    public boolean acceptsURL(String url) {
        return url != null && url.startsWith(URL_PREFIX);
    }

    @Override
    public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
        DriverPropertyInfo readOnly = new DriverPropertyInfo(READ_ONLY,
                info == null ? "false" : info.getProperty(READ_ONLY, "false"));
        readOnly.description = "open the file read-only (no lock, no writes)";
        readOnly.choices = new String[] {"false", "true"};
        DriverPropertyInfo lockTimeout = new DriverPropertyInfo("lockTimeout",
                info == null ? null : info.getProperty("lockTimeout", info.getProperty(LOCK_TIMEOUT)));
        lockTimeout.description = "milliseconds a write waits for the write lock another transaction holds (default 30000)";
        return new DriverPropertyInfo[] {readOnly, lockTimeout};
    }

    @Override
    public int getMajorVersion() {
        return Versions.MAJOR;
    }

    @Override
    public int getMinorVersion() {
        return Versions.MINOR;
    }

    /** Not fully JDBC compliant: big's SQL is a subset (docs/sql.md). */
    @Override
    public boolean jdbcCompliant() {
        return false;
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        throw new SQLFeatureNotSupportedException("big's JDBC driver does not log through java.util.logging");
    }
}
