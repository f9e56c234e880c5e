package dev.big.bench.sql;

import dev.big.bench.BenchFiles;
import dev.big.bench.JvmFlags;
import dev.big.db.BulkLoad;
import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.TableDef;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A set-based {@code UPDATE events SET verified = ? WHERE type = ?} that changes every record of
 * one type: {@code matching} records out of twice as many (types {@code a} and {@code b}
 * alternate), each call flipping {@code verified} and committing durably. What one statement costs
 * per record it changes, and, with {@code -prof gc}, what it allocates.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {JvmFlags.ALLOW_UNSAFE_MEMORY_ACCESS, JvmFlags.ENABLE_NATIVE_ACCESS})
@State(Scope.Thread)
public class SetUpdateBenchmark {

    @Param({"100000"})
    public int matching;

    private Path dir;
    Db db;
    private boolean verified;

    @Setup(Level.Trial)
    public void load() {
        dir = BenchFiles.newDir("set-update");
        db = Db.create(dir.resolve("update.big"), List.of(TableDef.of("events", FieldDef.keyed("type"),
                FieldDef.bool("verified"), FieldDef.intField("value"))));
        try (BulkLoad load = db.bulkLoad("events")) {
            int type = load.field("type");
            int value = load.field("value");
            for (int i = 0; i < 2 * matching; i++) {
                load.set(type, i % 2 == 0 ? "a" : "b").set(value, i).add();
            }
        }
    }

    @TearDown(Level.Trial)
    public void delete() {
        db.close();
        BenchFiles.deleteRecursively(dir);
    }

    @Benchmark
    public Object updateOneType() {
        verified = !verified;
        return db.sql("UPDATE events SET verified = ? WHERE type = ?", verified, "a").scalar();
    }
}
