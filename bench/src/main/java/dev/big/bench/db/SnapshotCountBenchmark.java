package dev.big.bench.db;

import dev.big.bench.JvmFlags;
import dev.big.bench.compare.PeerQuestion;
import dev.big.db.Filter;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code Snapshot.count(table, filter)} of the standard table through the typed API, one open
 * snapshot, with the campaign's parameters: {@code value >= t}, a one-hour window, a type with
 * verified in a one-hour window, and one type.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {JvmFlags.ALLOW_UNSAFE_MEMORY_ACCESS, JvmFlags.ENABLE_NATIVE_ACCESS})
public class SnapshotCountBenchmark {

    static final String TABLE = StandardTable.NAME;

    @Benchmark
    public long countGe(SnapshotQuestions q) {
        return q.snapshot.count(TABLE, Filter.ge("value", q.nextThreshold().longArg(0)));
    }

    @Benchmark
    public long oneHourWindow(SnapshotQuestions q) {
        PeerQuestion window = q.nextWindow();
        return q.snapshot.count(TABLE, Filter.between("received_at", window.longArg(0), window.longArg(1)));
    }

    @Benchmark
    public long typeWindowVerified(SnapshotQuestions q) {
        PeerQuestion question = q.nextTypeWindow();
        return q.snapshot.count(TABLE, Filter.and(Filter.eq("type", question.stringArg(0)), Filter.eq("verified", true),
                Filter.between("received_at", question.longArg(1), question.longArg(2))));
    }

    @Benchmark
    public long oneType(SnapshotQuestions q) {
        return q.snapshot.count(TABLE, Filter.eq("type", q.nextType().stringArg(0)));
    }
}
