/** A JDBC driver for big files: {@code jdbc:big:PATH[?readonly=true]} (docs/jdbc.md). */
module dev.big.jdbc {
    requires transitive java.sql;
    // Transitive: BigDriver.connect(Db) takes the application's database.
    requires transitive dev.big.db;
    exports dev.big.jdbc;
    provides java.sql.Driver with dev.big.jdbc.BigDriver;
}
