/** big's user API: a database of tables of typed event records, with writes, loads and queries. */
module dev.big.db {
    requires transitive dev.big.engine;
    requires net.sf.jsqlparser;
    requires org.lz4.java;
    exports dev.big.db;
    exports dev.big.db.sql;
    exports dev.big.db.exchange;
}
