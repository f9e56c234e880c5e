package dev.big.bench.db;

import dev.big.bench.BenchFiles;
import dev.big.bench.campaign.Workload;
import dev.big.db.Db;
import dev.big.db.Snapshot;
import dev.big.engine.Store;
import dev.big.page.MetaPage;
import dev.big.pager.PageCounts;
import dev.big.workload.Event;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Durable single-record writes, each its own commit, from one thread and from many (issue 33): the
 * standard table preloaded with {@code --preload} events in a fresh file under {@code target/}, then
 * {@code --warmup} writes (default 100,000) and then {@code --ops} timed ones, single appends
 * ({@code --mix inserts}) or alternating appends and single-field updates of random existing records
 * ({@code --mix mixed}), from {@code --threads} threads; a reader
 * thread meanwhile times point reads and one-type counts. Prints operations per second, pages and
 * forcings per operation, the file's growth, the reader's p99 against an idle p99 measured first,
 * and each write's latency (its maximum is a checkpoint's pause when one ran among the writes). {@code --format 3} makes a file without the write log (every commit to the pages).
 *
 * <pre>java -cp bench/target/benchmarks.jar dev.big.bench.db.DurableWrites --threads 32 --ops 20000 --mix inserts</pre>
 */
public final class DurableWrites {

    public static void main(String[] args) throws Exception {
        int threads = intArg(args, "--threads", 1);
        int ops = intArg(args, "--ops", 20_000);
        int preload = intArg(args, "--preload", 100_000);
        // 100,000: after 20,000, 32 threads still ran partly interpreted or C1-compiled code, and 100,000
        // timed writes then measured 12,500-15,900 writes/s where 200,000 after this warm-up measure 30,000.
        int warmup = intArg(args, "--warmup", 100_000);
        int format = intArg(args, "--format", MetaPage.VERSION_CREATED);
        boolean mixed = "mixed".equals(stringArg(args, "--mix", "inserts"));
        Path dir = BenchFiles.newDir("durable-writes");
        Path file = dir.resolve("events.big");
        try (Db db = Db.of(Store.create(file, format))) {
            db.createTable(StandardTable.DEF);
            db.bulkLoad(StandardTable.NAME, StandardTable.records(Workload.events(preload)));
            Iterator<Event> events = Workload.events(50_000_000).iterator();
            // Warm-up: the write path compiled before it is timed, by as many threads as the timed
            // writes (their group commits run code one thread never reaches: a profile of 32 threads
            // found the JIT compiler's thread with most of the process's CPU time 9 s in).
            write(db, threads, warmup, mixed, preload, events, new long[warmup]);
            db.store().checkpoint();
            readLatencies(db, preload, 20_000, null); // the read path compiled before its idle p99 is taken
            long[] idle = readLatencies(db, preload, 20_000, null);
            long sizeBefore = Files.size(file);
            PageCounts before = db.store().countsSinceOpen();
            long[] writeNanos = new long[ops];
            AtomicBoolean writing = new AtomicBoolean(true);
            long[][] busy = new long[1][];
            Thread reader = Thread.ofPlatform().start(() -> busy[0] = readLatencies(db, preload, Integer.MAX_VALUE, writing));
            long start = System.nanoTime();
            write(db, threads, ops, mixed, preload, events, writeNanos);
            double seconds = (System.nanoTime() - start) / 1e9;
            writing.set(false);
            reader.join();
            PageCounts written = db.store().countsSinceOpen().minus(before);
            System.out.printf(Locale.ROOT, "format %d, %s, %d threads, %,d ops: %,.0f ops/s; %.2f pages and %.2f forcings per op"
                            + " (%s); file grew %,d bytes; read p99 idle %,.0f us, while writing %,.0f us;"
                            + " write p50 %,.0f us, p99 %,.0f us, max %,.1f ms (checkpoints among them)%n",
                    format, mixed ? "mixed" : "inserts", threads, ops, ops / seconds, written.totalWritten() / (double) ops,
                    written.syncs() / (double) ops, written.pagesWritten(), Files.size(file) - sizeBefore,
                    p99(idle) / 1e3, p99(busy[0]) / 1e3, percentile(writeNanos, 0.5) / 1e3, p99(writeNanos) / 1e3,
                    percentile(writeNanos, 1.0) / 1e6);
        } finally {
            BenchFiles.deleteRecursively(dir);
        }
    }

    /** {@code ops} single writes from {@code threads} threads, each write's latency into {@code writeNanos}. */
    private static void write(Db db, int threads, int ops, boolean mixed, int preload, Iterator<Event> events,
            long[] writeNanos) throws InterruptedException {
        AtomicInteger left = new AtomicInteger(ops);
        AtomicInteger timed = new AtomicInteger();
        List<Thread> writers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            SplittableRandom random = new SplittableRandom(t);
            writers.add(Thread.ofPlatform().start(() -> {
                int op;
                while ((op = left.getAndDecrement()) > 0) {
                    long began = System.nanoTime();
                    if (mixed && op % 2 == 0) {
                        db.update(StandardTable.NAME, random.nextLong(preload), "value", random.nextLong(1 << 20));
                    } else {
                        Event event;
                        synchronized (events) {
                            event = events.next();
                        }
                        db.append(StandardTable.NAME, StandardTable.record(event));
                    }
                    writeNanos[timed.getAndIncrement()] = System.nanoTime() - began;
                }
            }));
        }
        for (Thread writer : writers) {
            writer.join();
        }
    }

    /** Alternating point reads and one-type counts, each timed, until {@code running} is false or {@code count} are done. */
    private static long[] readLatencies(Db db, int ids, int count, AtomicBoolean running) {
        SplittableRandom random = new SplittableRandom(99);
        long[] times = new long[1 << 20];
        int n = 0;
        while (n < count && n < times.length && (running == null || running.get())) {
            long start = System.nanoTime();
            try (Snapshot snapshot = db.read()) {
                if (n % 2 == 0) {
                    snapshot.get(StandardTable.NAME, random.nextLong(ids));
                } else {
                    snapshot.count(StandardTable.NAME, dev.big.db.Filter.eq("type", "type03"));
                }
            }
            times[n++] = System.nanoTime() - start;
        }
        return Arrays.copyOf(times, n);
    }

    private static double p99(long[] times) {
        return percentile(times, 0.99);
    }

    private static double percentile(long[] times, double fraction) {
        long[] sorted = times.clone();
        Arrays.sort(sorted);
        return sorted.length == 0 ? 0 : sorted[(int) Math.min(sorted.length - 1, Math.round((sorted.length - 1) * fraction))];
    }

    private static int intArg(String[] args, String name, int otherwise) {
        String value = stringArg(args, name, null);
        return value == null ? otherwise : Integer.parseInt(value);
    }

    private static String stringArg(String[] args, String name, String otherwise) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return otherwise;
    }

    private DurableWrites() {}
}
