package dev.big.reliability;

import dev.big.db.Db;
import dev.big.db.Ingester;
import dev.big.db.InvalidInputException;
import dev.big.db.Row;
import dev.big.db.Snapshot;
import dev.big.db.sql.SqlResult;
import dev.big.page.BigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Bad input gets a clear error, commits nothing half, and leaves the process healthy:
 * <ul>
 *   <li>CSV and JSON Lines ({@link LoadInputs}) through {@code big load}, in batches and bulk, with
 *       and without {@code --skip-bad}: exit 0 or 65, never a stack trace, and the rows the
 *       database gained are exactly the rows the command says it committed (whole batches);
 *   <li>schema files ({@link SchemaInputs}) through {@code big create}: exit 0 and a database, or
 *       65 and no file at all;
 *   <li>SQL ({@link SqlInputs}) through {@code db.sql}: an answer or an {@link InvalidInputException},
 *       never another exception, never a hang;
 *   <li>records through the Java API ({@link TypedInputs}): accepted and read back as given, or
 *       refused with a {@link BigException} and not written.
 * </ul>
 * The command line runs in one child JVM for all its inputs ({@link CliBatch}), with a good load
 * now and then and {@code big check} of the database: the command stays healthy after each bad input.
 */
public final class BadInputBattery implements Battery {

    /** What the battery checks of every bad input: command line, SQL and typed records. */
    public enum Check implements BatteryCheck {
        /** No command hangs, escapes with a throwable, prints a stack trace or exits with 70. */
        NO_COMMAND_HANGS_CRASHES_OR_FAILS_INTERNALLY,
        /** After bad inputs the command still counts, loads good rows and passes {@code big check}. */
        THE_COMMAND_STAYS_HEALTHY_AFTER_BAD_INPUT,
        /** {@code big load} exits 0 saying what it loaded, or 65 with a message at the row. */
        A_LOAD_EXITS_0_OR_65_WITH_A_CLEAR_MESSAGE,
        /** A load that stopped had committed whole batches ({@code --batch}) or whole chunks (bulk). */
        A_STOPPED_LOAD_COMMITTED_WHOLE_BATCHES,
        /** The table gains exactly the rows the load says it committed. */
        THE_TABLE_GAINS_WHAT_THE_LOAD_SAYS_IT_COMMITTED,
        /** {@code big create} exits 0 with a database that opens, or 65 leaving no file. */
        A_SCHEMA_CREATES_A_DATABASE_OR_NOTHING,
        /** A refused schema gets one line, "big create: ...". */
        A_REFUSED_SCHEMA_GETS_ONE_CLEAR_LINE,
        /** {@code db.sql} answers, or refuses with an {@code InvalidInputException} that has a message, in time. */
        SQL_IS_ANSWERED_OR_REFUSED_AS_INVALID_INPUT,
        /** After bad SQL the database answers as before it. */
        BAD_SQL_LEAVES_THE_DATABASE_AS_IT_WAS,
        /** A record is read back as given, or refused with a {@code BigException} that has a message. */
        A_RECORD_IS_STORED_AS_GIVEN_OR_REFUSED_CLEARLY,
        /** The table holds exactly the records accepted: a refused one is not written, not even in part. */
        THE_TABLE_HOLDS_EXACTLY_THE_ACCEPTED_RECORDS,
        /** {@code check()} after the bad records finds nothing. */
        CHECK_IS_CLEAN_AFTER_BAD_RECORDS
    }

    private static final Pattern LOADED = Pattern.compile("^loaded ([0-9,]+) rows? ");
    private static final Pattern COMMITTED = Pattern.compile("Committed: ([0-9,]+) rows?,");
    private static final long SQL_TIMEOUT_MILLIS = 30_000;

    @Override
    public String name() {
        return "bad input";
    }

    /** One command of the CLI batch and what it is for. */
    private sealed interface Step {}

    private record Count() implements Step {}

    private record Load(LoadInputs.Input input, Path file, int batch, boolean skipBad) implements Step {}

