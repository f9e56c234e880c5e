package dev.big.db.check;

import dev.big.db.CheckReport;
import dev.big.db.catalog.CatalogCodec;
import dev.big.db.catalog.FieldInfo;
import dev.big.engine.coords.Coords;
import dev.big.engine.dict.Dictionary;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A dictionary's two trees (value to id, id to value) must agree, hold each value and each id
 * once, and stay below the field's next dictionary id in the catalog.
 */
class DictionaryCheckTest {

    @Test
    void anIdWhoseValueDisagreesWithTheValuesIdIsReported() {
        Path file = CheckFixture.copy("dictionary-value");
        CheckFixture.write(file, txn -> {
            FieldInfo user = CheckFixture.field(txn, WellUsedDatabase.EVENTS, "user");
            txn.fragment(Coords.fragmentKey(user.fieldId(), Dictionary.VIEW_BY_ID, 0))
                    .putBytes(5, "user-impostor".getBytes(StandardCharsets.UTF_8));
        });
        CheckReport report = CheckFixture.check(file);
        CheckFixture.assertProblem(report, "dictionary", "events.user", "id 5", "user-impostor");
    }

    @Test
    void aNextDictionaryIdAtAnIdInUseIsReported() {
        Path file = CheckFixture.copy("dictionary-next");
        long[] next = new long[1];
        CheckFixture.write(file, txn -> {
            FieldInfo type = CheckFixture.field(txn, WellUsedDatabase.EVENTS, "type");
            next[0] = type.nextDictId() - 1;
            txn.catalog().putBytes(CatalogCodec.fieldKey(type.fieldId()), CatalogCodec.encodeField(type.withNextDictId(next[0])));
        });
        CheckReport report = CheckFixture.check(file);
        CheckFixture.assertProblem(report, "next dictionary id", "events.type", "is " + next[0], "id " + next[0]);
    }
}
