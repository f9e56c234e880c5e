/** big's user API: a database of tables of typed event records, with writes, loads and queries. */
module dev.big.db {
    requires transitive dev.big.engine;
    exports dev.big.db;
}
