package dev.big.db.check;

import dev.big.db.CheckReport;
import dev.big.db.catalog.RecordCounts;
import dev.big.db.catalog.TableInfo;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A record count (the summary kept with an existence fragment, which table counts answer from)
 * that is not the number of records its existence row holds.
 */
class RecordCountCheckTest {

    @Test
    void aRecordCountOneTooHighIsReported() {
        Path file = CheckFixture.copy("record-count");
        long[] counts = new long[1];
        CheckFixture.write(file, txn -> {
            TableInfo events = CheckFixture.table(txn, WellUsedDatabase.EVENTS);
            counts[0] = RecordCounts.decode(txn.summary(events.existsFragment(2)));
            txn.setSummary(events.existsFragment(2), RecordCounts.encode(counts[0] + 1));
        });
        CheckReport report = CheckFixture.check(file);
        CheckFixture.assertProblem(report, "record count", "table events", "shard 2", "says " + (counts[0] + 1),
                "holds " + counts[0]);
    }
}
