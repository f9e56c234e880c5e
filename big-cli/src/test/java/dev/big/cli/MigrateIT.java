package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code big migrate} on a copy of the format-1 file an older build wrote (big-db's
 * {@code format/format1-fields.big.gz}, see FileFormat1Test): stats and check work on it as it
 * is, migrate raises it to the current format and says so, a second migrate says it is already current,
 * and the records read the same. (A file another process writes is refused like any write:
 * BadInputIT.)
 */
@Tag("child-jvm")
class MigrateIT {

    private static final Path FIXTURE = Cli.REPO.resolve("big-db/src/test/resources/format/format1-fields.big.gz");
    private static final String QUERY = "SELECT * FROM events ORDER BY id";

    @Test
    void migrateRaisesAFormat1FileOnceAndKeepsItsData() throws IOException {
        Path dir = Cli.newDir("migrate");
        unpack(dir.resolve("old.big"));

        Cli.Run stats = Cli.big(dir, "stats", "old.big");
        assertEquals(0, stats.exitCode(), stats.toString());
        assertTrue(stats.stdout().contains("format     file format 1 (this build reads 1 to 6; `big migrate` raises it to 6)\n"),
                stats.stdout());
        assertOk(Cli.big(dir, "check", "old.big"));
        Cli.Run before = Cli.big(dir, "query", "old.big", QUERY, "--format", "csv");
        assertEquals(0, before.exitCode(), before.toString());
        assertEquals(60, before.stdout().lines().count(), "the header and 59 records: " + before.stdout());

        Cli.Run migrate = Cli.big(dir, "migrate", "old.big");
        assertEquals(0, migrate.exitCode(), migrate.toString());
        assertEquals("old.big: file format 1 -> 6\n", migrate.stdout());

        Cli.Run after = Cli.big(dir, "stats", "old.big");
        assertTrue(after.stdout().contains("format     file format 6 (this build reads 1 to 6)\n"), after.stdout());
        assertOk(Cli.big(dir, "check", "old.big"));
        assertEquals(before.stdout(), Cli.big(dir, "query", "old.big", QUERY, "--format", "csv").stdout(),
                "the records are unchanged");

        byte[] migrated = Files.readAllBytes(dir.resolve("old.big"));
        Cli.Run again = Cli.big(dir, "migrate", "old.big");
        assertEquals(0, again.exitCode(), again.toString());
        assertEquals("old.big: already format 6\n", again.stdout());
        assertArrayEquals(migrated, Files.readAllBytes(dir.resolve("old.big")), "a file already current is not written");
    }

    private static void assertOk(Cli.Run check) {
        assertEquals(0, check.exitCode(), check.toString());
        assertTrue(check.stdout().endsWith(" free: OK\n"), check.stdout());
    }

    private static void unpack(Path target) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(FIXTURE))) {
            Files.copy(in, target);
        }
    }
}
