package dev.big.bench.db;

import dev.big.bench.JvmFlags;
import dev.big.db.Row;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Point reads of a random record of the standard table through the typed API, one open snapshot:
 * one int field ({@code Snapshot.value}) and the whole record ({@code Snapshot.get}: six fields,
 * among them a keyed value and a set looked up in their dictionaries), by name; and the same
 * through handles bound once ({@code TableHandle.getLong}, unboxed, and {@code TableHandle.record}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {JvmFlags.ALLOW_UNSAFE_MEMORY_ACCESS, JvmFlags.ENABLE_NATIVE_ACCESS})
public class SnapshotReadBenchmark {

    @Benchmark
    public Object value(SnapshotQuestions q) {
        return q.snapshot.value(StandardTable.NAME, q.nextId().longArg(0), "value");
    }

    @Benchmark
    public Optional<Row> record(SnapshotQuestions q) {
        return q.snapshot.get(StandardTable.NAME, q.nextId().longArg(0));
    }

    @Benchmark
    public long handleValue(SnapshotQuestions q) {
        return q.events.getLong(q.nextId().longArg(0), q.value);
    }

    @Benchmark
    public Optional<Row> handleRecord(SnapshotQuestions q) {
        return q.events.record(q.nextId().longArg(0));
    }
}
