package dev.big.reliability;

import dev.big.db.Db;
import dev.big.db.Filter;
import dev.big.db.Snapshot;
import dev.big.page.BigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Hostile files: a database open handed random bytes, a truncated file, a file from a future
 * format version, an empty file, another program's file, big's export stream, a crafted meta page,
 * a directory, a device or a pipe. Each open (read-write and read-only, through the Java API and
 * through {@code big stats}, {@code check} and {@code query}) must be refused with a clear message
 * naming the file, or, for a file that is a big database after all, answer exactly what the
 * database holds or fail with a {@link BigException}; never a JVM crash, never a hang, never a
 * write to a refused file.
 */
public final class HostileFileBattery implements Battery {

    /** What the battery checks of every hostile file, through the Java API and the command line. */
    public enum Check implements BatteryCheck {
        /** Every open returns within its time limit: no hang. */
        AN_OPEN_RETURNS_IN_TIME,
        /** A refused open is a {@code BigException} whose message names the file. */
        A_REFUSAL_IS_A_BIG_EXCEPTION_NAMING_THE_FILE,
        /** A file that opens (a big database after all) answers what it holds, or fails with a {@code BigException}. */
        A_FILE_THAT_OPENS_ANSWERS_WHAT_IT_HOLDS,
        /** No open, refused or not, writes to a hostile file. */
        A_HOSTILE_FILE_IS_LEFT_AS_IT_WAS,
        /** {@code big stats}, {@code check} and {@code query} refuse with exit 65, 66 or 79 and one clear line. */
        THE_COMMAND_LINE_REFUSES_WITH_ONE_CLEAR_LINE
    }

    private static final long OPEN_TIMEOUT_MILLIS = 20_000;

    @Override
    public String name() {
        return "hostile files";
    }

    @Override
    public void run(long seed, Scale scale, Tally tally) throws Exception {
        Path dir = WorkDirs.newDir("hostile");
        long findingsBefore = tally.lost() + tally.wrong();
        HostileFiles generator = HostileFiles.create(dir);
        Path good = dir.resolve("good.big");
        List<String> latest = answers(good);
        Path previousFile = dir.resolve("previous.big");
        Files.write(previousFile, generator.database());
        List<String> previous = previousAnswers(previousFile);
        SplittableRandom random = new SplittableRandom(seed);
        ExecutorService opener = Executors.newCachedThreadPool(r -> Thread.ofPlatform().daemon().unstarted(r));
        List<List<String>> commands = new ArrayList<>();
        List<Path> cliFiles = new ArrayList<>();
        List<HostileFiles.Hostile> cliHostiles = new ArrayList<>();
        try {
            for (int i = 0; i < scale.hostileFiles(); i++) {
                HostileFiles.Hostile hostile = generator.next(random);
                Path file = dir.resolve("hostile-" + i + ".big");
                Files.write(file, hostile.bytes());
                String when = "file " + i + " (" + hostile.what() + ")";
                library(file, hostile, latest, previous, opener, when, seed, tally);
                for (String command : new String[] {"stats", "check", "query"}) {
                    commands.add(command.equals("query") ? List.of("query", file.toString(), "SELECT count(*) FROM events")
                            : List.of(command, file.toString()));
                    cliFiles.add(file);
                    cliHostiles.add(hostile);
                }
                tally.increment(Counter.HOSTILE_FILES);
            }
            for (Path special : specialFiles(dir)) {
                HostileFiles.Hostile hostile = new HostileFiles.Hostile(special.getFileName().toString(), null, false);
                library(special, hostile, latest, previous, opener, special.getFileName().toString(), seed, tally);
                for (String command : new String[] {"stats", "check"}) {
                    commands.add(List.of(command, special.toString()));
                    cliFiles.add(special);
                    cliHostiles.add(hostile);
                }
                tally.increment(Counter.HOSTILE_FILES);
            }
        } finally {
            opener.shutdownNow();
        }
        List<CliBatch.Result> results = CliBatch.run(dir, commands, 60_000);
        for (int i = 0; i < results.size(); i++) {
            cli(results.get(i), cliFiles.get(i), cliHostiles.get(i), seed, tally);
        }
        if (tally.lost() + tally.wrong() == findingsBefore) {
            WorkDirs.delete(dir);
        } else {
            System.err.println("hostile files: files kept in " + dir);
        }
    }

