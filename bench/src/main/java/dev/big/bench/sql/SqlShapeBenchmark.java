package dev.big.bench.sql;

import dev.big.bench.JvmFlags;
import dev.big.bench.db.StandardDb;
import dev.big.db.sql.SqlResult;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code Db.sql(statement)} of each query shape of the campaign on the standard table: parse (from
 * the statement-template cache after the first call), bind, a snapshot of the latest commit, run,
 * result rows. Parameters change per call as in the campaign.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {JvmFlags.ALLOW_UNSAFE_MEMORY_ACCESS, JvmFlags.ENABLE_NATIVE_ACCESS})
public class SqlShapeBenchmark {

    @Benchmark
    public SqlResult run(StandardDb db, SqlStatements statements) {
        return db.db.sql(statements.nextStatement());
    }
}
