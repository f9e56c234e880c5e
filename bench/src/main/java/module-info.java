/**
 * The benchmarks (JMH), the benchmark campaign and its report, and the comparisons with other
 * engines. Compiled as a module so the compiler holds the benchmarks to the layers' exported API
 * (and the one internal package they measure, see bench/pom.xml); the benchmarks jar runs on the
 * class path, as JMH's forks and the campaign's child JVMs do.
 */
module dev.big.bench {
    requires dev.big.db;
    requires dev.big.jdbc;
    requires dev.big.workload;
    // JMH: the annotations, and the runner its generated code (packages *.jmh_generated) calls.
    requires jmh.core;
    // The engines big is compared with.
    requires java.sql;
    requires duckdb.jdbc;
    requires org.xerial.sqlitejdbc;
    requires org.apache.lucene.core;
    // The campaign: results and the baseline as JSON, charts as PNG.
    requires com.fasterxml.jackson.databind;
    requires org.knowm.xchart;
    requires java.desktop;
    // Jackson reads and writes the campaign's records by reflection.
    opens dev.big.bench.campaign to com.fasterxml.jackson.databind;
}
