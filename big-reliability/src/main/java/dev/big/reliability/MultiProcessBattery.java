package dev.big.reliability;

import dev.big.db.CheckReport;
import dev.big.db.Db;
import dev.big.page.BigException;
import dev.big.page.DatabaseLockedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Many processes, one file: one writer process ({@link MultiProcessWriterChild}) commits the
 * {@link BatchWindow} workload and acknowledges each durable batch, while reader processes
 * ({@link MultiProcessReaderChild}) read it through long-lived and short-lived read-only handles,
 * hold snapshots and ask them again, and try write opens, which must be refused. Threads of every
 * process are interrupted at random inside their calls into big. Meanwhile this process:
 * <ul>
 *   <li>kills the writer with SIGKILL at random moments (now and then before it opened the file),
 *       or has it hand the file over (close its writing handle while it keeps a snapshot), then
 *       reopens the file: {@code check()} is clean, every acknowledged batch is there, nothing
 *       half-applied, at most the one batch in flight beyond; then starts the next writer;</li>
 *   <li>kills reader processes and starts new ones;</li>
 *   <li>tries write opens of its own, which must be refused while the writer lives;</li>
 *   <li>judges every write open a child reports as having succeeded: inside the lifetime of a
 *       writer process (from its {@code writing} to its {@code closing} or the last moment it was
 *       seen alive) it is a second writer admitted, and the run goes on with a fresh file (two
 *       writers break the file, which would hide everything else);</li>
 *   <li>at the end, on a fresh file, with a reader process that read once and then idles with its
 *       handle open, has a quiet writer (no interrupts, no readers of its own) commit
 *       {@value #ALONE_WINDOWS} windows of batches: after the first, the file must not grow (beyond a
 *       few pages): page reuse goes on.</li>
 * </ul>
 * What each child checks is in {@link CheckedReads}; every broken promise a child reports is a
 * finding here, with this run's seed.
 */
public final class MultiProcessBattery implements Battery {

    /** What the battery checks, in this process and in every child ({@link CheckedReads}, the writer). */
    public enum Check implements BatteryCheck {
        /** Every snapshot's answers, and a reopened file's, are one commit of the {@link BatchWindow} workload. */
        A_SNAPSHOT_IS_ONE_COMMIT_OF_THE_WORKLOAD,
        /** A read is at least as new as every batch acknowledged, or seen by its process, before it began. */
        A_READ_SEES_EVERY_ACKNOWLEDGED_BATCH,
        /** A held snapshot asked again gives the same answers, whatever its process did meanwhile. */
        A_HELD_SNAPSHOT_KEEPS_ITS_ANSWERS,
        /** A call fails only if it was interrupted, and then with a clear {@code BigException}; nothing else breaks. */
        ONLY_AN_INTERRUPTED_CALL_FAILS_AND_CLEARLY,
        /** A write open while another process writes is refused with {@code DatabaseLockedException}, saying so. */
        A_WRITE_OPEN_IS_REFUSED_CLEARLY,
        /** No write open succeeds inside a writer's lifetime: one writer at a time. */
        ONE_WRITER_AT_A_TIME,
        /** With its writer gone, the file opens for writing (a reader's write open may hold it a moment). */
        THE_WRITE_LOCK_GOES_WITH_ITS_WRITER,
        /** After each writer the file reopens, {@code check()} is clean and every batch in it is whole. */
        THE_REOPENED_FILE_IS_CLEAN_AND_WHOLE,
        /** The file holds every batch its writers acknowledged. */
        EVERY_ACKNOWLEDGED_BATCH_SURVIVES,
        /** The file holds at most the one batch in flight beyond the acknowledged ones. */
        NOTHING_BEYOND_THE_BATCH_IN_FLIGHT,
        /** With a reader process that read once and idles, the writer's file stops growing: pages are reused. */
        AN_IDLE_READER_DOES_NOT_STOP_PAGE_REUSE,
        /** Every process runs as the battery planned it: it dies when killed, not before, and hands over in time. */
        EVERY_PROCESS_RUNS_AS_PLANNED
    }

