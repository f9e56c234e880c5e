package dev.big.db.check;

import dev.big.db.CheckReport;
import dev.big.db.catalog.TableInfo;
import dev.big.engine.rows.RowCounts;
import java.nio.file.Path;
import java.util.Map;
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
        CheckFixture.writeAsFormat2(file, txn -> {
            TableInfo events = CheckFixture.table(txn, WellUsedDatabase.EVENTS);
            long fragment = events.existsFragment(2);
            counts[0] = RowCounts.decode(txn.summary(fragment), txn.file(), fragment).count(0);
            txn.setSummary(fragment, RowCounts.EMPTY.plus(Map.of(0L, counts[0] + 1), txn.file(), fragment).encode());
        });
        CheckReport report = CheckFixture.check(file);
        CheckFixture.assertProblem(report, "record count", "table events", "shard 2", "says " + (counts[0] + 1),
                "holds " + counts[0]);
    }
}
