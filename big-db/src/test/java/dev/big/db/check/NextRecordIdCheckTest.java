package dev.big.db.check;

import dev.big.db.CheckReport;
import dev.big.db.catalog.CatalogCodec;
import dev.big.db.catalog.TableInfo;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The append counter of a table (its next record id in the catalog) must lie above every record id in use. */
class NextRecordIdCheckTest {

    @Test
    void aNextRecordIdAtARecordInUseIsReported() {
        Path file = CheckFixture.copy("next-record-id");
        long[] next = new long[1];
        CheckFixture.write(file, txn -> {
            TableInfo events = CheckFixture.table(txn, WellUsedDatabase.EVENTS);
            next[0] = events.nextRecordId() - 1;
            txn.catalog().putBytes(CatalogCodec.tableKey(events.tableId()),
                    CatalogCodec.encodeTable(events.withNextRecordId(next[0])));
        });
        CheckReport report = CheckFixture.check(file);
        CheckFixture.assertProblem(report, "next record id", "table events", "is " + next[0], "record " + next[0]);
    }
}