    static final int ALONE_WINDOWS = 3;
    /** A run goes on (up to 2.5 times its length) until it killed the writer this many times... */
    static final int MIN_WRITER_KILLS = 3;
    /** ...and snapshots were asked again after newer commits this many times. */
    static final int MIN_RECHECKS = 10;
    /** A run that keeps admitting second writers stops after this many files. */
    private static final int MAX_FILES = 10;

    @Override
    public String name() {
        return "multiprocess";
    }

    @Override
    public void run(long seed, Scale scale, Tally tally) throws Exception {
        Path dir = WorkDirs.newDir("multiprocess");
        long findingsBefore = tally.lost() + tally.wrong();
        Run run = new Run(dir, seed, scale, tally);
        try {
            run.run();
        } finally {
            run.killAll();
        }
        if (tally.lost() + tally.wrong() == findingsBefore) {
            WorkDirs.delete(dir);
        } else {
            System.err.println("multiprocess: files kept in " + dir);
        }
    }

    private final class Run {
        private final Path dir;
        private final long seed;
        private final Scale scale;
        private final Tally tally;
        private final SplittableRandom random;
        private final int readerCount;

        private int files;
        private Path fileDir;
        private Path file;
        private Path acksFile;
        private Path control;
        private ChildLog.Follower acks;
        private long acked;
        private final List<long[]> durable = new ArrayList<>();
        private final WriterLifetimes lifetimes = new WriterLifetimes();
        private boolean secondWriter;
        /** Findings of this file not yet made: held while a write open's verdict is pending (see {@link #flushFindings}). */
        private final List<Finding> held = new ArrayList<>();
        private long afterTwoWriters;

        private ReportingChild writer;
        private int incarnation;
        private long writerEndsAt;
        private int handedOver = -1;
        private boolean idleRead;
        private final List<ReportingChild> readers = new ArrayList<>();
        private final List<ReportingChild> retiring = new ArrayList<>();
        private ReportingChild idle;
        private final List<ReportingChild> finished = new ArrayList<>();
        private int readerNumber;

        private final MultiProcessFigures figures = new MultiProcessFigures();
        private long started;

        Run(Path dir, long seed, Scale scale, Tally tally) {
            this.dir = dir;
            this.seed = seed;
            this.scale = scale;
            this.tally = tally;
            this.random = new SplittableRandom(seed);
            this.readerCount = scale.multiProcessMillis() <= 30_000 ? 3 : 4;
        }

        void run() throws Exception {
            long started = System.currentTimeMillis();
            newFile();
            this.started = started;
            long deadline = started + scale.multiProcessMillis();
            long latest = started + scale.multiProcessMillis() * 5 / 2;
            long nextReaderKill = started + 2_000 + random.nextInt(4_000);
            long nextProbe = started + 500;
            while (System.currentTimeMillis() < deadline
                    || !enoughDone() && System.currentTimeMillis() < latest) {
                tick();
                if (secondWriter) {
                    if (files >= MAX_FILES) {
                        break;
                    }
                    setFileAside();
                    newFile();
                    continue;
                }
                long now = System.currentTimeMillis();
                if (now >= writerEndsAt) {
                    endWriterLife();
                } else if (now >= nextReaderKill) {
                    killReader();
                    nextReaderKill = System.currentTimeMillis() + 3_000 + random.nextInt(6_000);
                } else if (now >= nextProbe) {
                    probe();
                    nextProbe = System.currentTimeMillis() + 200 + random.nextInt(600);
                }
                Thread.sleep(50);
            }
            figures.batchesUnderReaders = durable.size();
            figures.chaosMillis = System.currentTimeMillis() - started;
            String underReaders = quarters(durable);
            endChaos();
            aloneWithAnIdleReader(underReaders);
            killAll();
            judgeOpens();
            flushFindings(true);
            count(started);
        }

