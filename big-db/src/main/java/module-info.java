/** big's user API: a database of tables of typed event records, with writes, loads and queries. */
module dev.big.db {
    requires transitive dev.big.engine;
    requires net.sf.jsqlparser;
    requires org.lz4.java;
    exports dev.big.db;
    exports dev.big.db.sql;
    exports dev.big.db.exchange;
    exports dev.big.db.rowfile;
    // Parquet files are written by big-parquet, found at run time, so big-db carries none of Parquet's libraries.
    uses dev.big.db.rowfile.ParquetWriterProvider;
}
