package dev.big.reliability;

import dev.big.db.CheckReport;
import dev.big.db.Db;
import dev.big.engine.Store;
import dev.big.page.CorruptPageException;
import dev.big.page.PageFormat;
import dev.big.pager.MmapPager;
import dev.big.pager.OpenMode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.roaringbitmap.longlong.Roaring64Bitmap;

/**
 * Bit rot is detected, never answered. In a populated file ({@link RotFixture}) random bytes of a
 * page are flipped, or the whole page zeroed, for every page role in turn (both meta slots, branch
 * and leaf pages of the roots, catalog and fragment trees, bitmap pages, freelist pages, free
 * pages), sometimes several pages at once. Then every query of {@link RotQueries}, each on a fresh
 * open, must either answer exactly what it answered on the undamaged file, if it touches no
 * damaged page (which pages a query touches is recorded on the undamaged file), or fail with a
 * {@link CorruptPageException} naming a damaged page, if it does. {@code check()} must list every
 * damaged page that is reachable, and {@code big check} must list them too and exit with 79.
 *
 * <p>Two cases are what the format can do rather than detection: a damaged older meta slot changes
 * nothing (check notes it); a damaged newest meta slot cannot be told from a crash during the meta
 * write, so the previous commit opens (and check notes it). Both are verified and counted apart.
 */
public final class BitRotBattery implements Battery {

    /** What the battery checks of every damaged copy of the fixture. */
    public enum Check implements BatteryCheck {
        /** The fixture holds a page of every role, so that every role is damaged in turn. */
        THE_FIXTURE_HAS_EVERY_PAGE_ROLE,
        /** A file with both meta pages damaged is refused, saying so (or, with both zeroed, as not big's). */
        BOTH_META_PAGES_DAMAGED_IS_REFUSED_CLEARLY,
        /** A query that touches a damaged page fails with {@code CorruptPageException} naming a damaged page and the file. */
        A_QUERY_TOUCHING_DAMAGE_FAILS_NAMING_IT,
        /** A query that touches no damaged page answers what it answered on the undamaged file. */
        A_QUERY_NOT_TOUCHING_DAMAGE_ANSWERS_RIGHT,
        /** A damaged newest meta page opens the commit before it. */
        A_DAMAGED_NEWEST_META_PAGE_OPENS_THE_PREVIOUS_COMMIT,
        /** {@code check()} lists every damaged page that is reachable. */
        CHECK_LISTS_EVERY_REACHABLE_DAMAGED_PAGE,
        /** {@code check()} finds nothing when no reachable page is damaged (a free page, an older meta page). */
        CHECK_IS_CLEAN_WHEN_NO_REACHABLE_PAGE_IS_DAMAGED,
        /** {@code check()} notes a damaged meta slot. */
        CHECK_NOTES_A_DAMAGED_META_SLOT,
        /** {@code big check} exits with 79 (65 with both meta pages zeroed), lists every damaged page, says "damaged". */
        BIG_CHECK_LISTS_THE_DAMAGE_AND_EXITS_79
    }

    private static final int EXIT_CORRUPTION = 79;
    /** {@code big}'s "bad data: not a big database", what a file with both meta pages zeroed gets. */
    private static final int EXIT_NOT_BIG = 65;

    @Override
    public String name() {
        return "bit rot";
    }

    /** A damaged copy of the fixture whose {@code big check} output is verified later, in one CLI child. */
    private record CliCheck(Path file, Set<Long> expected, String when, int expectedExit) {}

