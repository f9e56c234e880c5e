package dev.big.bench.db;

import dev.big.bench.BenchFiles;
import dev.big.bench.JvmFlags;
import dev.big.db.Db;
import dev.big.db.Ingester;
import dev.big.workload.Event;
import dev.big.workload.EventGenerator;
import dev.big.workload.IdLayout;
import java.nio.file.Path;
import java.util.Iterator;
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
 * Ingest as the campaign's ingest phase does it, one call per durable commit: {@code Db.ingest(batch)}
 * takes {@code batch} new standard events and commits them (fsync included) when it closes. The
 * file lives under the bench directory ({@link BenchFiles}), never on tmpfs, and grows through the
 * trial, as an ingesting application's does. Time per commit; divide by {@code batch} for time per
 * event. Events are put at their ids or appended ({@code write}): an append takes its id from the
 * table's ledger of ids, a put claims its own.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {JvmFlags.ALLOW_UNSAFE_MEMORY_ACCESS, JvmFlags.ENABLE_NATIVE_ACCESS})
public class IngestBenchmark {

    @Param({"100"})
    public int batch;

    /** {@code put}: each event at its own id (as a loader of ids does); {@code append}: at the table's next id. */
    @Param({"put", "append"})
    public String write;

    private Path dir;
    private Db db;
    private Iterator<Event> events;

    @Setup(Level.Trial)
    public void create() {
        dir = BenchFiles.newDir("ingest");
        db = Db.create(dir.resolve("ingest.big"), List.of(StandardTable.DEF));
        // More events than any trial commits: at a few hundred µs per commit of 100, 10^8 lasts hours.
        events = new EventGenerator(7, 100_000_000L, new IdLayout.Dense()).iterator();
    }

    @TearDown(Level.Trial)
    public void delete() {
        if (db != null) {
            db.close();
        }
        BenchFiles.deleteRecursively(dir);
    }

    @Benchmark
    public void commitBatch() {
        try (Ingester ingester = db.ingest(batch)) {
            boolean put = write.equals("put");
            for (int i = 0; i < batch; i++) {
                Event event = events.next();
                if (put) {
                    ingester.put(StandardTable.NAME, event.id(), StandardTable.record(event));
                } else {
                    ingester.append(StandardTable.NAME, StandardTable.record(event));
                }
            }
        }
    }
}
