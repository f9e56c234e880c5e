/** big's user API: a database of tables of typed event records, with writes, loads and queries. */
module dev.big.db {
    requires transitive dev.big.engine;
    requires net.sf.jsqlparser;
    exports dev.big.db;
    exports dev.big.db.sql;
}