    /** Files the Java API opened read-only (for which the command line may succeed too). */
    private final java.util.Set<Path> opens = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** Opens through the Java API, read-only and read-write, each with a timeout. */
    private void library(Path file, HostileFiles.Hostile hostile, List<String> latest, List<String> previous,
                         ExecutorService opener, String when, long seed, Tally tally) throws Exception {
        byte[] before = Files.isRegularFile(file) ? Files.readAllBytes(file) : null;
        for (boolean readOnly : new boolean[] {true, false}) {
            if (!readOnly && hostile.opens()) {
                continue; // a read-write open of a real database may recover it (truncate a crashed commit's tail): a write
            }
            String how = when + (readOnly ? ", read-only" : ", read-write");
            Future<List<String>> opened = opener.submit(() -> {
                try (Db db = readOnly ? Db.openReadOnly(file) : Db.open(file)) {
                    return readAll(db);
                }
            });
            try {
                List<String> answers = opened.get(OPEN_TIMEOUT_MILLIS, TimeUnit.MILLISECONDS);
                if (readOnly) {
                    opens.add(file);
                }
                tally.held(Check.AN_OPEN_RETURNS_IN_TIME);
                for (int q = 0; q < answers.size(); q++) {
                    String answer = answers.get(q);
                    boolean failedClearly = answer.startsWith("failed: ");
                    if (answer.startsWith("threw: ")) {
                        tally.wrong(Check.A_FILE_THAT_OPENS_ANSWERS_WHAT_IT_HOLDS, seed, how + ": a read " + answer.substring(7)
                                + ", not a BigException");
                    } else if (!failedClearly && !answer.equals(latest.get(q)) && !answer.equals(previous.get(q))) {
                        tally.wrong(Check.A_FILE_THAT_OPENS_ANSWERS_WHAT_IT_HOLDS, seed, how + ": opened and answered " + answer
                                + ", the file holds " + latest.get(q));
                    } else {
                        tally.held(Check.A_FILE_THAT_OPENS_ANSWERS_WHAT_IT_HOLDS);
                    }
                }
                tally.add(Counter.READS_CHECKED, answers.size());
            } catch (TimeoutException e) {
                opened.cancel(true);
                tally.wrong(Check.AN_OPEN_RETURNS_IN_TIME, seed, how + ": the open did not return within " + OPEN_TIMEOUT_MILLIS
                        + " ms (a hang)");
            } catch (java.util.concurrent.ExecutionException e) {
                tally.held(Check.AN_OPEN_RETURNS_IN_TIME);
                Throwable cause = e.getCause();
                if (!(cause instanceof BigException)) {
                    tally.wrong(Check.A_REFUSAL_IS_A_BIG_EXCEPTION_NAMING_THE_FILE, seed, how + ": refused with " + cause
                            + ", not a BigException");
                } else if (!cause.getMessage().contains(file.toString())) {
                    tally.wrong(Check.A_REFUSAL_IS_A_BIG_EXCEPTION_NAMING_THE_FILE, seed, how + ": the refusal does not name the"
                            + " file: " + cause.getMessage());
                } else {
                    tally.held(Check.A_REFUSAL_IS_A_BIG_EXCEPTION_NAMING_THE_FILE);
                }
            }
            if (before != null) {
                if (Arrays.equals(before, Files.readAllBytes(file))) {
                    tally.held(Check.A_HOSTILE_FILE_IS_LEFT_AS_IT_WAS);
                } else {
                    tally.wrong(Check.A_HOSTILE_FILE_IS_LEFT_AS_IT_WAS, seed, how + ": the file changed");
                    Files.write(file, before);
                }
            }
        }
    }