        /**
         * Whether the run did what it claims at least {@link #MIN_WRITER_KILLS} and
         * {@link #MIN_RECHECKS} times; a slow machine gets up to 2.5 times the run's length for it.
         */
        private boolean enoughDone() {
            if (secondWriter) {
                return true;
            }
            long rechecks = 0;
            List<ReportingChild> all = new ArrayList<>(finished);
            all.addAll(readers);
            all.addAll(retiring);
            if (writer != null) {
                all.add(writer);
            }
            for (ReportingChild child : all) {
                rechecks += child.log.count("rechecks");
            }
            return figures.writerKills >= MIN_WRITER_KILLS && rechecks >= MIN_RECHECKS;
        }

        // ---------------------------------------------------------------- files and children

        private void newFile() throws Exception {
            newFile(false);
        }

        /** A fresh file with a writer, and reader processes unless {@code quiet} (then the writer is quiet from the start). */
        private void newFile(boolean quiet) throws Exception {
            files++;
            fileDir = Files.createDirectories(dir.resolve("file-" + files));
            file = fileDir.resolve("multi.big");
            acksFile = fileDir.resolve("acks.log");
            control = Files.createDirectories(fileDir.resolve("control"));
            Db.create(file, List.of(BatchWindow.table())).close();
            Files.createFile(acksFile);
            acks = new ChildLog.Follower(acksFile);
            acked = 0;
            durable.clear();
            lifetimes.clear();
            secondWriter = false;
            if (quiet) {
                Files.createFile(control.resolve("quiet"));
                startWriter();
                return;
            }
            startWriter();
            for (int r = 0; r < readerCount; r++) {
                startReader(r % 2 == 0 ? "long" : "short");
            }
        }

        /** After a second writer was admitted: the file is broken by design; what check says is noted, not judged again. */
        private void setFileAside() throws Exception {
            killAll();
            flushFindings(true);
            try (Db db = Db.open(file)) {
                CheckReport report = db.check();
                tally.note("multiprocess: file " + files + ", written by two writers, then: " + (report.ok() ? "check clean"
                        : "check: " + abbreviate(report.describe())));
            } catch (RuntimeException e) {
                tally.note("multiprocess: file " + files + ", written by two writers, then does not open: " + abbreviate(e.toString()));
            }
        }

        /**
         * The next writer process. Its ingredients are drawn like a reader's: its writing thread
         * interrupted, and its own reading threads interrupted, opening short-lived handles and
         * trying write opens, each in about two of three writer processes.
         */
        private void startWriter() throws Exception {
            incarnation++;
            CheckedReads.Ingredients readers = new CheckedReads.Ingredients(random.nextInt(3) > 0, random.nextInt(3) > 0,
                    random.nextInt(3) > 0);
            String ingredients = Files.exists(control.resolve("quiet")) ? "none"
                    : (random.nextInt(3) > 0 ? "writer-interrupts," : "") + readers.text();
            writer = ReportingChild.start(fileDir, "writer-" + incarnation, "writer: " + ingredients, MultiProcessWriterChild.class,
                    List.of(file.toString(), acksFile.toString(), "LOG", Long.toString(random.nextLong()), control.toString(),
                            Integer.toString(incarnation), ingredients));
            lifetimes.started(incarnation, writer.toString());
            if (random.nextInt(10) == 0) {
                figures.earlyKills++;
                writerEndsAt = System.currentTimeMillis() + random.nextInt(900); // maybe before it even opened the file
            } else {
                writerEndsAt = Long.MAX_VALUE; // set once it is ready
            }
        }

        private long writerLifeMillis() {
            return 1_500 + random.nextInt(scale.multiProcessMillis() <= 30_000 ? 3_500 : 6_500);
        }

