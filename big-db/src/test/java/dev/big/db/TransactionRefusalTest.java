package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.testing.TestDirs;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A change a transaction refuses before applying anything (an update of a missing record, an
 * insert of an id that exists, a value of the wrong type) leaves the transaction as it was: its
 * earlier work can still be committed (issue "No lost record, no stuck writer", defect 8).
 */
class TransactionRefusalTest {

    @Test
    void anUpdateOfAMissingRecordIsRefusedAndTheTransactionGoesOn() {
        try (Db db = newDb("update-missing")) {
            try (Transaction transaction = db.begin()) {
                long kept = transaction.append("events", Row.of("v", 1L));
                InvalidInputException refused = assertThrows(InvalidInputException.class,
                        () -> transaction.update("events", 99, "v", 5L));
                assertTrue(refused.getMessage().contains("no record 99"), refused.getMessage());
                transaction.update("events", kept, "v", 2L);
                transaction.commit();
            }
            assertEquals(2L, db.sql("SELECT v FROM events WHERE id = 0").scalar());
        }
    }

    @Test
    void refusedStatementsLeaveTheTransactionUsable() {
        try (Db db = newDb("refused-statements")) {
            try (Transaction transaction = db.begin()) {
                transaction.sql("INSERT INTO events (id, v) VALUES (1, 10)");
                assertThrows(InvalidInputException.class, () -> transaction.sql("INSERT INTO events (id, v) VALUES (1, 11)"));
                assertThrows(InvalidInputException.class, () -> transaction.sql("INSERT INTO events (id, v) VALUES (2, 'x')"));
                assertThrows(InvalidInputException.class, () -> transaction.putAll("events",
                        List.of(Row.builder().id(3).set("v", 30L).build(), Row.builder().id(4).set("w", 1L).build())));
                assertThrows(InvalidInputException.class, () -> transaction.updateAll("events", new long[] {1, 77},
                        java.util.Map.of("v", 12L)));
                transaction.sql("UPDATE events SET v = 13 WHERE id = 1");
                transaction.commit();
            }
            assertEquals(13L, db.sql("SELECT v FROM events WHERE id = 1").scalar());
            assertEquals(1L, db.sql("SELECT count(*) FROM events").scalar());
        }
    }

    private static Db newDb(String name) {
        return Db.create(TestDirs.newDir("refusal").resolve(name + ".big"), List.of(TableDef.of("events", FieldDef.intField("v"))));
    }
}