    /** A few reads of the fixture's table: answers as text, "failed: ..." for a BigException, "threw: ..." otherwise. */
    private static List<String> readAll(Db db) {
        List<Callable<Object>> reads = new ArrayList<>();
        reads.add(() -> {
            try (Snapshot s = db.read()) {
                return s.count(EventRecords.TABLE);
            }
        });
        reads.add(() -> {
            try (Snapshot s = db.read()) {
                return s.aggregate(EventRecords.TABLE, "value", Filter.all());
            }
        });
        reads.add(() -> {
            try (Snapshot s = db.read()) {
                return s.get(EventRecords.TABLE, 1_234);
            }
        });
        reads.add(() -> db.sql("SELECT kind, count(*) FROM events GROUP BY kind ORDER BY kind LIMIT 3"));
        reads.add(() -> {
            if (!db.check().ok()) {
                throw new BigException("check found problems");
            }
            return "check ok";
        });
        List<String> answers = new ArrayList<>();
        for (Callable<Object> read : reads) {
            try {
                answers.add(String.valueOf(read.call()));
            } catch (BigException e) {
                answers.add("failed: " + e.getMessage());
            } catch (Exception | Error e) {
                answers.add("threw: " + e);
            }
        }
        return answers;
    }

    private static List<String> answers(Path file) {
        try (Db db = Db.openReadOnly(file)) {
            return readAll(db);
        }
    }

    /** The fixture as of the commit before its last (a damaged newest meta page rolls back to it). */
    private static List<String> previousAnswers(Path file) throws Exception {
        try (Db db = Db.open(file)) {
            db.delete(EventRecords.TABLE, 3_000);
        }
        List<String> answers = answers(file);
        return answers;
    }

    private static List<Path> specialFiles(Path dir) throws Exception {
        List<Path> files = new ArrayList<>();
        Path directory = Files.createDirectory(dir.resolve("a-directory.big"));
        files.add(directory);
        files.add(Files.createSymbolicLink(dir.resolve("dev-zero.big"), Path.of("/dev/zero")));
        files.add(Files.createSymbolicLink(dir.resolve("dangling-link.big"), dir.resolve("nothing-here")));
        Path fifo = dir.resolve("fifo.big");
        if (new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0) {
            files.add(fifo);
        }
        return files;
    }

    /** {@code big stats|check|query} on a hostile file: a clear one-line refusal with a data, input or corruption code. */
    private void cli(CliBatch.Result result, Path file, HostileFiles.Hostile hostile, long seed, Tally tally) throws Exception {
        String when = "big " + result.args().getFirst() + " on " + file.getFileName() + " (" + hostile.what() + ")";
        int exit = result.exitCode();
        boolean refused = exit == 65 || exit == 66 || exit == 79;
        boolean accepted = exit == 0 && opens.contains(file);
        if (accepted && result.args().getFirst().equals("query")) {
            if (result.stdout().equals("count(*)\n3001\n") || result.stdout().equals("count(*)\n3000\n")) {
                tally.held(Check.A_FILE_THAT_OPENS_ANSWERS_WHAT_IT_HOLDS);
            } else {
                tally.wrong(Check.A_FILE_THAT_OPENS_ANSWERS_WHAT_IT_HOLDS, seed, when + ": answered " + result.stdout()
                        + ", the file holds 3001 records: " + result);
            }
        }
        if (!refused && !accepted) {
            tally.wrong(Check.THE_COMMAND_LINE_REFUSES_WITH_ONE_CLEAR_LINE, seed, when + ": exit " + exit
                    + " (expected 65, 66 or 79): " + result);
            return;
        }
        if (refused) {
            String first = result.stderr().lines().findFirst().orElse("");
            if (!first.startsWith("big " + result.args().getFirst() + ": ") || !first.contains(file.getFileName().toString())
                    || result.stderr().contains("\tat ")) {
                tally.wrong(Check.THE_COMMAND_LINE_REFUSES_WITH_ONE_CLEAR_LINE, seed, when + ": unclear message: " + result);
            } else {
                tally.held(Check.THE_COMMAND_LINE_REFUSES_WITH_ONE_CLEAR_LINE);
            }
        }
        if (hostile.bytes() != null && Files.isRegularFile(file)) {
            if (Arrays.equals(hostile.bytes(), Files.readAllBytes(file))) {
                tally.held(Check.A_HOSTILE_FILE_IS_LEFT_AS_IT_WAS);
            } else {
                tally.wrong(Check.A_HOSTILE_FILE_IS_LEFT_AS_IT_WAS, seed, when + ": the file changed");
            }
        }
        tally.increment(Counter.READS_CHECKED);
    }
}