        /**
         * A reader process of {@code role}, with ingredients drawn at random: each of interrupts,
         * short-lived handles (long-lived role only) and write opens in about two of three processes,
         * so some do one thing only and a broken promise there names its cause.
         */
        private void startReader(String role) throws Exception {
            CheckedReads.Ingredients ingredients = role.equals("idle") ? new CheckedReads.Ingredients(false, false, false)
                    : new CheckedReads.Ingredients(random.nextInt(3) > 0, role.equals("long") && random.nextInt(3) > 0,
                            random.nextInt(3) > 0);
            ReportingChild reader = ReportingChild.start(fileDir, "reader-" + ++readerNumber, role + ": " + ingredients.text(),
                    MultiProcessReaderChild.class, List.of(role, ingredients.text(), file.toString(), acksFile.toString(), "LOG",
                            Long.toString(random.nextLong())));
            if (role.equals("idle")) {
                idle = reader;
            } else {
                readers.add(reader);
            }
        }

        private void endWriterLife() throws Exception {
            if (writerEndsAt != Long.MAX_VALUE && lifetimes.isWriting(incarnation) && random.nextInt(4) == 0) {
                handover();
            } else {
                killWriter();
            }
        }

        private void killWriter() throws Exception {
            ReportingChild gone = killTheWriter();
            verifyFile("after kill " + figures.writerKills + " (" + gone + ")");
            startWriter();
        }

        /** SIGKILL of the writer; its lifetime ends the last moment it was seen alive, before this. */
        private ReportingChild killTheWriter() throws Exception {
            ReportingChild gone = writer;
            writer = null;
            lifetimes.over(incarnation);
            if (gone.kill()) {
                tally.held(Check.EVERY_PROCESS_RUNS_AS_PLANNED);
            } else {
                wrong(Check.EVERY_PROCESS_RUNS_AS_PLANNED, gone + " did not die within 60 s of SIGKILL");
            }
            drainAcks();
            drain(gone);
            finished.add(gone);
            figures.writerKills++;
            return gone;
        }

        private void handover() throws Exception {
            int from = incarnation;
            ReportingChild handing = writer;
            Files.createFile(control.resolve("handover-" + from));
            long deadline = System.currentTimeMillis() + 30_000;
            while (handedOver != from && writer == handing && handing.alive() && System.currentTimeMillis() < deadline) {
                tick();
                Thread.sleep(20);
            }
            if (handedOver != from) {
                if (writer == handing && handing.alive()) {
                    wrong(Check.EVERY_PROCESS_RUNS_AS_PLANNED, writer + " did not hand the file over within 30 s");
                    killWriter();
                }
                return; // a writer that died meanwhile was dealt with by tick()
            }
            figures.handovers++;
            tally.held(Check.EVERY_PROCESS_RUNS_AS_PLANNED);
            retiring.add(writer);
            verifyFile("after " + writer + " handed the file over");
            startWriter();
        }

        private void killReader() throws Exception {
            if (readers.isEmpty()) {
                return;
            }
            ReportingChild reader = readers.remove(random.nextInt(readers.size()));
            if (reader.kill()) {
                tally.held(Check.EVERY_PROCESS_RUNS_AS_PLANNED);
            } else {
                wrong(Check.EVERY_PROCESS_RUNS_AS_PLANNED, reader + " did not die within 60 s of SIGKILL");
            }
            drain(reader);
            finished.add(reader);
            figures.readerKills++;
            startReader(roleOf(reader));
        }

        private static String roleOf(ReportingChild reader) {
            return reader.role.substring(0, reader.role.indexOf(':'));
        }

        void killAll() throws Exception {
            List<ReportingChild> all = new ArrayList<>(readers);
            all.addAll(retiring);
            if (idle != null) {
                all.add(idle);
            }
            if (writer != null) {
                lifetimes.over(incarnation);
                all.add(writer);
            }
            for (ReportingChild child : all) {
                if (child.alive() && !child.kill()) {
                    wrong(Check.EVERY_PROCESS_RUNS_AS_PLANNED, child + " did not die within 60 s of SIGKILL");
                }
                drain(child);
                finished.add(child);
            }
            readers.clear();
            retiring.clear();
            idle = null;
            writer = null;
        }

        // ---------------------------------------------------------------- what the children say

        private void wrong(Check check, String what) {
            held.add(new Finding(Finding.Kind.WRONG, name(), check, seed, what));
        }

        private void lost(Check check, String what) {
            held.add(new Finding(Finding.Kind.LOST, name(), check, seed, what));
        }

