package dev.big.db.check;

import dev.big.db.CheckReport;
import dev.big.db.catalog.FieldInfo;
import dev.big.engine.rows.RowCounts;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A row count (kept with a rows fragment, which one-value and group counts answer from) that is not
 * the number of records its row's cells hold, and row counts too damaged to read.
 */
class RowCountsCheckTest {

    @Test
    void aRowCountOneTooHighIsReported() {
        Path file = CheckFixture.copy("row-count");
        long[] said = new long[2];
        CheckFixture.writeAsFormat2(file, txn -> {
            FieldInfo type = CheckFixture.field(txn, WellUsedDatabase.EVENTS, "type");
            long fragment = type.rowsFragment(0);
            RowCounts counts = RowCounts.decode(txn.summary(fragment), txn.file(), fragment);
            said[0] = counts.row(0);
            said[1] = counts.countAt(0);
            txn.setSummary(fragment, counts.plus(Map.of(said[0], 1L), txn.file(), fragment).encode());
        });
        CheckReport report = CheckFixture.check(file);
        CheckFixture.assertProblem(report, "row counts", "events.type", "shard 0",
                "row " + said[0] + ": kept " + (said[1] + 1) + ", cells hold " + said[1]);
    }

    @Test
    void rowCountsThatDoNotDecodeAreReported() {
        Path file = CheckFixture.copy("row-count-damaged");
        CheckFixture.writeAsFormat2(file, txn -> {
            FieldInfo flag = CheckFixture.field(txn, WellUsedDatabase.EVENTS, "flag");
            byte[] summary = txn.summary(flag.rowsFragment(1));
            txn.setSummary(flag.rowsFragment(1), java.util.Arrays.copyOf(summary, summary.length - 1));
        });
        CheckReport report = CheckFixture.check(file);
        CheckFixture.assertProblem(report, "row counts", "events.flag", "shard 1", "damaged");
    }
}
