package dev.big.db.check;

import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.big.db.CheckReport;
import dev.big.db.catalog.FieldInfo;
import dev.big.engine.bsi.BsiLayout;
import dev.big.engine.coords.Coords;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Bit-sliced planes hold bits only where the exists row does: a magnitude or sign bit of a
 * record without a value is set directly with the engine's write API.
 */
class PlaneOutsideExistsCheckTest {

    /** A record id in shard 1 past every record the fixture writes there. */
    private static final long NO_VALUE = (1L << 20) + 300_000;

    @Test
    void aMagnitudeBitWithoutItsExistsBitIsReported() {
        Path file = CheckFixture.copy("plane-bit");
        CheckFixture.write(file, txn -> {
            FieldInfo value = CheckFixture.field(txn, WellUsedDatabase.EVENTS, "value");
            var tree = txn.fragment(value.bsiFragment(1));
            int column = Coords.column(NO_VALUE);
            assertFalse(tree.contains(Coords.containerKey(BsiLayout.EXISTS_ROW, column), Coords.low(column)),
                    "the fixture has no value at " + NO_VALUE);
            tree.addBit(Coords.containerKey(BsiLayout.planeRow(0), column), Coords.low(column));
        });
        CheckReport report = CheckFixture.check(file);
        CheckFixture.assertProblem(report, "magnitude plane 0", "shard 1", "record " + NO_VALUE);
    }

    @Test
    void aSignBitWithoutItsExistsBitIsReported() {
        Path file = CheckFixture.copy("sign-bit");
        CheckFixture.write(file, txn -> {
            FieldInfo delta = CheckFixture.field(txn, WellUsedDatabase.EVENTS, "delta");
            int column = Coords.column(NO_VALUE);
            txn.fragment(delta.bsiFragment(1)).addBit(Coords.containerKey(BsiLayout.SIGN_ROW, column), Coords.low(column));
        });
        CheckReport report = CheckFixture.check(file);
        CheckFixture.assertProblem(report, "sign row", "shard 1", "record " + NO_VALUE);
    }
}