        /**
         * Makes the findings held so far, once no write open awaits its verdict. Those of a file a
         * second writer was admitted to are consequences of that finding (a file truncated under
         * its readers, pages overwritten), so they are only counted in a note.
         */
        private void flushFindings(boolean final_) {
            flushFindings(held.size(), final_);
        }

        /**
         * Makes the first {@code count} findings held, unless a write open awaits its verdict and this
         * is not the end ({@code final_}). A finding waits at least one tick: a write open a child made
         * just before it is drained by then, whatever order the logs were read in.
         */
        private void flushFindings(int count, boolean final_) {
            if (secondWriter) {
                afterTwoWriters += held.size();
                held.clear();
                return;
            }
            if (lifetimes.undecided() && !final_) {
                return;
            }
            List<Finding> made = new ArrayList<>(held.subList(0, count));
            held.subList(0, count).clear();
            for (Finding finding : made) {
                if (finding.kind() == Finding.Kind.LOST) {
                    tally.lost(finding.check(), seed, finding.what());
                } else {
                    tally.wrong(finding.check(), seed, finding.what());
                }
            }
        }

        /** Reads what every child wrote since the last tick and deals with children that died. */
        private void tick() throws Exception {
            int older = held.size(); // findings made before this tick: their write opens have been drained by now
            long checked = System.currentTimeMillis();
            if (writer != null && writer.alive()) {
                lifetimes.seenAlive(incarnation, checked);
            }
            drainAcks();
            judgeOpens();
            for (ReportingChild child : new ArrayList<>(readers)) {
                drain(child);
                if (!child.alive()) {
                    wrong(Check.EVERY_PROCESS_RUNS_AS_PLANNED, child + " died by itself with exit " + child.process.exitValue()
                            + ": " + child.outputTail());
                    readers.remove(child);
                    finished.add(child);
                    startReader(roleOf(child));
                }
            }
            for (Iterator<ReportingChild> it = retiring.iterator(); it.hasNext(); ) {
                ReportingChild old = it.next();
                drain(old);
                if (!old.alive()) {
                    if (old.process.exitValue() != 0) {
                        wrong(Check.EVERY_PROCESS_RUNS_AS_PLANNED, old + " exited with " + old.process.exitValue()
                                + " after handing over: " + old.outputTail());
                    }
                    it.remove();
                    finished.add(old);
                }
            }
            if (idle != null) {
                drain(idle);
            }
            if (writer != null) {
                drain(writer);
                if (!writer.alive()) {
                    writerExited();
                }
            }
            judgeOpens();
            flushFindings(older, false);
        }

