package dev.big.db.check;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import dev.big.db.CheckReport;
import dev.big.db.Db;
import dev.big.db.catalog.Catalog;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.engine.Txn;
import dev.big.engine.WriteTxn;
import dev.big.page.MetaPage;
import dev.big.page.PageFormat;
import dev.big.page.PageHeader;
import dev.big.testing.TestDirs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * What the check tests share: a copy of the {@link WellUsedDatabase} per test (built once per
 * JVM), a way to write a wrong but checksum-valid structure into it through the engine's write
 * API, and assertions on the report.
 */
final class CheckFixture {

    static final long SEED = 20_261_201;

    private static Path template;

    /** The well-used database, built on first use and closed. */
    static synchronized Path template() {
        if (template == null) {
            Path file = TestDirs.newDir("check-template").resolve("well-used.big");
            WellUsedDatabase.create(file, SEED).close();
            template = file;
        }
        return template;
    }

    /** A private copy of the well-used database for one test to damage. */
    static Path copy(String name) {
        Path file = TestDirs.newDir("check-" + name).resolve(name + ".big");
        try {
            Files.copy(template(), file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    /** Commits {@code change}, made directly with the engine's write API (no big-db writer keeps anything consistent). */
    static void write(Path file, Consumer<WriteTxn> change) {
        try (Db db = Db.open(file); WriteTxn txn = db.store().beginWrite()) {
            change.accept(txn);
            txn.commit();
        }
    }

    /**
     * Commits {@code change} as a build before format {@link MetaPage#VERSION_ROW_COUNTS} would: the
     * file's meta says format 2 for the commit and this build's format again after it (a hand edit
     * of the meta pages), so no transaction keeps the row counts and a test can write wrong ones.
     */
    static void writeAsFormat2(Path file, Consumer<WriteTxn> change) {
        setFormatVersion(file, MetaPage.VERSION_ROW_COUNTS - 1);
        write(file, change);
        setFormatVersion(file, MetaPage.VERSION_CREATED);
    }

    /** Rewrites the format version of both meta slots (and their checksums). */
    private static void setFormatVersion(Path file, int version) {
        try {
            byte[] bytes = Files.readAllBytes(file);
            for (int slot = 0; slot < MetaPage.SLOTS; slot++) {
                MemorySegment page = MemorySegment.ofArray(bytes).asSlice((long) slot * PageFormat.PAGE_SIZE_BYTES,
                        PageFormat.PAGE_SIZE_BYTES);
                if (MetaPage.hasSignature(page)) {
                    page.set(PageFormat.LE_SHORT, PageHeader.VERSION_OFFSET, (short) version);
                    PageHeader.seal(page);
                }
            }
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static TableInfo table(Txn txn, String table) {
        return Catalog.of(txn).table(table);
    }

    static FieldInfo field(Txn txn, String table, String field) {
        return table(txn, table).field(field);
    }

    /** Checks the file as {@code big check} does: a fresh read-only open. */
    static CheckReport check(Path file) {
        try (Db db = Db.openReadOnly(file)) {
            return db.check();
        }
    }

    /** Asserts that one problem of {@code report} mentions every one of {@code parts}. */
    static void assertProblem(CheckReport report, String... parts) {
        System.out.println(report.describe()); // the test's output file then shows what big check would print
        assertFalse(report.ok(), "the check found nothing:\n" + report.describe());
        for (CheckReport.Problem problem : report.problems()) {
            String text = problem.toString();
            if (Arrays.stream(parts).allMatch(text::contains)) {
                return;
            }
        }
        fail("no problem mentions all of " + Arrays.toString(parts) + ":\n" + report.describe());
    }

    private CheckFixture() {}
}
