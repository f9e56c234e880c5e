package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.big.testing.TestDirs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The id {@code append} hands out follows from the history of writes alone, never from whether the
 * database was closed and opened again in between: the counter it keeps in memory and the next
 * record id the catalog keeps on disk agree after every commit.
 */
class AppendIdsTest {

    private static final TableDef EVENTS = new TableDef("events", List.of(FieldDef.intField("v")));

    @Test
    void deletingARecordThatDoesNotExistHandsOutNoIds() {
        assertSameIdsWithAndWithoutReopen(db -> db.delete("events", 999));
    }

    @Test
    void deletingTheLastRecordKeepsItsIdUsed() {
        assertSameIdsWithAndWithoutReopen(db -> {
            db.put("events", 40, Row.of("v", 4L));
            db.delete("events", 40);
        });
    }

    @Test
    void aRefusedUpdateOfAMissingRecordHandsOutNoIds() {
        assertSameIdsWithAndWithoutReopen(db -> assertThrows(InvalidInputException.class, () -> db.update("events", 500, "v", 7L)));
    }

    @Test
    void putsMoveAppendPastTheirIds() {
        assertSameIdsWithAndWithoutReopen(db -> db.put("events", 300, Row.of("v", 3L)));
    }

    @Test
    void aBulkLoadMovesAppendPastItsIds() {
        assertSameIdsWithAndWithoutReopen(db -> db.bulkLoad("events",
                List.of(Row.builder().id(200).set("v", 1L).build(), Row.builder().id(201).set("v", 2L).build())));
    }

    /** Appends, then {@code history}, then appends again: once straight on, once with a reopen before the last appends. */
    private static void assertSameIdsWithAndWithoutReopen(Consumer<Db> history) {
        List<Long> straight = run(history, false);
        List<Long> reopened = run(history, true);
        assertEquals(straight, reopened, "ids appended after the same history, without and with a reopen");
    }

    private static List<Long> run(Consumer<Db> history, boolean reopen) {
        Path file = TestDirs.newDir("append-ids").resolve("ids.big");
        List<Long> ids = new ArrayList<>();
        Db db = Db.create(file, List.of(EVENTS));
        try {
            ids.add(db.append("events", Row.of("v", 1L)));
            history.accept(db);
            if (reopen) {
                db.close();
                db = Db.open(file);
            }
            ids.add(db.append("events", Row.of("v", 2L)));
            ids.add(db.append("events", Row.of("v", 3L)));
        } finally {
            db.close();
        }
        return ids;
    }

    @Test
    void aNegativeIdIsRefusedAsNegative() {
        Path file = TestDirs.newDir("append-ids").resolve("negative.big");
        try (Db db = Db.create(file, List.of(EVENTS))) {
            Exception refused = assertThrows(Exception.class, () -> db.put("events", -1, Row.of("v", 1L)));
            assertEquals("record id -1 is negative: ids are 0.." + dev.big.engine.coords.Coords.MAX_RECORD_ID,
                    refused.getMessage());
        }
    }
}
