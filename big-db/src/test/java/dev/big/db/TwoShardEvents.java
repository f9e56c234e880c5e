package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.big.engine.coords.Coords;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The small table the file format tests write in an older format and read back: 40 events, half in
 * shard 0 and half in shard 1, each a {@code value} and a keyed {@code type}.
 */
final class TwoShardEvents {

    static final TableDef TABLE = new TableDef("events", List.of(FieldDef.intField("value"), FieldDef.keyed("type")));

    /** Creates the table in {@code db} and puts the 40 records; returns them as "type/value" by id. */
    static Map<Long, String> fill(Db db) {
        db.createTable(TABLE);
        Map<Long, String> records = new TreeMap<>();
        for (int i = 0; i < 40; i++) {
            long id = (i % 2) * Coords.SHARD_WIDTH + i;
            db.put("events", id, Row.of("value", (long) i * 1000, "type", "t" + i % 3));
            records.put(id, "t" + i % 3 + "/" + i * 1000);
        }
        return records;
    }

    /** Asserts that the table holds exactly {@code expected}, as "type/value" by id. */
    static void assertRecords(Db db, Map<Long, String> expected) {
        Map<Long, String> found = new TreeMap<>();
        for (List<Object> row : db.sql("SELECT id, type, value FROM events ORDER BY id").rows()) {
            found.put(((Number) row.get(0)).longValue(), row.get(1) + "/" + row.get(2));
        }
        assertEquals(expected, found);
    }

    private TwoShardEvents() {}
}
