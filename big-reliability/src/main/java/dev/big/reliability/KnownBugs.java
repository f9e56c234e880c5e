package dev.big.reliability;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Filter;
import dev.big.db.Ingester;
import dev.big.db.Record;
import dev.big.db.Snapshot;
import dev.big.db.TableDef;
import dev.big.page.CorruptPageException;
import dev.big.page.PageFormat;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Bugs the battery found in big, each as a minimal reproduction that returns what it saw while the
 * bug is there and empty once it is fixed. They run in {@code KnownBugsTest} (an open one
 * disabled, so the default build stays green) and with {@code ./big torture --known-bugs};
 * where the default battery meets one of them it counts it by name ({@link Tally#knownBug}) instead
 * of reporting it again as a finding. docs/reliability.md describes each.
 */
public final class KnownBugs {

    public static final String READ_ONLY_STALE_SNAPSHOT = "a read-only handle's snapshot answers wrong while another handle writes";
    public static final String LEAKED_READ_ON_DAMAGED_CATALOG = "Db.read() leaks its read transaction when the catalog is damaged";
    public static final String CREATE_REPEATED_TABLE = "big create with a repeated table name leaves a database behind";
    public static final String SQL_STACK_OVERFLOW = "a long AND/OR chain in SQL overflows the stack";
    public static final String UNPAIRED_SURROGATE = "a string with an unpaired surrogate is stored altered, without an error";
    public static final String FIFO_HANGS = "Db.openReadOnly on a named pipe waits forever";
    public static final String LOADER_RACE = "big load --batch misreports a refused row while a batch commits";
    public static final String LOCK_RELEASED = "closing another handle of the file in the writer's process drops the write lock";
    public static final String LOAD_STOP_MISCOUNTS = "big load --batch stopping at a bad row reports a batch still committing as not written";
    public static final String SQL_HUGE_ORDINAL = "ORDER BY a position past 64 bits throws NumberFormatException";
    public static final String READ_ONLY_STOPS_FOLLOWING = "a long-lived read-only handle stops following its writer once the file grows";

    /** One reproduction: its name, and what it saw (empty: the bug is gone). */
    public record Probe(String name, ProbeBody body) {}

    @FunctionalInterface
    public interface ProbeBody {
        Optional<String> run(Path dir) throws Exception;
    }

    public static List<Probe> all() {
        return List.of(new Probe(READ_ONLY_STALE_SNAPSHOT, KnownBugs::readOnlyStaleSnapshot),
                new Probe(LEAKED_READ_ON_DAMAGED_CATALOG, KnownBugs::leakedReadOnDamagedCatalog),
                new Probe(CREATE_REPEATED_TABLE, KnownBugs::createWithARepeatedTableName),
                new Probe(SQL_STACK_OVERFLOW, KnownBugs::sqlStackOverflow),
                new Probe(UNPAIRED_SURROGATE, KnownBugs::unpairedSurrogate),
                new Probe(FIFO_HANGS, KnownBugs::fifoHangs),
                new Probe(LOADER_RACE, KnownBugs::loaderRace),
                new Probe(LOCK_RELEASED, KnownBugs::lockReleased),
                new Probe(READ_ONLY_STOPS_FOLLOWING, KnownBugs::readOnlyStopsFollowing),
                new Probe(LOAD_STOP_MISCOUNTS, KnownBugs::loadStopMiscounts),
                new Probe(SQL_HUGE_ORDINAL, KnownBugs::sqlHugeOrdinal));
    }

    /**
     * A snapshot of a read-only handle keeps reading pages by number, but the writer (another
     * handle, in this process or another) does not know the snapshot exists and reuses its pages:
     * the snapshot's answers change, silently. Both checksums and the verified-checksum memo pass,
     * because what the snapshot caches (verified pages, plane directories) is trusted on reuse.
     */
    static Optional<String> readOnlyStaleSnapshot(Path dir) {
        Path file = dir.resolve("stale.big");
        try (Db writer = Db.create(file, List.of(TableDef.of("t", FieldDef.intField("v"))))) {
            try (Ingester in = writer.ingest(1000)) {
                for (int i = 0; i < 50_000; i++) {
                    in.append("t", Record.of("v", (long) (i % 1000)));
                }
            }
            try (Db reader = Db.openReadOnly(file); Snapshot snapshot = reader.read()) {
                BigInteger before = snapshot.aggregate("t", "v", Filter.all()).sum();
                SplittableRandom random = new SplittableRandom(1);
                for (int round = 0; round < 50; round++) {
                    try (Ingester in = writer.ingest(1000)) {
                        for (int i = 0; i < 500; i++) {
                            in.put("t", random.nextInt(50_000), Record.of("v", (long) random.nextInt(1000)));
                        }
                    }
                    BigInteger now;
                    try {
                        now = snapshot.aggregate("t", "v", Filter.all()).sum();
                    } catch (CorruptPageException e) {
                        continue; // noticing the reuse would be acceptable; answering wrong is not
                    }
                    if (!now.equals(before)) {
                        return Optional.of("one open snapshot answered sum(v) = " + before + ", then " + now + " after "
                                + (round + 1) + " commits of the writer");
                    }
                }
            }
        }
        return Optional.empty();
    }

    /**
     * {@code Db.read()} builds its query engine, which reads the catalog, after beginning the read
     * transaction; when the catalog page is damaged the constructor throws and the transaction is
     * never closed. The snapshot stays pinned: close() waits five seconds for it ({@code big query}
     * and {@code big stats} on such a file take five seconds to say it is damaged) and a writer
     * never reuses pages freed after it.
     */
    static Optional<String> leakedReadOnDamagedCatalog(Path dir) throws Exception {
        Path file = dir.resolve("catalog.big");
        try (Db db = Db.create(file, List.of(TableDef.of("t", FieldDef.intField("v"))))) {
            db.append("t", Record.of("v", 1L));
        }
        PageMap map = PageMap.of(Files.readAllBytes(file));
        long catalog = map.byRole().get(PageMap.Role.CATALOG_LEAF).getFirst();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.write(ByteBuffer.wrap(new byte[] {0x55}), PageFormat.offsetOf(catalog) + 100);
        }
        Db db = Db.openReadOnly(file);
        try {
            db.read().close();
            return Optional.of("a damaged catalog page was not noticed");
        } catch (CorruptPageException expected) {
            long start = System.nanoTime();
            db.close();
            long millis = (System.nanoTime() - start) / 1_000_000;
            return millis > 1_000 ? Optional.of("after db.read() failed on damaged catalog page " + catalog + ", close() waited "
                    + millis + " ms for the read transaction the failed call left open") : Optional.empty();
        }
    }

    /**
     * {@code big create} creates the file, then each table in its own commit; a table that fails
     * (here a second table of the same name) stops the command with exit 65, "a bad schema creates
     * nothing" (docs/cli.md), yet the file stays, with the tables before it.
     */
    static Optional<String> createWithARepeatedTableName(Path dir) throws Exception {
        Path schema = dir.resolve("repeated.json");
        Files.writeString(schema, "{\"tables\": [{\"name\": \"t\", \"fields\": [{\"name\": \"v\", \"type\": \"int\"}]},"
                + " {\"name\": \"t\", \"fields\": []}]}");
        Path database = dir.resolve("repeated.big");
        CliBatch.Result result = CliBatch.run(dir, List.of(List.of("create", database.toString(), "--schema", schema.toString())),
                60_000).getFirst();
        return result.exitCode() != 0 && Files.exists(database)
                ? Optional.of("big create exited " + result.exitCode() + " (" + result.stderr().strip() + ") and left "
                        + database.getFileName() + " behind (" + Files.size(database) + " bytes)")
                : Optional.empty();
    }

    /**
     * A WHERE clause of a few thousand terms joined by OR (or AND), as a program generating SQL
     * may write, overflows the stack in JSqlParser's {@code BinaryExpression.toString}, which big
     * calls on the parsed statement: {@code db.sql} throws StackOverflowError, {@code big query}
     * exits 70 (internal error).
     */
    static Optional<String> sqlStackOverflow(Path dir) throws Exception {
        try (Db db = Db.create(dir.resolve("sql.big"), List.of(EventRecords.table()))) {
            String sql = "SELECT count(*) FROM events WHERE " + "value = 1 OR ".repeat(5_000) + "value = 2";
            Optional<String>[] seen = new Optional[] {Optional.empty()};
            Thread thread = new Thread(null, () -> {
                try {
                    db.sql(sql);
                } catch (StackOverflowError e) {
                    seen[0] = Optional.of("db.sql with 5,001 OR terms threw StackOverflowError (default 1 MiB thread stack)");
                } catch (RuntimeException e) {
                    // Refusing it with a message, or answering it, are both fine.
                }
            }, "sql", 1 << 20);
            thread.start();
            thread.join();
            return seen[0];
        }
    }

    /**
     * A Java string with an unpaired UTF-16 surrogate is encoded to UTF-8 with a '?' in its place:
     * the keyed value "a\uD800b" is stored, and read back, as "a?b" (the same dictionary entry as
     * a real "a?b"), with no error. The same happens to "\\ud800" in a JSON Lines load.
     */
    static Optional<String> unpairedSurrogate(Path dir) {
        try (Db db = Db.create(dir.resolve("surrogate.big"), List.of(EventRecords.table()))) {
            long id = db.append(EventRecords.TABLE, Record.of("kind", "a\uD800b"));
            try (Snapshot s = db.read()) {
                Object stored = s.value(EventRecords.TABLE, id, "kind");
                return "a\uD800b".equals(stored) ? Optional.empty()
                        : Optional.of("kind \"a\\uD800b\" was accepted and reads back as \"" + stored + "\"");
            }
        } catch (dev.big.db.InvalidInputException refused) {
            return Optional.empty();
        }
    }

    /** {@code Db.openReadOnly} of a named pipe blocks in open(2) until a writer opens the pipe: forever. */
    static Optional<String> fifoHangs(Path dir) throws Exception {
        Path fifo = dir.resolve("pipe.big");
        if (new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() != 0) {
            return Optional.empty();
        }
        Thread opener = Thread.ofPlatform().daemon().start(() -> {
            try {
                Db.openReadOnly(fifo).close();
            } catch (RuntimeException expected) {
                // A refusal is what should happen.
            }
        });
        opener.join(5_000);
        if (!opener.isAlive()) {
            return Optional.empty();
        }
        // Release the blocked open, so the thread ends: opening the pipe for writing unblocks it.
        try (FileChannel unblock = FileChannel.open(fifo, StandardOpenOption.WRITE)) {
            opener.join(5_000);
        }
        return Optional.of("Db.openReadOnly(" + fifo.getFileName() + ") did not return within 5 s");
    }

    /**
     * {@code big load --batch N} tells a refused row (a keyed value over 1,000 bytes, which only the
     * database checks) from a failed commit by whether {@code Ingester.committed()} changed while
     * the row was checked; but a batch committing in the background changes it at any moment. Then
     * the refusal is taken for a failed commit: the load stops with a bare message, without the row's
     * line or what was committed, and with {@code --skip-bad} it stops instead of setting the row aside.
     */
    static Optional<String> loaderRace(Path dir) throws Exception {
        Path database = dir.resolve("race.big");
        try (Db db = Db.create(database, List.of(EventRecords.table()))) {
            db.append(EventRecords.TABLE, EventRecords.record(0));
        }
        StringBuilder csv = new StringBuilder("value,kind\n");
        String tooLong = "x".repeat(1_001);
        for (int i = 0; i < 2_000; i++) {
            csv.append(i).append(',').append(i % 2 == 0 ? "k" : tooLong).append('\n');
        }
        Path input = dir.resolve("race.csv");
        Files.writeString(input, csv, StandardCharsets.UTF_8);
        List<List<String>> commands = new ArrayList<>();
        for (int run = 0; run < 1; run++) {
            commands.add(List.of("load", database.toString(), EventRecords.TABLE, input.toString(), "--batch", "1",
                    "--skip-bad", dir.resolve("rejected-" + run + ".txt").toString()));
        }
        for (CliBatch.Result result : CliBatch.run(dir, commands, 300_000)) {
            if (result.exitCode() != 0) {
                return Optional.of("--batch 1 --skip-bad stopped with exit " + result.exitCode() + " and \""
                        + result.stderr().strip() + "\" instead of setting the row aside");
            }
        }
        return Optional.empty();
    }

    /**
     * The write lock is a POSIX record lock (what {@code FileChannel.tryLock} takes on Linux), and
     * closing any descriptor of a file drops every such lock the process holds on it. So in the
     * writer's own process, a refused second {@code Db.open} of the file, or a read-only handle
     * opened and closed, releases the writer's lock: another process can then open the file for
     * writing, and two writers corrupt it.
     */
    static Optional<String> lockReleased(Path dir) throws Exception {
        List<String> seen = new ArrayList<>();
        String[] ways = {"a refused second Db.open", "a read-only handle opened and closed"};
        for (int way = 0; way < ways.length; way++) {
            String how = ways[way];
            Path file = dir.resolve("lock-" + way + ".big");
            try (Db writer = Db.create(file, List.of(EventRecords.table()))) {
                writer.append(EventRecords.TABLE, EventRecords.record(0));
                if (how.startsWith("a refused")) {
                    try (Db second = Db.open(file)) {
                        seen.add("a second Db.open in the writer's process was not refused");
                    } catch (dev.big.page.DatabaseLockedException expected) {
                        // Refused, as it should be; what matters is what the refusal did to the lock.
                    }
                } else {
                    Db.openReadOnly(file).close();
                }
                Path report = dir.resolve("lock-report-" + way + ".txt");
                Process child = ChildJvm.builder(LockProbeChild.class, file.toString(), report.toString())
                        .redirectErrorStream(true).redirectOutput(dir.resolve("lock-probe.log").toFile()).start();
                child.waitFor();
                Acks.Read read = Acks.read(report);
                if (read.error() != null && read.error().startsWith("OPENED")) {
                    seen.add("after " + how + " in the writer's process, another process opened the file for writing");
                }
            }
        }
        return seen.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", seen));
    }

    /**
     * A read-only handle looks for newer commits on every {@code read()}, but once the writer has
     * grown the file past what the handle mapped when it opened (here from 2 MiB to 4 MiB), reading
     * the newer meta page fails, and the handle silently keeps its last commit for good: it never
     * sees another record, and (with {@link #READ_ONLY_STALE_SNAPSHOT}) the writer soon reuses the
     * pages of the commit it is stuck on, so its answers turn wrong too.
     */
    static Optional<String> readOnlyStopsFollowing(Path dir) throws Exception {
        Path file = dir.resolve("follow.big");
        try (Db writer = Db.create(file, List.of(EventRecords.table()));
             Db reader = Db.openReadOnly(file)) {
            long sizeAtOpen = Files.size(file);
            long id = 0;
            for (int commit = 0; commit < 400; commit++) {
                try (Ingester in = writer.ingest(1000)) {
                    for (int i = 0; i < 1000; i++) {
                        in.append(EventRecords.TABLE, EventRecords.record(id++));
                    }
                }
                try (Snapshot snapshot = reader.read()) {
                    if (snapshot.txid() != writer.store().txid()) {
                        return Optional.of("after the writer grew the file from " + sizeAtOpen + " to " + Files.size(file)
                                + " bytes, the read-only handle's read() returned txid " + snapshot.txid() + ", the writer's last commit is "
                                + writer.store().txid());
                    }
                }
                if (Files.size(file) > 3 * (2L << 20)) {
                    break; // grew well past two mappings and was followed all the way
                }
            }
        }
        return Optional.empty();
    }

    /**
     * {@code big load --batch N} hands each full batch to the database to commit in the background
     * while it reads on. When a later row cannot be parsed the load stops and reports what was
     * committed without settling the batch still in flight: most times that batch never lands, and
     * the report is right; but now and then it lands after the report was made, whose "Not written"
     * then lists rows the table holds, and whose "load again from" would load them twice.
     */
    static Optional<String> loadStopMiscounts(Path dir) throws Exception {
        // As the battery met it: JSON Lines rows with ids, batches of 6, an id that is not a number on line 70.
        StringBuilder jsonl = new StringBuilder();
        SplittableRandom random = new SplittableRandom(9);
        for (int line = 1; line < 70; line++) {
            jsonl.append("{\"at\": ").append(1_700_000_000_000L + random.nextLong(5_000_000_000L)).append(", \"id\": ")
                    .append(random.nextLong(4_200_000)).append("}\n");
        }
        jsonl.append("{\"at\": 1700000000000, \"id\": \"\\u0000\"}\n");
        Path input = dir.resolve("stop.jsonl");
        Files.writeString(input, jsonl, StandardCharsets.UTF_8);
        java.util.regex.Pattern said = java.util.regex.Pattern.compile("Committed: ([0-9,]+) rows?,");
        for (int round = 0; round < 1; round++) {
            List<Path> databases = new ArrayList<>();
            List<List<String>> commands = new ArrayList<>();
            for (int run = 0; run < 40; run++) {
                Path database = dir.resolve("stop-" + run + ".big");
                Files.deleteIfExists(database);
                Db.create(database, List.of(EventRecords.table())).close();
                databases.add(database);
                commands.add(List.of("load", database.toString(), EventRecords.TABLE, input.toString(), "--batch", "6"));
            }
            List<CliBatch.Result> results = CliBatch.run(dir, commands, 60_000);
            for (int run = 0; run < results.size(); run++) {
                CliBatch.Result result = results.get(run);
                java.util.regex.Matcher matcher = said.matcher(result.stderr());
                long reported = matcher.find() ? Long.parseLong(matcher.group(1).replace(",", "")) : 0;
                long held;
                try (Db db = Db.openReadOnly(databases.get(run)); Snapshot s = db.read()) {
                    held = s.count(EventRecords.TABLE);
                }
                if (held != reported) {
                    return Optional.of("big load --batch 6 stopped at the bad line 70 (exit " + result.exitCode() + ") saying "
                            + reported + " rows were committed; the table holds " + held + " (load " + (100 * round + run + 1)
                            + " of the same input)");
                }
            }
        }
        return Optional.empty();
    }

    /**
     * {@code ORDER BY 2} orders by the second output column; a position past the signed 64-bit
     * range is not refused like a {@code LIMIT} past it ("integer literal ... outside the signed
     * 64-bit range"), it escapes as a bare {@link NumberFormatException} ({@code big query} exits 70).
     */
    static Optional<String> sqlHugeOrdinal(Path dir) {
        try (Db db = Db.create(dir.resolve("ordinal.big"), List.of(EventRecords.table()))) {
            db.append(EventRecords.TABLE, EventRecords.record(0));
            String sql = "SELECT kind, count(*) AS n FROM events GROUP BY kind ORDER BY 99999999999999999999";
            try {
                db.sql(sql);
                return Optional.empty();
            } catch (dev.big.db.InvalidInputException refused) {
                return Optional.empty();
            } catch (RuntimeException e) {
                return Optional.of("db.sql(\"" + sql + "\") threw " + e + ", not InvalidInputException");
            }
        }
    }

    private KnownBugs() {}
}
