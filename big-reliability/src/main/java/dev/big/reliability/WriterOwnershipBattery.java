package dev.big.reliability;

import dev.big.db.BulkLoad;
import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Ingester;
import dev.big.db.InvalidInputException;
import dev.big.db.Row;
import dev.big.db.TableDef;
import dev.big.db.Transaction;
import dev.big.db.sql.SqlCursor;
import dev.big.jdbc.BigDriver;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Concurrent writers of one database, each id given to one writer and the write lock to one
 * transaction: writer threads mix appends, ingest batches (some aborted), INSERTs at ids near the
 * newest (where they meet appends), bulk loads with ids, puts, updates and deletes of their own
 * records, transactions begun on one thread and committed or rolled back on another, and JDBC
 * connections committed or aborted from another thread, some while a statement waits for the lock.
 * A reader thread checks that every record it sees is whole. At the end, and again after a reopen,
 * the file must hold every acknowledged record as last written and nothing else
 * ({@link OwnershipModel}); {@code check()} must be clean; and no writer may wait longer than the
 * lock timeout allows (a hang is a finding, with the stuck thread's stack).
 */
public final class WriterOwnershipBattery implements Battery {

    /** What the battery checks of concurrent writers. */
    public enum Check implements BatteryCheck {
        /** No id is acknowledged to two writes that both created a record there. */
        NO_ID_IS_GIVEN_TO_TWO_WRITERS,
        /** Every acknowledged record is in the file at its id, as last written, after the run and after a reopen. */
        EVERY_ACKNOWLEDGED_WRITE_IS_THERE,
        /** The file holds no record of a write that was refused, rolled back, aborted or never made. */
        NOTHING_UNACKNOWLEDGED_IS_THERE,
        /** Every record a reader sees while the writers write is whole. */
        EVERY_RECORD_READ_IS_WHOLE,
        /** Every writer finishes each operation within twice the lock timeout: no stuck writer. */
        NO_WRITER_HANGS,
        /** A refusal is a clear error of the expected kind, never an internal one. */
        REFUSALS_ARE_CLEAR,
        /** {@code check()} is clean after the run and after a reopen. */
        CHECK_IS_CLEAN
    }

    static final TableDef EVENTS = TableDef.of("events", FieldDef.keyed("writer"), FieldDef.intField("tag"),
            FieldDef.intField("twice"), FieldDef.intField("version").withOrderIndex());

    private static final int WRITERS = 6;
    private static final Duration LOCK_TIMEOUT = Duration.ofSeconds(15);

    @Override
    public String name() {
        return "ownership";
    }

    @Override
    public void run(long seed, Scale scale, Tally tally) throws Exception {
        Path file = WorkDirs.newDir("ownership").resolve("owned.big");
        OwnershipModel model = new OwnershipModel();
        SplittableRandom random = new SplittableRandom(seed);
        Db db = Db.create(file, List.of(EVENTS));
        db.setLockTimeout(LOCK_TIMEOUT);
        AtomicLong operations = new AtomicLong();
        AtomicLong tags = new AtomicLong();
        AtomicLong newest = new AtomicLong(-1);
        ExecutorService handOver = Executors.newCachedThreadPool(r -> Thread.ofPlatform().daemon().name("hand-over").unstarted(r));
        List<Thread> writers = new ArrayList<>();
        List<Writer> work = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            Writer writer = new Writer("w" + w, db, model, tally, seed, random.split(), operations, tags, newest, handOver,
                    scale.ownershipOperations());
            work.add(writer);
            writers.add(Thread.ofPlatform().daemon().name("writer w" + w).start(writer));
        }
        Thread reader = Thread.ofPlatform().daemon().name("reader").start(() -> readWhileWriting(db, tally, seed, writers));
        ReaderProcesses readers = new ReaderProcesses(file, scale.ownershipReaderProcesses());
        boolean hung = false;
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
        for (int w = 0; w < writers.size(); w++) {
            Thread writer = writers.get(w);
            while (writer.isAlive() && System.nanoTime() < deadline) {
                writer.join(1_000);
                Writer.Step step = work.get(w).step;
                if (step != null && System.nanoTime() - step.startNanos() > 2 * LOCK_TIMEOUT.toNanos()) {
                    hung = true;
                    tally.wrong(Check.NO_WRITER_HANGS, seed, writer.getName() + " has been in " + step.operation() + " for "
                            + (System.nanoTime() - step.startNanos()) / 1_000_000_000 + " s:\n" + stack(writer));
                    break;
                }
            }
            if (hung) {
                break;
            }
        }
        readers.stop(tally, seed);
        if (hung) {
            // The stuck writer still holds what it holds: leave the database and its threads be (all daemons).
            tally.note("ownership: a writer hung; the run stopped there, after " + operations.get() + " operations");
            return;
        }
        tally.held(Check.NO_WRITER_HANGS, writers.size());
        reader.join(30_000);
        handOver.shutdown();
        tally.add(Counter.OWNERSHIP_OPERATIONS, operations.get());
        compare(db, model, tally, seed, "after the run");
        checkClean(db, tally, seed, "after the run");
        db.close();
        try (Db reopened = Db.open(file)) {
            compare(reopened, model, tally, seed, "after a reopen");
            checkClean(reopened, tally, seed, "after a reopen");
        }
        tally.note("ownership: " + operations.get() + " operations by " + WRITERS + " writers, " + model.acknowledged()
                + " records acknowledged at the end");
    }

    /** Reader JVMs following the file read-only while the writers write ({@link OwnershipReaderChild}). */
    private static final class ReaderProcesses {
        private final Path stop;
        private final List<Process> processes = new ArrayList<>();
        private final List<Path> logs = new ArrayList<>();

        ReaderProcesses(Path file, int count) throws java.io.IOException {
            this.stop = file.resolveSibling("stop-readers");
            for (int i = 0; i < count; i++) {
                Path log = file.resolveSibling("reader-" + i + ".log");
                logs.add(log);
                processes.add(ChildJvm.builder(OwnershipReaderChild.class, file.toString(), log.toString(), stop.toString())
                        .redirectErrorStream(true).redirectOutput(file.resolveSibling("reader-" + i + ".out").toFile()).start());
            }
        }

        /** Stops the readers and takes in what they checked and found. */
        void stop(Tally tally, long seed) throws Exception {
            java.nio.file.Files.createFile(stop);
            for (int i = 0; i < processes.size(); i++) {
                Process process = processes.get(i);
                if (!process.waitFor(60, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    tally.wrong(Check.EVERY_RECORD_READ_IS_WHOLE, seed, "reader process " + i + " did not stop within 60 s");
                }
                ChildLog.Follower log = new ChildLog.Follower(logs.get(i));
                boolean opened = false;
                for (String line : log.newLines()) {
                    if (line.startsWith("WRONG ")) {
                        tally.wrong(Check.EVERY_RECORD_READ_IS_WHOLE, seed, "reader process " + i + ": " + line);
                    }
                    opened |= line.equals("opened");
                }
                if (!opened || process.exitValue() != 0) {
                    tally.wrong(Check.EVERY_RECORD_READ_IS_WHOLE, seed, "reader process " + i + " exited with "
                            + process.exitValue() + (opened ? "" : " before it opened the file") + " (see "
                            + logs.get(i).resolveSibling("reader-" + i + ".out") + ")");
                }
                tally.held(Check.EVERY_RECORD_READ_IS_WHOLE, log.count(ChildLog.HELD + Check.EVERY_RECORD_READ_IS_WHOLE.name()));
                tally.add(Counter.READS_CHECKED, log.count("reads"));
            }
        }
    }

    private static String stack(Thread thread) {
        StringBuilder text = new StringBuilder();
        for (StackTraceElement frame : thread.getStackTrace()) {
            text.append("\tat ").append(frame).append('\n');
        }
        return text.toString();
    }

    /** Reads every record again and again while the writers write: each must be whole. */
    private static void readWhileWriting(Db db, Tally tally, long seed, List<Thread> writers) {
        while (writers.stream().anyMatch(Thread::isAlive)) {
            for (OwnershipModel.Found record : scan(db)) {
                if (record.twice() != 2 * record.tag()) {
                    tally.wrong(Check.EVERY_RECORD_READ_IS_WHOLE, seed, "a reader saw record " + record.id() + " torn: " + record);
                } else {
                    tally.held(Check.EVERY_RECORD_READ_IS_WHOLE);
                }
            }
            tally.increment(Counter.READS_CHECKED);
        }
    }

    static List<OwnershipModel.Found> scan(Db db) {
        List<OwnershipModel.Found> found = new ArrayList<>();
        try (SqlCursor cursor = db.query("SELECT id, writer, tag, twice, version FROM events")) {
            while (cursor.hasNext()) {
                List<Object> row = cursor.next();
                found.add(new OwnershipModel.Found(((Number) row.get(0)).longValue(), (String) row.get(1),
                        ((Number) row.get(2)).longValue(), ((Number) row.get(3)).longValue(), ((Number) row.get(4)).longValue()));
            }
        }
        return found;
    }

    private static void compare(Db db, OwnershipModel model, Tally tally, long seed, String when) {
        OwnershipModel.Comparison comparison = model.compare(scan(db));
        for (String lost : comparison.lost()) {
            tally.lost(Check.EVERY_ACKNOWLEDGED_WRITE_IS_THERE, seed, when + ": " + lost);
        }
        for (String wrong : comparison.wrong()) {
            tally.wrong(Check.NOTHING_UNACKNOWLEDGED_IS_THERE, seed, when + ": " + wrong);
        }
        if (comparison.lost().isEmpty()) {
            tally.held(Check.EVERY_ACKNOWLEDGED_WRITE_IS_THERE, comparison.matched());
        }
        if (comparison.wrong().isEmpty()) {
            tally.held(Check.NOTHING_UNACKNOWLEDGED_IS_THERE);
        }
    }

    private static void checkClean(Db db, Tally tally, long seed, String when) {
        var report = db.check();
        if (report.ok()) {
            tally.held(Check.CHECK_IS_CLEAN);
        } else {
            tally.wrong(Check.CHECK_IS_CLEAN, seed, when + ": " + report);
        }
    }

    /** One writer thread: random operations on the shared database, each acknowledged write told to the model. */
    private static final class Writer implements Runnable {

        /** The operation a writer is in, and since when, for the hang watch. */
        record Step(String operation, long startNanos) {}

        private final String name;
        private final Db db;
        private final OwnershipModel model;
        private final Tally tally;
        private final long seed;
        private final SplittableRandom random;
        private final AtomicLong operations;
        private final AtomicLong tags;
        /** The largest id acknowledged by any writer: explicit ids are aimed around it, where appends take theirs. */
        private final AtomicLong newest;
        private final ExecutorService handOver;
        private final long budget;
        /** This writer's records: tag by id, and the version last written. */
        private final Map<Long, long[]> mine = new HashMap<>();
        volatile Step step;

        Writer(String name, Db db, OwnershipModel model, Tally tally, long seed, SplittableRandom random,
               AtomicLong operations, AtomicLong tags, AtomicLong newest, ExecutorService handOver, long budget) {
            this.name = name;
            this.db = db;
            this.model = model;
            this.tally = tally;
            this.seed = seed;
            this.random = random;
            this.operations = operations;
            this.tags = tags;
            this.newest = newest;
            this.handOver = handOver;
            this.budget = budget;
        }

        @Override
        public void run() {
            while (operations.get() < budget) {
                int pick = random.nextInt(100);
                String operation = pick < 18 ? "append" : pick < 32 ? "ingest" : pick < 46 ? "insert at an id"
                        : pick < 54 ? "bulk load" : pick < 66 ? "change own" : pick < 84 ? "transaction handed over"
                        : pick < 94 ? "jdbc transaction" : "jdbc statement aborted";
                step = new Step(operation, System.nanoTime());
                try {
                    switch (operation) {
                        case "append" -> append();
                        case "ingest" -> ingest();
                        case "insert at an id" -> insertAtAnId();
                        case "bulk load" -> bulkLoad();
                        case "change own" -> changeOwn();
                        case "transaction handed over" -> transactionHandedOver();
                        case "jdbc transaction" -> jdbcTransaction();
                        default -> jdbcStatementAborted();
                    }
                } catch (Exception | Error e) {
                    tally.wrong(Check.REFUSALS_ARE_CLEAR, seed, name + ": " + operation + " failed unexpectedly: " + e
                            + "\n" + stackOf(e));
                }
                step = null;
            }
        }

        private static String stackOf(Throwable e) {
            java.io.StringWriter text = new java.io.StringWriter();
            e.printStackTrace(new java.io.PrintWriter(text));
            return text.toString();
        }

        // ------------------------------------------------------------------ operations

        private void append() {
            long tag = tags.incrementAndGet();
            long id = db.append("events", record(tag, 0));
            operations.incrementAndGet();
            created(id, tag);
        }

        private void ingest() {
            int count = 1 + random.nextInt(40);
            boolean abort = random.nextInt(4) == 0;
            long[] ids = new long[count];
            long[] batchTags = new long[count];
            int added = 0;
            Ingester ingester = db.ingest(1 + random.nextInt(16));
            try {
                for (; added < count; added++) {
                    batchTags[added] = tags.incrementAndGet();
                    ids[added] = ingester.append("events", record(batchTags[added], 0));
                    if (abort && random.nextInt(count) == 0) {
                        added++;
                        break;
                    }
                }
            } finally {
                if (abort) {
                    ingester.abort();
                } else {
                    ingester.close();
                }
            }
            operations.addAndGet(added);
            long committed = ingester.committed(); // batches land in order: the first this many appends
            for (int i = 0; i < committed; i++) {
                created(ids[i], batchTags[i]);
            }
        }

        private void insertAtAnId() {
            long id = Math.max(0, newest.get() + random.nextInt(-3, 12));
            long tag = tags.incrementAndGet();
            operations.incrementAndGet();
            try {
                db.sql("INSERT INTO events (id, writer, tag, twice, version) VALUES (?, ?, ?, ?, 0)", id, name, tag, 2 * tag);
            } catch (InvalidInputException refused) {
                expectTaken(refused, id);
                return;
            }
            created(id, tag);
        }

        private void bulkLoad() {
            int count = 1 + random.nextInt(30);
            long id = newest.get() + 1 + random.nextInt(12);
            long[] ids = new long[count];
            long[] loadTags = new long[count];
            int added = 0;
            boolean abort = random.nextInt(6) == 0;
            BulkLoad load = db.bulkLoad("events");
            try {
                for (int i = 0; i < count; i++) {
                    long tag = tags.incrementAndGet();
                    boolean given = random.nextInt(4) > 0;
                    try {
                        if (given) {
                            load.id(id);
                        }
                        setAll(load, tag, 0);
                        ids[added] = load.add();
                        loadTags[added++] = tag;
                    } catch (InvalidInputException refused) {
                        expectTaken(refused, id); // an append holds it, or a writer put a record above it meanwhile
                    }
                    id += 1 + random.nextInt(3);
                }
            } finally {
                if (abort) {
                    load.abort();
                } else {
                    try {
                        load.close();
                    } catch (InvalidInputException refused) {
                        // Another writer put a record at one of the ids after this load claimed its neighbours:
                        // the chunk (all of it: one chunk) is refused whole.
                        expectTaken(refused, -1);
                    }
                }
            }
            operations.addAndGet(count);
            if (load.loaded() == added) {
                for (int i = 0; i < added; i++) {
                    created(ids[i], loadTags[i]);
                }
            } else if (load.loaded() != 0) {
                tally.wrong(Check.REFUSALS_ARE_CLEAR, seed, name + ": a bulk load of one chunk committed " + load.loaded()
                        + " of " + added + " records");
            }
        }

        private void setAll(BulkLoad load, long tag, long version) {
            load.set(load.field("writer"), name).set(load.field("tag"), tag).set(load.field("twice"), 2 * tag)
                    .set(load.field("version"), version);
        }

        /** A put, an update or a delete of one of this writer's records. */
        private void changeOwn() {
            Long id = anyOwn();
            if (id == null) {
                append();
                return;
            }
            long[] own = mine.get(id);
            operations.incrementAndGet();
            switch (random.nextInt(3)) {
                case 0 -> {
                    db.put("events", id, record(own[0], own[1] + 1));
                    changed(id, own[1] + 1);
                }
                case 1 -> {
                    db.update("events", id, "version", own[1] + 1);
                    changed(id, own[1] + 1);
                }
                default -> {
                    deleting(id);
                    boolean gone = false;
                    try {
                        if (!db.delete("events", id)) {
                            tally.lost(Check.EVERY_ACKNOWLEDGED_WRITE_IS_THERE, seed, name + ": its record " + id
                                    + " was gone when it deleted it");
                        }
                        gone = true;
                    } finally {
                        if (gone) {
                            deleted(id);
                        } else {
                            kept(id);
                        }
                    }
                }
            }
        }

        /**
         * Begins a transaction here, writes in it (some writes refused: the transaction goes on), and
         * has another thread commit or roll it back while this one waits.
         */
        private void transactionHandedOver() throws Exception {
            List<Runnable> onCommit = new ArrayList<>();
            List<Long> deletes = new ArrayList<>();
            Transaction transaction = db.begin();
            int changes = 1 + random.nextInt(5);
            for (int i = 0; i < changes; i++) {
                operations.incrementAndGet();
                long tag = tags.incrementAndGet();
                Long own = anyOwn();
                switch (random.nextInt(4)) {
                    case 0 -> {
                        long id = transaction.append("events", record(tag, 0));
                        onCommit.add(() -> created(id, tag));
                    }
                    case 1 -> {
                        long id = Math.max(0, newest.get() + random.nextInt(-3, 12));
                        try {
                            transaction.sql("INSERT INTO events (id, writer, tag, twice, version) VALUES (?, ?, ?, ?, 0)",
                                    id, name, tag, 2 * tag);
                            onCommit.add(() -> created(id, tag));
                        } catch (InvalidInputException refused) {
                            expectTaken(refused, id);
                        }
                    }
                    case 2 -> {
                        if (own != null && !touched(onCommit, own)) {
                            long version = mine.get(own)[1] + 1;
                            transaction.update("events", own, "version", version);
                            onCommit.add(new Change(own, () -> changed(own, version)));
                        }
                    }
                    default -> {
                        if (own != null && !touched(onCommit, own)) {
                            transaction.delete("events", own);
                            deletes.add(own);
                            onCommit.add(new Change(own, () -> deleted(own)));
                        }
                    }
                }
                if (random.nextInt(10) == 0) {
                    Thread.sleep(random.nextInt(20)); // others queue for the lock meanwhile
                }
            }
            boolean commit = random.nextInt(4) > 0;
            Callable<Void> end = () -> {
                if (commit) {
                    transaction.commit();
                } else {
                    transaction.rollback();
                }
                return null;
            };
            if (commit) {
                deletes.forEach(this::deleting); // the commit frees their ids before this thread hears it landed
            }
            boolean ended = false;
            try {
                if (random.nextInt(5) == 0) {
                    end.call();
                } else {
                    handOver.submit(end).get(2 * LOCK_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
                }
                ended = true;
            } finally {
                if (commit && !ended) {
                    deletes.forEach(this::kept);
                }
            }
            if (commit) {
                onCommit.forEach(Runnable::run);
            }
        }

        /** A change of an own record inside a transaction: one per record, so the model's order is the transaction's. */
        private record Change(long id, Runnable apply) implements Runnable {
            @Override
            public void run() {
                apply.run();
            }
        }

        private static boolean touched(List<Runnable> changes, long id) {
            return changes.stream().anyMatch(change -> change instanceof Change c && c.id() == id);
        }

        /**
         * A JDBC connection with auto-commit off: INSERTs at ids and updates of own records, then
         * committed or aborted from another thread.
         */
        private void jdbcTransaction() throws Exception {
            List<Runnable> onCommit = new ArrayList<>();
            Connection connection = BigDriver.connect(db);
            connection.setAutoCommit(false);
            int statements = 1 + random.nextInt(3);
            for (int i = 0; i < statements; i++) {
                operations.incrementAndGet();
                long tag = tags.incrementAndGet();
                Long own = anyOwn();
                if (own != null && random.nextBoolean() && !touched(onCommit, own)) {
                    long version = mine.get(own)[1] + 1;
                    try (PreparedStatement update = connection.prepareStatement("UPDATE events SET version = ? WHERE id = ?")) {
                        update.setLong(1, version);
                        update.setLong(2, own);
                        update.executeUpdate();
                    }
                    onCommit.add(new Change(own, () -> changed(own, version)));
                } else {
                    long id = Math.max(0, newest.get() + random.nextInt(-3, 12));
                    try {
                        insert(connection, id, tag);
                        onCommit.add(() -> created(id, tag));
                    } catch (SQLException refused) {
                        if (!(refused.getCause() instanceof InvalidInputException invalid)) {
                            throw refused;
                        }
                        expectTaken(invalid, id);
                    }
                }
            }
            boolean commit = random.nextInt(3) > 0;
            handOver.submit(() -> {
                if (commit) {
                    connection.commit();
                    connection.close();
                } else {
                    connection.abort(handOver);
                }
                return null;
            }).get(2 * LOCK_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            if (commit) {
                onCommit.forEach(Runnable::run);
            }
        }

        /**
         * An INSERT on another thread through a connection this thread aborts a moment later: it may
         * have committed, waited for the lock and given up, or not started.
         */
        private void jdbcStatementAborted() throws Exception {
            Connection connection = BigDriver.connect(db);
            long tag = tags.incrementAndGet();
            long id = Math.max(0, newest.get() + 20 + random.nextInt(1_000));
            operations.incrementAndGet();
            Future<Integer> insert = handOver.submit(() -> insert(connection, id, tag));
            Thread.sleep(random.nextInt(4));
            connection.abort(handOver);
            model.maybe(new OwnershipModel.Expected(id, name, tag, 0));
            try {
                insert.get(2 * LOCK_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException e) {
                // Aborted before, while or after it waited: what the file holds says which (the model allows either).
                if (!(e.getCause() instanceof SQLException)) {
                    throw e;
                }
            }
        }

        /** A new record of this writer's at {@code id} through {@code connection}; returns the update count. */
        private int insert(Connection connection, long id, long tag) throws SQLException {
            try (PreparedStatement insert = connection.prepareStatement(
                    "INSERT INTO events (id, writer, tag, twice, version) VALUES (?, ?, ?, ?, 0)")) {
                insert.setLong(1, id);
                insert.setString(2, name);
                insert.setLong(3, tag);
                insert.setLong(4, 2 * tag);
                return insert.executeUpdate();
            }
        }

        // ------------------------------------------------------------------ the model

        private Row record(long tag, long version) {
            return Row.of("writer", name, "tag", tag, "twice", 2 * tag, "version", version);
        }

        private void created(long id, long tag) {
            long other = model.created(new OwnershipModel.Expected(id, name, tag, 0));
            if (other >= 0) {
                tally.lost(Check.NO_ID_IS_GIVEN_TO_TWO_WRITERS, seed, name + " was acknowledged a new record at id " + id
                        + " (tag " + tag + "), where the acknowledged record of tag " + other + " is");
            } else {
                tally.held(Check.NO_ID_IS_GIVEN_TO_TWO_WRITERS);
            }
            mine.put(id, new long[] {tag, 0});
            newest.accumulateAndGet(id, Math::max);
        }

        private void changed(long id, long version) {
            long[] own = mine.get(id);
            own[1] = version;
            model.changed(own[0], version);
        }

        /**
         * This writer is about to commit a delete of its record {@code id}: the commit lands before
         * this thread returns from it, and another writer may create a record at {@code id} meanwhile.
         */
        private void deleting(long id) {
            model.deleting(mine.get(id)[0]);
        }

        private void deleted(long id) {
            model.deleted(mine.remove(id)[0]);
        }

        /** The delete of record {@code id} did not commit: the record stays, and no other write may have taken its id. */
        private void kept(long id) {
            long tag = mine.get(id)[0];
            long other = model.kept(tag);
            if (other >= 0) {
                tally.lost(Check.NO_ID_IS_GIVEN_TO_TWO_WRITERS, seed, name + "'s delete of its record " + id + " (tag " + tag
                        + ") did not commit, but meanwhile the record of tag " + other + " was acknowledged at that id");
            }
        }

        private Long anyOwn() {
            if (mine.isEmpty()) {
                return null;
            }
            int skip = random.nextInt(Math.min(mine.size(), 8));
            for (Long id : mine.keySet()) {
                if (skip-- == 0) {
                    return id;
                }
            }
            return null;
        }

        /** A refusal of a write at {@code id} must say the id is taken (by a record or an append), or that ids must ascend. */
        private void expectTaken(InvalidInputException refused, long id) {
            String message = refused.getMessage();
            if (message.contains("already") || message.contains("taken by an append") || message.contains("must ascend")
                    || message.contains("exists")) {
                tally.held(Check.REFUSALS_ARE_CLEAR);
            } else {
                tally.wrong(Check.REFUSALS_ARE_CLEAR, seed, name + ": a write at id " + id + " was refused with: " + message);
            }
        }
    }
}