    private record GoodLoad(int rows) implements Step {}

    private record BigCheck() implements Step {}

    private record Create(SchemaInputs.Input input, Path database) implements Step {}

    private record Stats(Path database) implements Step {}

    @Override
    public void run(long seed, Scale scale, Tally tally) throws Exception {
        Path dir = WorkDirs.newDir("bad-input");
        long findingsBefore = tally.lost() + tally.wrong();
        SplittableRandom random = new SplittableRandom(seed);
        long start = System.nanoTime();
        commandLine(dir, random, scale, seed, tally);
        long cli = System.nanoTime();
        sql(dir, random, scale, seed, tally);
        long sql = System.nanoTime();
        typed(dir, random, scale, seed, tally);
        long typed = System.nanoTime();
        tally.note(String.format("bad input: command line %.1f s, SQL %.1f s, typed records %.1f s", (cli - start) / 1e9,
                (sql - cli) / 1e9, (typed - sql) / 1e9));
        if (tally.lost() + tally.wrong() == findingsBefore) {
            WorkDirs.delete(dir);
        } else {
            System.err.println("bad input: files kept in " + dir);
        }
    }

    // ------------------------------------------------------------------ the command line

    private void commandLine(Path dir, SplittableRandom random, Scale scale, long seed, Tally tally) throws Exception {
        Path database = dir.resolve("load.big");
        try (Db db = Db.create(database, List.of(EventRecords.table()))) {
            for (long id = 0; id < 10; id++) {
                db.append(EventRecords.TABLE, EventRecords.record(id));
            }
        }
        Path good = dir.resolve("good.csv");
        Files.write(good, LoadInputs.csv(random, List.of("value", "kind", "flag", "at", "tags"), 5));
        LoadInputs loads = new LoadInputs(scale.wideColumns());
        SchemaInputs schemas = new SchemaInputs(scale.wideColumns());
        List<Step> steps = new ArrayList<>();
        List<List<String>> commands = new ArrayList<>();
        add(steps, commands, new Count(), count(database));
        for (int i = 0; i < scale.cliInputs() + 2; i++) {
            if (i % 6 == 5) {
                SchemaInputs.Input input = schemas.next(random);
                Path schema = dir.resolve("schema-" + i + ".json");
                Files.write(schema, input.bytes());
                Path created = dir.resolve("created-" + i + ".big");
                add(steps, commands, new Create(input, created), List.of("create", created.toString(), "--schema", schema.toString()));
                add(steps, commands, new Stats(created), List.of("stats", created.toString()));
                continue;
            }
            LoadInputs.Input input = i < 2 ? loads.wide(i == 1) : loads.next(random, i);
            Path file = dir.resolve(input.name());
            Files.write(file, input.bytes());
            int batch = random.nextInt(3) == 0 ? 0 : 1 + random.nextInt(random.nextBoolean() ? 5 : 60);
            boolean skipBad = random.nextInt(4) == 0;
            List<String> command = new ArrayList<>(List.of("load", database.toString(), EventRecords.TABLE, file.toString()));
            if (batch > 0) {
                command.addAll(List.of("--batch", Integer.toString(batch)));
            } else if (random.nextBoolean()) {
                command.add("--bulk");
            }
            if (skipBad) {
                command.addAll(List.of("--skip-bad", dir.resolve("rejected-" + i + ".txt").toString()));
            }
            add(steps, commands, new Load(input, file, batch, skipBad), command);
            add(steps, commands, new Count(), count(database));
            if (i % 20 == 19) {
                add(steps, commands, new GoodLoad(5), List.of("load", database.toString(), EventRecords.TABLE, good.toString(),
                        "--batch", "2"));
                add(steps, commands, new Count(), count(database));
            }
            if (i % 25 == 24) {
                add(steps, commands, new BigCheck(), List.of("check", database.toString()));
            }
        }
        add(steps, commands, new GoodLoad(5), List.of("load", database.toString(), EventRecords.TABLE, good.toString()));
        add(steps, commands, new Count(), count(database));
        add(steps, commands, new BigCheck(), List.of("check", database.toString()));
        List<CliBatch.Result> results = CliBatch.run(dir, commands, 120_000);
        long count = -1;
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            CliBatch.Result result = results.get(i);
            if (result.exitCode() == CliBatch.TIMED_OUT || result.exitCode() == CliBatch.ESCAPED
                    || result.stderr().contains("\tat ") || result.exitCode() == 70) {
                tally.wrong(Check.NO_COMMAND_HANGS_CRASHES_OR_FAILS_INTERNALLY, seed, "a command hung, crashed or failed"
                        + " internally: " + result);
                continue;
            }
            tally.held(Check.NO_COMMAND_HANGS_CRASHES_OR_FAILS_INTERNALLY);
            switch (step) {
                case Count c -> {
                    long now = parseCount(result);
                    if (now < 0) {
                        tally.wrong(Check.THE_COMMAND_STAYS_HEALTHY_AFTER_BAD_INPUT, seed, "counting the records failed after a"
                                + " bad input: " + result);
                    } else {
                        tally.held(Check.THE_COMMAND_STAYS_HEALTHY_AFTER_BAD_INPUT);
                    }
                    count = now;
                }
                case Load load -> {
                    long after = parseCount(results.get(i + 1));
                    verifyLoad(load, result, count, after, seed, tally);
                    tally.increment(Counter.BAD_INPUTS);
                }
                case GoodLoad goodLoad -> {
                    long after = parseCount(results.get(i + 1));
                    if (result.exitCode() != 0 || after - count != goodLoad.rows()) {
                        tally.wrong(Check.THE_COMMAND_STAYS_HEALTHY_AFTER_BAD_INPUT, seed, "a good load after bad ones did not"
                                + " load its " + goodLoad.rows() + " rows (" + count + " -> " + after + "): " + result);
                    } else {
                        tally.held(Check.THE_COMMAND_STAYS_HEALTHY_AFTER_BAD_INPUT);
                    }
                    tally.increment(Counter.READS_CHECKED);
                }
                case BigCheck check -> {
                    if (result.exitCode() != 0) {
                        tally.wrong(Check.THE_COMMAND_STAYS_HEALTHY_AFTER_BAD_INPUT, seed, "big check fails after bad loads: "
                                + result);
                    } else {
                        tally.held(Check.THE_COMMAND_STAYS_HEALTHY_AFTER_BAD_INPUT);
                    }
                    tally.increment(Counter.READS_CHECKED);
                }
                case Create create -> {
                    verifyCreate(create, result, results.get(i + 1), seed, tally);
                    tally.increment(Counter.BAD_INPUTS);
                }
                case Stats stats -> {
                    // Verified with the create before it.
                }
            }
        }
    }

    private static void add(List<Step> steps, List<List<String>> commands, Step step, List<String> command) {
        steps.add(step);
        commands.add(command);
    }

    private static List<String> count(Path database) {
        return List.of("query", database.toString(), "SELECT count(*) FROM " + EventRecords.TABLE);
    }

    private static long parseCount(CliBatch.Result result) {
        if (result.exitCode() != 0 || !result.stdout().startsWith("count(*)\n")) {
            return -1;
        }
        return Long.parseLong(result.stdout().substring(9).strip());
    }

    private void verifyLoad(Load load, CliBatch.Result result, long before, long after, long seed, Tally tally) {
        String when = load.input().what() + ", " + (load.batch() > 0 ? "--batch " + load.batch() : "bulk")
                + (load.skipBad() ? ", --skip-bad" : "");
        long delta = after - before;
        long committed;
        if (result.exitCode() == 0) {
            Matcher loaded = LOADED.matcher(result.stdout());
            if (!loaded.find()) {
                tally.wrong(Check.A_LOAD_EXITS_0_OR_65_WITH_A_CLEAR_MESSAGE, seed, when + ": exit 0 without saying what it"
                        + " loaded: " + result);
                return;
            }
            tally.held(Check.A_LOAD_EXITS_0_OR_65_WITH_A_CLEAR_MESSAGE);
            committed = Long.parseLong(loaded.group(1).replace(",", ""));
        } else if (result.exitCode() == 65) {
            String first = result.stderr().lines().findFirst().orElse("");
            if (load.batch() > 0 && first.startsWith("big load: table '") && result.stderr().lines().count() == 1) {
                // The sign of a row the database refused taken for a failed commit, as when a batch committed
                // in the background meanwhile (see BadInputIT.skipBadSetsEveryRefusedRowAsideWhileBatchesCommit).
                tally.wrong(Check.A_LOAD_EXITS_0_OR_65_WITH_A_CLEAR_MESSAGE, seed, when + ": a refused row reported without"
                        + " its line or what was committed: " + result);
                return;
            }
            if (!first.startsWith(load.file() + ":") && !first.startsWith("big load: ")) {
                tally.wrong(Check.A_LOAD_EXITS_0_OR_65_WITH_A_CLEAR_MESSAGE, seed, when + ": unclear message: " + result);
            } else {
                tally.held(Check.A_LOAD_EXITS_0_OR_65_WITH_A_CLEAR_MESSAGE);
            }
            Matcher said = COMMITTED.matcher(result.stderr());
            committed = said.find() ? Long.parseLong(said.group(1).replace(",", "")) : 0;
            long whole = load.batch() > 0 ? load.batch() : 65_536;
            if (committed % whole != 0) {
                tally.wrong(Check.A_STOPPED_LOAD_COMMITTED_WHOLE_BATCHES, seed, when + ": stopped having committed " + committed
                        + " rows, not whole " + (load.batch() > 0 ? "batches of " + load.batch() : "chunks") + ": " + result);
            } else {
                tally.held(Check.A_STOPPED_LOAD_COMMITTED_WHOLE_BATCHES);
            }
        } else {
            tally.wrong(Check.A_LOAD_EXITS_0_OR_65_WITH_A_CLEAR_MESSAGE, seed, when + ": exit " + result.exitCode()
                    + ", expected 0 or 65: " + result);
            return;
        }
        boolean exact = !load.input().hasIds();
        if (after < 0 || (exact ? delta != committed : delta > committed || delta < 0)) {
            tally.wrong(Check.THE_TABLE_GAINS_WHAT_THE_LOAD_SAYS_IT_COMMITTED, seed, when + ": the table went from " + before
                    + " to " + after + " records, but the load says it committed " + committed + " rows: " + result);
        } else {
            tally.held(Check.THE_TABLE_GAINS_WHAT_THE_LOAD_SAYS_IT_COMMITTED);
        }
        tally.increment(Counter.READS_CHECKED);
    }

    private void verifyCreate(Create create, CliBatch.Result result, CliBatch.Result stats, long seed, Tally tally) {
        String when = "schema (" + create.input().what() + ")";
        boolean exists = Files.exists(create.database());
        Check created = Check.A_SCHEMA_CREATES_A_DATABASE_OR_NOTHING;
        if (result.exitCode() == 0) {
            if (!exists || stats.exitCode() != 0) {
                tally.wrong(created, seed, when + ": create exited 0 but the database " + (exists ? "does not open: " + stats
                        : "is not there"));
            } else {
                tally.held(created);
            }
        } else if (result.exitCode() == 65) {
            if (exists) {
                tally.wrong(created, seed, when + ": a refused schema left a database file behind: " + result);
            } else {
                tally.held(created);
            }
            if (!result.stderr().startsWith("big create: ") || result.stderr().lines().count() != 1) {
                tally.wrong(Check.A_REFUSED_SCHEMA_GETS_ONE_CLEAR_LINE, seed, when + ": unclear message: " + result);
            } else {
                tally.held(Check.A_REFUSED_SCHEMA_GETS_ONE_CLEAR_LINE);
            }
        } else {
            tally.wrong(created, seed, when + ": exit " + result.exitCode() + ", expected 0 or 65: " + result);
        }
    }

    // ------------------------------------------------------------------ SQL

    private void sql(Path dir, SplittableRandom random, Scale scale, long seed, Tally tally) throws Exception {
        Path file = dir.resolve("sql.big");
        ExecutorService runner = Executors.newCachedThreadPool(r -> Thread.ofPlatform().daemon().unstarted(r));
        try (Db db = Db.create(file, List.of(EventRecords.table()))) {
            try (Ingester ingester = db.ingest(5_000)) {
                for (long id = 0; id < 20_000; id++) {
                    ingester.append(EventRecords.TABLE, EventRecords.record(id));
                }
            }
            String health = "SELECT count(*), sum(value), count(DISTINCT kind) FROM events";
            SqlResult healthy = db.sql(health);
            SqlInputs inputs = new SqlInputs();
            for (int i = 0; i < scale.sqlStatements(); i++) {
                String statement = inputs.next(random);
                Future<SqlResult> running = runner.submit(() -> db.sql(statement));
                Check answered = Check.SQL_IS_ANSWERED_OR_REFUSED_AS_INVALID_INPUT;
                try {
                    running.get(SQL_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
                    tally.held(answered);
                } catch (TimeoutException e) {
                    running.cancel(true);
                    tally.wrong(answered, seed, "SQL did not return within " + SQL_TIMEOUT_MILLIS + " ms: "
                            + LoadInputs.abbreviate(statement));
                } catch (java.util.concurrent.ExecutionException e) {
                    if (!(e.getCause() instanceof InvalidInputException)) {
                        tally.wrong(answered, seed, "SQL " + LoadInputs.abbreviate(statement) + " threw " + e.getCause()
                                + ", not InvalidInputException");
                    } else if (e.getCause().getMessage() == null || e.getCause().getMessage().isBlank()) {
                        tally.wrong(answered, seed, "SQL " + LoadInputs.abbreviate(statement) + " was refused without a message");
                    } else {
                        tally.held(answered);
                    }
                }
                tally.increment(Counter.BAD_INPUTS);
                if (i % 100 == 99) {
                    healthAfter("SQL statement " + i, db, health, healthy, seed, tally);
                }
            }
            healthAfter("the SQL inputs", db, health, healthy, seed, tally);
            tally.increment(Counter.READS_CHECKED);
        } finally {
            runner.shutdownNow();
        }
    }

    private static void healthAfter(String what, Db db, String health, SqlResult healthy, long seed, Tally tally) {
        SqlResult now = db.sql(health);
        if (now.equals(healthy)) {
            tally.held(Check.BAD_SQL_LEAVES_THE_DATABASE_AS_IT_WAS);
        } else {
            tally.wrong(Check.BAD_SQL_LEAVES_THE_DATABASE_AS_IT_WAS, seed, "after " + what + " the database answers " + now
                    + ", not " + healthy);
        }
    }

    // ------------------------------------------------------------------ the Java API

    private void typed(Path dir, SplittableRandom random, Scale scale, long seed, Tally tally) {
        Path file = dir.resolve("typed.big");
        try (Db db = Db.create(file, List.of(EventRecords.table()))) {
            long expectedCount = 0;
            for (int i = 0; i < scale.typedRecords(); i++) {
                String field = TypedInputs.field(random);
                Object value = TypedInputs.value(random);
                Row record = Row.of(field, value);
                int how = random.nextInt(4);
                long id = -1;
                long gained = 1;
                String when = "record {" + field + "=" + describe(value) + "} by " + new String[] {"append", "put", "update",
                    "ingest"}[how];
                try {
                    switch (how) {
                        case 0 -> id = db.append(EventRecords.TABLE, record);
                        case 1 -> {
                            id = random.nextInt(10) == 0 ? -1 - random.nextInt(5) : random.nextLong(1L << 30);
                            gained = exists(db, id) ? 0 : 1;
                            db.put(EventRecords.TABLE, id, record);
                        }
                        case 2 -> {
                            id = Math.max(0, expectedCount - 1);
                            if (!exists(db, id)) {
                                id = db.append(EventRecords.TABLE, Row.of("value", 1L));
                                expectedCount++;
                            }
                            gained = 0;
                            db.update(EventRecords.TABLE, id, field, value);
                        }
                        default -> {
                            try (Ingester ingester = db.ingest(10)) {
                                id = ingester.append(EventRecords.TABLE, record);
                            }
                        }
                    }
                    expectedCount += gained;
                    verifyStored(db, id, field, value, when, seed, tally);
                } catch (BigException refused) {
                    if (refused.getMessage() == null || refused.getMessage().isBlank()) {
                        tally.wrong(Check.A_RECORD_IS_STORED_AS_GIVEN_OR_REFUSED_CLEARLY, seed, when + ": refused without a message");
                    } else {
                        tally.held(Check.A_RECORD_IS_STORED_AS_GIVEN_OR_REFUSED_CLEARLY);
                    }
                } catch (RuntimeException e) {
                    tally.wrong(Check.A_RECORD_IS_STORED_AS_GIVEN_OR_REFUSED_CLEARLY, seed, when + ": threw " + e
                            + ", not a BigException");
                }
                tally.increment(Counter.BAD_INPUTS);
                try (Snapshot s = db.read()) {
                    long count = s.count(EventRecords.TABLE);
                    if (count != expectedCount) {
                        tally.wrong(Check.THE_TABLE_HOLDS_EXACTLY_THE_ACCEPTED_RECORDS, seed, when + ": the table holds " + count
                                + " records, expected " + expectedCount);
                        expectedCount = count;
                    } else {
                        tally.held(Check.THE_TABLE_HOLDS_EXACTLY_THE_ACCEPTED_RECORDS);
                    }
                }
                tally.increment(Counter.READS_CHECKED);
            }
            var report = db.check();
            if (report.ok()) {
                tally.held(Check.CHECK_IS_CLEAN_AFTER_BAD_RECORDS);
            } else {
                tally.wrong(Check.CHECK_IS_CLEAN_AFTER_BAD_RECORDS, seed, "check after the typed inputs: " + report.describe());
            }
        }
    }

    private static boolean exists(Db db, long id) {
        if (id < 0) {
            return false;
        }
        try (Snapshot s = db.read()) {
            return s.get(EventRecords.TABLE, id).isPresent();
        }
    }

    private void verifyStored(Db db, long id, String field, Object value, String when, long seed, Tally tally) {
        Object expected = TypedInputs.expected(field, value);
        try (Snapshot s = db.read()) {
            Optional<Row> read = s.get(EventRecords.TABLE, id);
            if (read.isEmpty()) {
                tally.lost(Check.A_RECORD_IS_STORED_AS_GIVEN_OR_REFUSED_CLEARLY, seed, when + ": accepted, but record " + id
                        + " is not there");
                return;
            }
            Object actual = read.get().get(field);
            if (expected != TypedInputs.ANY && !Objects.equals(expected, actual instanceof Set<?> set ? new java.util.TreeSet<>(set)
                    : actual)) {
                tally.wrong(Check.A_RECORD_IS_STORED_AS_GIVEN_OR_REFUSED_CLEARLY, seed, when + ": accepted, but reads back "
                        + describe(actual) + ", expected " + describe(expected));
            } else {
                tally.held(Check.A_RECORD_IS_STORED_AS_GIVEN_OR_REFUSED_CLEARLY);
            }
        }
    }

    private static String describe(Object value) {
        if (value instanceof byte[] bytes) {
            return java.util.Arrays.toString(bytes);
        }
        String text = String.valueOf(value);
        return (text.length() > 40 ? text.substring(0, 40) + "..." : text) + (value == null ? "" : " (" + value.getClass().getSimpleName() + ")");
    }

}