        private void drainAcks() {
            for (String line : acks.newLines()) {
                String[] f = line.split(" ");
                switch (f[0]) {
                    case "writing" -> lifetimes.writing(Integer.parseInt(f[1]), Long.parseLong(f[2]));
                    case "ready" -> {
                        int inc = Integer.parseInt(f[1]);
                        acked = Math.max(acked, Long.parseLong(f[3]));
                        if (inc == incarnation && writerEndsAt == Long.MAX_VALUE) {
                            writerEndsAt = System.currentTimeMillis() + writerLifeMillis();
                        }
                    }
                    case "durable" -> {
                        acked = Math.max(acked, Long.parseLong(f[1]));
                        durable.add(new long[] {Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3])});
                    }
                    case "closing" -> lifetimes.closing(Integer.parseInt(f[1]), Long.parseLong(f[2]));
                    case "handed-over" -> handedOver = Integer.parseInt(f[1]);
                    default -> wrong(Check.EVERY_PROCESS_RUNS_AS_PLANNED, "an unknown line in the acknowledgement log: " + line);
                }
            }
        }

        private void drain(ReportingChild child) {
            for (String line : child.log.newLines()) {
                int space = line.indexOf(' ');
                String word = space < 0 ? line : line.substring(0, space);
                String rest = space < 0 ? "" : line.substring(space + 1);
                switch (word) {
                    case "WRONG" -> {
                        int end = rest.indexOf(' ');
                        wrong(Check.valueOf(end < 0 ? rest : rest.substring(0, end)), "file " + files + ", " + child + ": "
                                + (end < 0 ? "" : rest.substring(end + 1)));
                    }
                    case "failed" -> {
                        figures.failedKind(abbreviate(rest));
                    }
                    case "opened" -> {
                        String[] f = rest.split(" ", 3);
                        lifetimes.opened(new WriterLifetimes.Opened(child.toString(), Long.parseLong(f[0]), Long.parseLong(f[1]),
                                f.length > 2 ? f[2] : ""));
                    }
                    case "idle" -> idleRead = true;
                    default -> { } // started, store-failed, retired: for the person reading the log
                }
            }
        }

        /** Makes a finding of every write open that admitted a second writer (see {@link WriterLifetimes}). */
        private void judgeOpens() {
            for (String finding : lifetimes.judge()) {
                tally.wrong(Check.ONE_WRITER_AT_A_TIME, seed, "file " + files + ": " + finding);
                secondWriter = true;
            }
        }

        private void writerExited() throws Exception {
            ReportingChild gone = writer;
            lifetimes.over(incarnation);
            int code = gone.process.exitValue();
            finished.add(gone);
            writer = null;
            if (code == MultiProcessWriterChild.EXIT_STORE_FAILED) {
                figures.storeFailures++;
                verifyFile("after " + gone + " closed a store an interrupted call had failed");
            } else {
                wrong(Check.EVERY_PROCESS_RUNS_AS_PLANNED, "file " + files + ": " + gone + " exited by itself with " + code + ": "
                        + gone.outputTail());
                verifyFile("after " + gone + " exited by itself");
            }
            startWriter();
        }

        // ---------------------------------------------------------------- checks of this process

        /** A write open from this process, which must be refused while the writer lives. */
        private void probe() throws Exception {
            long from = System.currentTimeMillis();
            if (writer == null || !lifetimes.holdsSince(incarnation, from)) {
                return;
            }
            try {
                Db second = Db.open(file);
                try {
                    drainAcks(); // a closing writer says so before it lets go of the lock
                    if (writer.alive() && lifetimes.holdsSince(incarnation, from)) {
                        tally.wrong(Check.ONE_WRITER_AT_A_TIME, seed, "file " + files + ": a second writer was admitted: this"
                                + " process's Db.open succeeded while " + writer + " had the file open for writing");
                        secondWriter = true;
                    }
                } finally {
                    second.close();
                }
            } catch (DatabaseLockedException e) {
                tally.held(Check.ONE_WRITER_AT_A_TIME);
                if (e.getMessage().contains("locked by another process")) {
                    figures.parentRefusals++;
                    tally.held(Check.A_WRITE_OPEN_IS_REFUSED_CLEARLY);
                } else {
                    wrong(Check.A_WRITE_OPEN_IS_REFUSED_CLEARLY, "file " + files + ": a write open was refused with an unclear"
                            + " message: " + e.getMessage());
                }
            } catch (BigException e) {
                wrong(Check.A_WRITE_OPEN_IS_REFUSED_CLEARLY, "file " + files + ": a write open of a file another process writes"
                        + " threw " + e + ", not DatabaseLockedException");
            }
        }

        /**
         * Reopens the file once its writer is gone (killed, handed over, or closed): {@code check()}
         * is clean, the workload's invariants hold, every batch is whole, every acknowledged batch is
         * there and at most the one in flight beyond it.
         */
        private void verifyFile(String when) throws Exception {
            drainAcks();
            if (secondWriter) {
                return; // two writers broke the file; the finding is made, the file set aside
            }
            String what = "file " + files + ", " + when;
            Db db = reopen(what);
            if (db == null) {
                return;
            }
            try (db) {
                CheckReport report = db.check();
                if (!report.ok()) {
                    wrong(Check.THE_REOPENED_FILE_IS_CLEAN_AND_WHOLE, what + ": check: " + abbreviate(report.describe()));
                }
                List<String> problems = new ArrayList<>();
                long[] counted = new long[1];
                BatchWindow.Observation seen = BatchWindow.observeWhole(db, random, problems, counted);
                figures.parentReads += counted[0];
                for (String problem : problems) {
                    wrong(Check.THE_REOPENED_FILE_IS_CLEAN_AND_WHOLE, what + ": " + problem);
                }
                if (report.ok() && problems.isEmpty()) {
                    tally.held(Check.THE_REOPENED_FILE_IS_CLEAN_AND_WHOLE);
                }
                if (seen.batches() < acked) {
                    lost(Check.EVERY_ACKNOWLEDGED_BATCH_SURVIVES, what + ": " + acked + " batches were acknowledged, the file"
                            + " holds " + seen);
                } else {
                    tally.held(Check.EVERY_ACKNOWLEDGED_BATCH_SURVIVES);
                }
                if (seen.batches() > acked + 1) {
                    wrong(Check.NOTHING_BEYOND_THE_BATCH_IN_FLIGHT, what + ": the file holds " + seen + ", beyond the " + acked
                            + " batches acknowledged and the one in flight");
                } else {
                    tally.held(Check.NOTHING_BEYOND_THE_BATCH_IN_FLIGHT);
                }
                acked = Math.max(acked, seen.batches());
            } catch (BigException e) {
                wrong(Check.THE_REOPENED_FILE_IS_CLEAN_AND_WHOLE, what + ": reading the reopened file failed: " + e);
            }
        }

        /** Db.open of the file with no writer alive, waiting while a reader's write open holds the lock a moment; null if it failed. */
        private Db reopen(String what) throws InterruptedException {
            long deadline = System.currentTimeMillis() + 30_000;
            while (true) {
                try {
                    Db db = Db.open(file);
                    tally.held(Check.THE_WRITE_LOCK_GOES_WITH_ITS_WRITER);
                    return db;
                } catch (DatabaseLockedException e) {
                    if (System.currentTimeMillis() > deadline) {
                        wrong(Check.THE_WRITE_LOCK_GOES_WITH_ITS_WRITER, what + ": the file stayed locked for 30 s with no writer: "
                                + e.getMessage());
                        return null;
                    }
                    Thread.sleep(20);
                } catch (BigException e) {
                    lost(Check.THE_REOPENED_FILE_IS_CLEAN_AND_WHOLE, what + ": the file does not reopen: " + e);
                    return null;
                }
            }
        }

        /** The readers go, and the writer: killed and the file checked as after any kill (or set aside after two writers). */
        private void endChaos() throws Exception {
            if (secondWriter) {
                setFileAside();
                return;
            }
            for (ReportingChild reader : new ArrayList<>(readers)) {
                readers.remove(reader);
                reader.kill();
                drain(reader);
                finished.add(reader);
                figures.readerKills++;
            }
            for (ReportingChild old : new ArrayList<>(retiring)) {
                old.kill();
                drain(old);
                finished.add(old);
            }
            retiring.clear();
            if (writer != null) {
                killTheWriter();
                verifyFile("after the last kill under readers");
            }
        }

        /**
         * On a fresh file (so no free pages are left over from the readers' run to hide a stop), a
         * quiet writer (no interrupts, no readers of its own) fills the window; then a reader process
         * reads once and idles, handle open, and the writer commits {@value #ALONE_WINDOWS} windows
         * more: after the first, the file must not grow, but for a few pages where a tree deepens. A
         * snapshot whose pin outlived it would stop all reuse: every commit would add what it writes.
         */
        private void aloneWithAnIdleReader(String underReaders) throws Exception {
            newFile(true);
            long deadline = System.currentTimeMillis() + 120_000;
            while (acked < BatchWindow.WINDOW && System.currentTimeMillis() < deadline) {
                tick();
                Thread.sleep(20);
            }
            startReader("idle");
            while (!idleRead && System.currentTimeMillis() < deadline) {
                tick();
                Thread.sleep(20);
            }
            if (acked < BatchWindow.WINDOW || !idleRead) {
                wrong(Check.AN_IDLE_READER_DOES_NOT_STOP_PAGE_REUSE, "file " + files + ": the writer alone with an idle reader did"
                        + " not start within 120 s (batches: " + acked + ", idle reader read: " + idleRead + ")");
                return;
            }
            int from = durable.size();
            int commits = ALONE_WINDOWS * BatchWindow.WINDOW;
            while (durable.size() < from + commits && System.currentTimeMillis() < deadline) {
                tick();
                Thread.sleep(20);
            }
            if (durable.size() < from + commits) {
                wrong(Check.AN_IDLE_READER_DOES_NOT_STOP_PAGE_REUSE, "file " + files + ": alone with an idle reader, the writer"
                        + " made only " + (durable.size() - from) + " commits in 120 s");
                return;
            }
            List<long[]> aloneCommits = durable.subList(from, from + commits);
            long[] alone = aloneCommits.stream().mapToLong(d -> d[1]).toArray();
            double aloneSeconds = Math.max(1, aloneCommits.getLast()[2] - aloneCommits.getFirst()[2]) / 1000.0;
            long settled = alone[BatchWindow.WINDOW - 1];
            long last = Arrays.stream(alone, BatchWindow.WINDOW, alone.length).max().orElse(settled);
            if (last > settled + BatchWindow.WINDOW / 2) {
                wrong(Check.AN_IDLE_READER_DOES_NOT_STOP_PAGE_REUSE, "file " + files + ": with a reader process that read once and"
                        + " now idles, the file grew from " + settled + " to " + last + " pages over "
                        + (commits - BatchWindow.WINDOW) + " commits that delete what they insert: page reuse stopped");
            } else {
                tally.held(Check.AN_IDLE_READER_DOES_NOT_STOP_PAGE_REUSE);
            }
            tally.note("multiprocess: " + (underReaders.isEmpty() ? "" : "file pages under readers by quarter (largest): "
                    + underReaders + "; ") + "alone with an idle reader on a fresh file: " + settled + " pages after " + BatchWindow.WINDOW + " commits, at most " + last
                    + " over the next " + (commits - BatchWindow.WINDOW) + String.format(" (%.0f batches/s)",
                    (commits - 1) / aloneSeconds));
            killTheWriter();
            verifyFile("after the last kill");
        }

        // ---------------------------------------------------------------- figures

        private void count(long started) {
            figures.files = files;
            figures.opensBetweenWriters = lifetimes.betweenWriters();
            figures.afterTwoWriters = afterTwoWriters;
            figures.report(tally, finished, incarnation, readerNumber, System.currentTimeMillis() - started);
            for (Check check : Check.values()) {
                tally.held(check, sum(finished, ChildLog.HELD + check.name()));
                long notShown = sum(finished, ChildLog.NOT_SHOWN + check.name());
                if (notShown > 0) {
                    wrong(check, notShown + " more broken promises the children counted without showing them (see their logs)");
                }
            }
            tally.held(Check.ONE_WRITER_AT_A_TIME, sum(finished, "refused") + lifetimes.betweenWriters());
            flushFindings(true);
        }

        private static long sum(List<ReportingChild> children, String counter) {
            return children.stream().mapToLong(child -> child.log.count(counter)).sum();
        }
    }

    /**
     * The largest page count in each quarter of {@code durable} ({batches, pages, millis} per commit),
     * as "a / b / c / d"; empty for fewer than 4 commits (a file just begun after two writers).
     */
    private static String quarters(List<long[]> durable) {
        if (durable.size() < 4) {
            return "";
        }
        List<String> maxima = new ArrayList<>();
        for (int q = 0; q < 4; q++) {
            maxima.add(Long.toString(durable.subList(q * durable.size() / 4, (q + 1) * durable.size() / 4).stream()
                    .mapToLong(d -> d[1]).max().orElse(0)));
        }
        return String.join(" / ", maxima);
    }

    private static String abbreviate(String text) {
        String one = text.replace('\n', ' ');
        return one.length() <= 400 ? one : one.substring(0, 400) + "...";
    }
}
