package dev.big.db.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Filter;
import dev.big.db.Row;
import dev.big.db.Snapshot;
import dev.big.db.TableDef;
import dev.big.testing.TestDirs;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * An export is one snapshot: a writer that keeps committing while the export runs neither waits
 * for it nor leaks into it. The imported copy holds exactly the records of the commit the
 * export started from.
 */
class ExportWhileWritingTest {

    @Test
    void exportSeesOneCommitWhileTheWriterKeepsGoing() throws Exception {
        Path dir = TestDirs.newDir("export-while-writing");
        try (Db db = Db.create(dir.resolve("source.big"),
                List.of(TableDef.of("t", FieldDef.intField("n"), FieldDef.keyed("k"))))) {
            List<Row> first = new ArrayList<>();
            for (int i = 0; i < 50_000; i++) {
                first.add(Row.of("n", i, "k", "k" + i % 10));
            }
            db.bulkLoad("t", first);

            AtomicBoolean exporting = new AtomicBoolean(true);
            AtomicLong commitsDuringExport = new AtomicLong();
            CountDownLatch exportStarted = new CountDownLatch(1);
            Thread writer = Thread.ofPlatform().start(() -> {
                try {
                    exportStarted.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (long n = 0; exporting.get(); n++) {
                    db.append("t", Row.of("n", -n, "k", "late" + n % 3));
                    commitsDuringExport.incrementAndGet();
                }
            });
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            OutputStream slow = new OutputStream() {
                @Override
                public void write(int b) {
                    bytes.write(b);
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    // The snapshot is taken before the first write: hold the export here until the
                    // writer has committed 20 times (it would hang here if the export blocked it).
                    exportStarted.countDown();
                    long until = System.nanoTime() + 60_000_000_000L;
                    while (commitsDuringExport.get() < 20 && System.nanoTime() < until) {
                        Thread.onSpinWait();
                    }
                    bytes.write(b, off, len);
                }
            };
            ExchangeSummary summary;
            try {
                summary = Exporter.export(db, slow, "slow");
            } finally {
                exporting.set(false);
                writer.join();
            }
            assertTrue(commitsDuringExport.get() >= 20, "the writer committed " + commitsDuringExport.get()
                    + " times while the export ran");
            assertEquals(50_000, summary.records(), "the export holds the commit it started from, nothing later");

            Importer.importStream(new ByteArrayInputStream(bytes.toByteArray()), "slow", dir.resolve("copy.big"));
            try (Db copy = Db.open(dir.resolve("copy.big")); Snapshot s = copy.read()) {
                assertEquals(50_000, s.count("t"));
                assertEquals(0, s.count("t", Filter.lt("n", 0)));
                assertEquals(0, s.count("t", Filter.in("k", "late0", "late1", "late2")));
            }
            try (Snapshot s = db.read()) {
                assertEquals(50_000 + commitsDuringExport.get(), s.count("t"));
            }
        }
    }
}
