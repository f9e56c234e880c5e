package dev.big.bench.sql;

import dev.big.bench.JvmFlags;
import dev.big.bench.db.StandardDb;
import dev.big.db.sql.SqlResult;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code Db.sql} of group-bys with aggregates of an int field on the standard table (20 types):
 * what {@code QueryEngine.groupAggregate} costs, unfiltered and under a filter. Run with
 * {@code -p records=4000000} to see how it grows with shards.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {JvmFlags.ALLOW_UNSAFE_MEMORY_ACCESS, JvmFlags.ENABLE_NATIVE_ACCESS})
@State(Scope.Thread)
public class GroupAggregateBenchmark {

    /** The statements, by the name each benchmark parameter gives it. */
    static final Map<String, String> STATEMENTS = Map.of(
            "sum_size_by_type", "SELECT type, sum(size) FROM events GROUP BY type",
            "min_max_value_by_type_verified",
            "SELECT type, min(value), max(value) FROM events WHERE verified GROUP BY type",
            "avg_size_by_type_value_range",
            "SELECT type, avg(size) FROM events WHERE value BETWEEN 100000 AND 400000 GROUP BY type");

    @Param({"sum_size_by_type", "min_max_value_by_type_verified", "avg_size_by_type_value_range"})
    public String statement;

    @Benchmark
    public SqlResult run(StandardDb db) {
        return db.db.sql(STATEMENTS.get(statement));
    }
}