    @Override
    public void run(long seed, Scale scale, Tally tally) throws Exception {
        Path dir = WorkDirs.newDir("rot");
        long findingsBefore = tally.lost() + tally.wrong();
        RotFixture fixture = RotFixture.create(dir, seed);
        byte[] pristine = Files.readAllBytes(fixture.file);
        PageMap map = PageMap.of(pristine);
        List<RotQueries.Query> queries = RotQueries.all();
        List<String> answers = new ArrayList<>();
        List<Roaring64Bitmap> touched = new ArrayList<>();
        for (RotQueries.Query query : queries) {
            RecordingPager recorder = new RecordingPager(MmapPager.open(fixture.file, OpenMode.READ_ONLY));
            try (Db db = Db.of(Store.open(recorder))) {
                recorder.takeRead();
                answers.add(query.run().apply(db));
                Roaring64Bitmap pages = recorder.takeRead();
                // Every read of a read-only handle first peeks at both meta slots for newer commits;
                // what meta damage does is checked on its own, not as a page a query touches.
                pages.removeLong(0);
                pages.removeLong(1);
                touched.add(pages);
            }
        }
        List<String> previousAnswers = new ArrayList<>();
        for (RotQueries.Query query : queries) {
            try (Db db = Db.openReadOnly(fixture.previous)) {
                previousAnswers.add(query.run().apply(db));
            }
        }
        Map<PageMap.Role, List<Long>> byRole = map.byRole();
        List<PageMap.Role> roles = byRole.entrySet().stream().filter(e -> !e.getValue().isEmpty()).map(Map.Entry::getKey).toList();
        for (PageMap.Role role : PageMap.Role.values()) {
            if (byRole.get(role).isEmpty()) {
                tally.wrong(Check.THE_FIXTURE_HAS_EVERY_PAGE_ROLE, seed, "the fixture has no " + role + " page to damage (the"
                        + " battery would not cover it)");
            } else {
                tally.held(Check.THE_FIXTURE_HAS_EVERY_PAGE_ROLE);
            }
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<CliCheck> cliChecks = new ArrayList<>();
        int cliEvery = Math.max(1, scale.rotTrials() / 10);
        for (int trial = 0; trial < scale.rotTrials(); trial++) {
            Set<Long> damaged = new LinkedHashSet<>();
            if (trial % 10 == 9) {
                int n = 2 + random.nextInt(3);
                while (damaged.size() < n) {
                    PageMap.Role role = roles.get(random.nextInt(roles.size()));
                    long candidate = pick(byRole.get(role), random);
                    boolean related = damaged.stream().anyMatch(p -> map.isAncestor(p, candidate) || map.isAncestor(candidate, p));
                    if (role != PageMap.Role.META_NEWEST && role != PageMap.Role.META_OLDER && !related) {
                        damaged.add(candidate); // unrelated pages, so each one is reachable and must be reported
                    }
                }
            } else if (trial % 10 == 8) {
                damaged.add(0L);
                damaged.add(1L);
            } else {
                PageMap.Role role = roles.get(trial % roles.size());
                damaged.add(pick(byRole.get(role), random));
            }
            boolean zero = random.nextInt(3) == 0;
            Path file = dir.resolve("damaged-" + trial + ".big");
            Files.copy(fixture.file, file, StandardCopyOption.REPLACE_EXISTING);
            damage(file, damaged, zero, random);
            String when = "trial " + trial + ": " + describe(map, damaged) + (zero ? " zeroed" : " flipped");
            CliCheck cli = trial(file, map, damaged, queries, answers, previousAnswers, touched, when, seed, tally);
            if (cli != null && trial % cliEvery == 0) {
                cliChecks.add(cli);
            } else {
                Files.delete(file);
            }
        }
        verifyCliChecks(dir, cliChecks, seed, tally);
        if (tally.lost() + tally.wrong() == findingsBefore) {
            WorkDirs.delete(dir);
        } else {
            System.err.println("bit rot: files kept in " + dir);
        }
    }

    private static long pick(List<Long> pages, SplittableRandom random) {
        return pages.get(random.nextInt(pages.size()));
    }

    private static String describe(PageMap map, Set<Long> damaged) {
        List<String> parts = new ArrayList<>();
        for (long pgno : damaged) {
            parts.add(map.page(pgno).role() + " page " + pgno);
        }
        return String.join(", ", parts);
    }

    /** Flips 1 to 4 random bits at random places of each page, or zeroes it. */
    private static void damage(Path file, Set<Long> pages, boolean zero, SplittableRandom random) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            for (long pgno : pages) {
                long offset = PageFormat.offsetOf(pgno);
                ByteBuffer page = ByteBuffer.allocate(PageFormat.PAGE_SIZE_BYTES);
                channel.read(page, offset);
                byte[] bytes = page.array();
                if (zero) {
                    java.util.Arrays.fill(bytes, (byte) 0);
                } else {
                    int flips = 1 + random.nextInt(4);
                    for (int f = 0; f < flips; f++) {
                        bytes[random.nextInt(bytes.length)] ^= (byte) (1 << random.nextInt(8));
                    }
                }
                channel.write(ByteBuffer.wrap(bytes), offset);
            }
        }
    }

    /** Runs the queries and check on one damaged file; returns what {@code big check} must say of it. */
    private CliCheck trial(Path file, PageMap map, Set<Long> damaged, List<RotQueries.Query> queries, List<String> answers,
                           List<String> previousAnswers, List<Roaring64Bitmap> touched, String when, long seed, Tally tally) {
        boolean newestMeta = damaged.stream().anyMatch(p -> map.page(p).role() == PageMap.Role.META_NEWEST);
        boolean olderMeta = damaged.stream().anyMatch(p -> map.page(p).role() == PageMap.Role.META_OLDER);
        tally.add(Counter.PAGES_CORRUPTED, damaged.stream().filter(p -> map.page(p).role() != PageMap.Role.FREE).count());
        if (newestMeta && olderMeta) {
            Check refused = Check.BOTH_META_PAGES_DAMAGED_IS_REFUSED_CLEARLY;
            try (Db db = Db.openReadOnly(file)) {
                tally.wrong(refused, seed, when + ": a file with both meta pages damaged opened at txid " + db.store().txid());
            } catch (CorruptPageException e) {
                if (e.pageNumber() != 0 || !e.getMessage().contains("both meta pages")) {
                    tally.wrong(refused, seed, when + ": unclear refusal: " + e.getMessage());
                } else {
                    tally.held(refused);
                }
                tally.add(Counter.PAGES_DETECTED, 2);
            } catch (dev.big.page.BigException e) {
                // With both signatures gone (zeroed) nothing says the file is big's: refused as foreign, never answered.
                if (!e.getMessage().contains("not a big database")) {
                    tally.wrong(refused, seed, when + ": unclear refusal: " + e.getMessage());
                } else {
                    tally.held(refused);
                }
                tally.add(Counter.PAGES_DETECTED, 2);
                return new CliCheck(file, Set.of(), when, EXIT_NOT_BIG);
            } catch (RuntimeException e) {
                tally.wrong(refused, seed, when + ": opening threw " + e + ", not CorruptPageException");
            }
            return new CliCheck(file, Set.of(), when, EXIT_CORRUPTION);
        }
        List<String> expectedAnswers = newestMeta && !map.previousHoldsTheLatestTrees() ? previousAnswers : answers;
        for (int q = 0; q < queries.size(); q++) {
            RotQueries.Query query = queries.get(q);
            boolean touches = !newestMeta && damaged.stream().anyMatch(touched.get(q)::contains);
            Check promise = touches ? Check.A_QUERY_TOUCHING_DAMAGE_FAILS_NAMING_IT : Check.A_QUERY_NOT_TOUCHING_DAMAGE_ANSWERS_RIGHT;
            String answer;
            Db db = Db.openReadOnly(file);
            try {
                answer = query.run().apply(db);
                db.close();
            } catch (CorruptPageException e) {
                db.close();
                if (!touches) {
                    tally.wrong(promise, seed, when + ": " + query.name() + " touches no damaged page but failed: "
                            + e.getMessage());
                } else if (!damaged.contains(e.pageNumber()) || !e.getMessage().contains(file.toString())) {
                    tally.wrong(promise, seed, when + ": " + query.name() + " failed naming page " + e.pageNumber()
                            + ", not a damaged one: " + e.getMessage());
                } else {
                    tally.held(promise);
                }
                tally.increment(Counter.READS_CHECKED);
                continue;
            } catch (RuntimeException e) {
                db.close();
                tally.wrong(promise, seed, when + ": " + query.name() + " threw " + e + ", not CorruptPageException");
                continue;
            }
            tally.increment(Counter.READS_CHECKED);
            if (touches) {
                tally.wrong(promise, seed, when + ": " + query.name() + " read a damaged page and answered " + answer
                        + (answer.equals(expectedAnswers.get(q)) ? " (the right answer, by luck)" : ", the wrong answer"));
            } else if (!answer.equals(expectedAnswers.get(q))) {
                tally.wrong(promise, seed, when + ": " + query.name() + " answered " + answer + ", expected "
                        + expectedAnswers.get(q));
            } else {
                tally.held(promise);
            }
        }
        Set<Long> reachable = new LinkedHashSet<>();
        for (long pgno : damaged) {
            PageMap.Role role = map.page(pgno).role();
            boolean belowDamage = damaged.stream().anyMatch(other -> map.isAncestor(other, pgno));
            if (role != PageMap.Role.FREE && role != PageMap.Role.META_NEWEST && role != PageMap.Role.META_OLDER && !belowDamage) {
                reachable.add(pgno);
            }
        }
        CheckReport report;
        try (Db db = Db.openReadOnly(file)) {
            if (newestMeta && db.store().txid() != map.previousTxid()) {
                tally.wrong(Check.A_DAMAGED_NEWEST_META_PAGE_OPENS_THE_PREVIOUS_COMMIT, seed, when + ": opened txid "
                        + db.store().txid() + ", expected the previous commit " + map.previousTxid());
            } else if (newestMeta) {
                tally.held(Check.A_DAMAGED_NEWEST_META_PAGE_OPENS_THE_PREVIOUS_COMMIT);
            }
            report = db.check();
        } catch (RuntimeException e) {
            tally.wrong(reachable.isEmpty() ? Check.CHECK_IS_CLEAN_WHEN_NO_REACHABLE_PAGE_IS_DAMAGED
                    : Check.CHECK_LISTS_EVERY_REACHABLE_DAMAGED_PAGE, seed, when + ": check threw " + e);
            return null;
        }
        for (long pgno : reachable) {
            if (report.problems().stream().noneMatch(p -> p.pgno() == pgno)) {
                tally.wrong(Check.CHECK_LISTS_EVERY_REACHABLE_DAMAGED_PAGE, seed, when + ": check did not report damaged page "
                        + pgno + ": " + report.describe());
            } else {
                tally.held(Check.CHECK_LISTS_EVERY_REACHABLE_DAMAGED_PAGE);
                tally.increment(Counter.PAGES_DETECTED);
            }
        }
        if (reachable.isEmpty() && !report.ok()) {
            tally.wrong(Check.CHECK_IS_CLEAN_WHEN_NO_REACHABLE_PAGE_IS_DAMAGED, seed, when + ": check reports problems where no"
                    + " reachable page is damaged: " + report.describe());
        } else if (reachable.isEmpty()) {
            tally.held(Check.CHECK_IS_CLEAN_WHEN_NO_REACHABLE_PAGE_IS_DAMAGED);
        }
        if (newestMeta || olderMeta) {
            if (report.notes().stream().noneMatch(n -> n.contains("meta slot"))) {
                tally.wrong(Check.CHECK_NOTES_A_DAMAGED_META_SLOT, seed, when + ": check has no note about the damaged meta slot: "
                        + report.describe());
            } else {
                tally.held(Check.CHECK_NOTES_A_DAMAGED_META_SLOT);
            }
            if (newestMeta) {
                tally.increment(Counter.META_ROLLBACKS);
            } else {
                tally.increment(Counter.PAGES_DETECTED);
            }
        }
        return new CliCheck(file, reachable, when, reachable.isEmpty() ? 0 : EXIT_CORRUPTION);
    }

    /** {@code big check} on a sample of the damaged files, all in one CLI child: exit code and every damaged page listed. */
    private void verifyCliChecks(Path dir, List<CliCheck> checks, long seed, Tally tally) throws Exception {
        List<List<String>> commands = new ArrayList<>();
        for (CliCheck check : checks) {
            commands.add(List.of("check", check.file().toString()));
        }
        List<CliBatch.Result> results = CliBatch.run(dir, commands, 120_000);
        for (int i = 0; i < checks.size(); i++) {
            CliCheck check = checks.get(i);
            CliBatch.Result result = results.get(i);
            Check promise = Check.BIG_CHECK_LISTS_THE_DAMAGE_AND_EXITS_79;
            if (result.exitCode() != check.expectedExit()) {
                tally.wrong(promise, seed, check.when() + ": big check exited " + result.exitCode() + ", expected "
                        + check.expectedExit() + ": " + result);
                continue;
            }
            List<Long> unlisted = check.expected().stream().filter(pgno -> !result.stdout().contains("  page " + pgno + " (")).toList();
            if (!unlisted.isEmpty()) {
                tally.wrong(promise, seed, check.when() + ": big check does not list damaged pages " + unlisted + ": " + result);
            } else if (check.expectedExit() == EXIT_CORRUPTION && !result.stderr().contains("damaged")) {
                tally.wrong(promise, seed, check.when() + ": big check's message does not say the file is damaged: " + result);
            } else {
                tally.held(promise);
            }
            tally.increment(Counter.READS_CHECKED);
        }
    }
}
