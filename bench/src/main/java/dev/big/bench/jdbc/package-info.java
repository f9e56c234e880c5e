/**
 * JMH benchmarks of big through its JDBC driver, as a Java application's data layer calls it:
 * prepared statements executed again and again with new parameters.
 */
package dev.big.bench.jdbc;
