package dev.big.db.check;

import static dev.big.page.PageFormat.LE_INT;
import static dev.big.page.PageFormat.LE_LONG;

import dev.big.db.CheckReport;
import dev.big.db.catalog.FieldInfo;
import dev.big.engine.bsi.ZoneMap;
import dev.big.page.MetaPage;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A zone map that disagrees with the planes it summarises: range queries skip or fully count a
 * column by it without reading the planes, so a wrong one answers wrong. Written as a
 * checksum-valid roots entry through the engine's write API.
 */
class ZoneMapCheckTest {

    /** Where column {@code c}'s count, min and max sit in a zone map of version 1 (see {@link ZoneMap}'s layout). */
    private static long columnAt(int c) {
        return 32 + 24L * c;
    }

    /**
     * The zone map in version 1, whose fixed offsets a test can change (a file of format 5 may hold
     * either version, and the check reads both).
     */
    private static byte[] fixedWidth(byte[] summary) {
        return ZoneMap.decode(summary).encode(MetaPage.VERSION_COMPACT_ZONE_MAPS - 1);
    }

    @Test
    void aColumnMaxAboveEveryValueIsReported() {
        Path file = CheckFixture.copy("zone-max");
        long[] maxima = new long[1];
        CheckFixture.write(file, txn -> {
            FieldInfo size = CheckFixture.field(txn, WellUsedDatabase.EVENTS, "size");
            byte[] summary = fixedWidth(txn.summary(size.bsiFragment(0)));
            maxima[0] = ZoneMap.decode(summary).max(0);
            MemorySegment.ofArray(summary).set(LE_LONG, columnAt(0) + 16, maxima[0] + 1);
            txn.setSummary(size.bsiFragment(0), summary);
        });
        CheckReport report = CheckFixture.check(file);
        CheckFixture.assertProblem(report, "zone map", "events.size", "shard 0", "column 0",
                "max " + (maxima[0] + 1), "max " + maxima[0]);
    }

    @Test
    void aColumnCountThatIsNotTheExistsRowsIsReported() {
        Path file = CheckFixture.copy("zone-count");
        long[] counts = new long[1];
        CheckFixture.write(file, txn -> {
            FieldInfo delta = CheckFixture.field(txn, WellUsedDatabase.EVENTS, "delta");
            byte[] summary = fixedWidth(txn.summary(delta.bsiFragment(0)));
            counts[0] = ZoneMap.decode(summary).count(1);
            MemorySegment.ofArray(summary).set(LE_INT, columnAt(1), (int) counts[0] - 1);
            txn.setSummary(delta.bsiFragment(0), summary);
        });
        CheckReport report = CheckFixture.check(file);
        CheckFixture.assertProblem(report, "zone map", "shard 0", "column 1", "counts " + (counts[0] - 1),
                "holds " + counts[0]);
    }
}
