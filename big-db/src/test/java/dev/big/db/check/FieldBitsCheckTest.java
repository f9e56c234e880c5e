package dev.big.db.check;

import dev.big.db.CheckReport;
import dev.big.db.catalog.FieldInfo;
import dev.big.engine.coords.Coords;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Field bits against the table's existence rows: a value of a record the table does not hold
 * (what a delete that forgot a field would leave), and a keyed record with two values.
 */
class FieldBitsCheckTest {

    /** A record id in shard 1 past every record the fixture writes there. */
    private static final long NO_RECORD = (1L << 20) + 300_000;

    @Test
    void aBoolBitOfARecordTheTableDoesNotHoldIsReported() {
        Path file = CheckFixture.copy("field-bit");
        CheckFixture.write(file, txn -> {
            FieldInfo flag = CheckFixture.field(txn, WellUsedDatabase.EVENTS, "flag");
            int column = Coords.column(NO_RECORD);
            txn.fragment(flag.rowsFragment(1)).addBit(Coords.containerKey(1, column), Coords.low(column));
        });
        CheckReport report = CheckFixture.check(file);
        CheckFixture.assertProblem(report, "field bits", "events.flag, shard 1", "row 1", "record " + NO_RECORD);
    }

    @Test
    void aKeyedRecordWithTwoValuesIsReported() {
        Path file = CheckFixture.copy("keyed-twice");
        long[] record = new long[1];
        CheckFixture.write(file, txn -> {
            FieldInfo type = CheckFixture.field(txn, WellUsedDatabase.EVENTS, "type");
            var rows = txn.fragment(type.rowsFragment(0));
            // A record holding "type" value 0 gets value 1 as well.
            int low = rows.find(Coords.containerKeyOf(0, 0)).toContainer().first();
            record[0] = low;
            rows.addBit(Coords.containerKeyOf(1, 0), low);
        });
        CheckReport report = CheckFixture.check(file);
        CheckFixture.assertProblem(report, "field bits", "events.type, shard 0", "container column 0",
                "two values at once");
    }
}
