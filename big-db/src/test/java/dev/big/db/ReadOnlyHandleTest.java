package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.big.page.BigException;
import dev.big.page.CorruptPageException;
import dev.big.testing.TestDirs;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A read-only handle follows the handle that writes its file, for as long as it lives and however
 * far the file grows, and its snapshots keep their answers while the writer commits and reuses
 * pages; it refuses to write itself.
 */
class ReadOnlyHandleTest {

    @Test
    void aReadOnlyHandleSeesCommitsMadeAfterItOpened() throws Exception {
        Path file = TestDirs.newDir("lifecycle").resolve("follow.big");
        try (Db writer = Db.create(file, List.of(TableDef.of("t", FieldDef.intField("v"))));
             Db reader = Db.openReadOnly(file)) {
            for (int i = 0; i < 30; i++) {
                writer.append("t", Row.of("v", (long) i));
                try (Snapshot snapshot = reader.read()) {
                    assertEquals(i + 1, snapshot.count("t"), "read-only handle after commit " + (i + 1));
                }
            }
            assertThrows(BigException.class, () -> reader.append("t", Row.of("v", 1L)));
        }
    }

    /**
     * The writer does not share memory with the read-only handle, so only the snapshot's pin keeps
     * it from reusing the snapshot's pages; with the pin lost, the sum changed silently (checksums
     * and the verified-checksum memo both passed, the reused pages being valid pages).
     */
    @Test
    void aSnapshotKeepsItsAnswersWhileAnotherHandleWrites() {
        Path file = TestDirs.newDir("read-only").resolve("stale.big");
        try (Db writer = Db.create(file, List.of(TableDef.of("t", FieldDef.intField("v"))))) {
            try (Ingester in = writer.ingest(1000)) {
                for (int i = 0; i < 50_000; i++) {
                    in.append("t", Row.of("v", (long) (i % 1000)));
                }
            }
            try (Db reader = Db.openReadOnly(file); Snapshot snapshot = reader.read()) {
                BigInteger before = snapshot.aggregate("t", "v", Filter.all()).sum();
                SplittableRandom random = new SplittableRandom(1);
                for (int round = 0; round < 50; round++) {
                    try (Ingester in = writer.ingest(1000)) {
                        for (int i = 0; i < 500; i++) {
                            in.put("t", random.nextInt(50_000), Row.of("v", (long) random.nextInt(1000)));
                        }
                    }
                    BigInteger now;
                    try {
                        now = snapshot.aggregate("t", "v", Filter.all()).sum();
                    } catch (CorruptPageException noticed) {
                        continue; // noticing the reuse would be acceptable; answering wrong is not
                    }
                    assertEquals(before, now, "one open snapshot's sum(v) after " + (round + 1) + " commits of the writer");
                }
            }
        }
    }

    /**
     * The handle maps the file as it was at open (2 MiB here); once the writer grew it past that,
     * reading the newer meta page failed and the handle kept its last commit for good.
     */
    @Test
    void aLongLivedHandleFollowsItsWriterAsTheFileGrows() throws Exception {
        Path file = TestDirs.newDir("read-only").resolve("grow.big");
        try (Db writer = Db.create(file, List.of(TableDef.of("events", FieldDef.intField("value"), FieldDef.keyed("kind"),
                FieldDef.bool("flag"), FieldDef.timestamp("at"), FieldDef.set("tags"))));
             Db reader = Db.openReadOnly(file)) {
            long sizeAtOpen = Files.size(file);
            long id = 0;
            for (int commit = 0; commit < 400 && Files.size(file) <= 3 * (2L << 20); commit++) {
                try (Ingester in = writer.ingest(1000)) {
                    for (int i = 0; i < 1000; i++, id++) {
                        in.append("events", Row.of("value", Math.floorMod(id * 2_654_435_761L, 1_000_003L), "kind",
                                "k" + id % 17, "flag", id % 3 == 0, "at", Instant.ofEpochMilli(1_700_000_000_000L + id * 1000),
                                "tags", Set.of(id % 2 == 0 ? "a" : "b")));
                    }
                }
                try (Snapshot snapshot = reader.read()) {
                    assertEquals(writer.store().txid(), snapshot.txid(), "the read-only handle's newest commit, after the writer"
                            + " grew the file from " + sizeAtOpen + " to " + Files.size(file) + " bytes");
                }
            }
        }
    }
}
