package dev.big.db.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Row;
import dev.big.db.TableDef;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Cursors read listings a page of ids at a time: whatever the order, cursor condition and limit
 * (around the page size of 4,096 ids, and across shards), a cursor gives exactly the rows the
 * collected answer has, in the same order.
 *
 * <p>Records: 9,000 dense ids 0..8,999 and 300 ids spread over the next shards; value = id % 97
 * (none for multiples of 11), type "a" or "b".
 */
class SqlCursorTest {

    private static Db db;

    @BeforeAll
    static void load() {
        db = Db.create(SqlTestFiles.newFile("sql-cursor"), List.of(TableDef.of("t", FieldDef.intField("value"),
                FieldDef.keyed("type"))));
        List<Row> records = new ArrayList<>();
        for (long id = 0; id < 9_000; id++) {
            records.add(record(id));
        }
        for (long i = 0; i < 300; i++) {
            records.add(record((1L << 20) + i * 7_919));
        }
        db.bulkLoad("t", records);
    }

    private static Row record(long id) {
        return Row.builder().id(id).set("value", id % 11 == 0 ? null : id % 97).set("type", id % 3 == 0 ? "a" : "b").build();
    }

    @AfterAll
    static void close() {
        db.close();
    }

    private static void assertStreamsAsCollected(String sql) {
        SqlResult collected = db.sql(sql);
        List<List<Object>> streamed = new ArrayList<>();
        try (SqlCursor cursor = db.query(sql)) {
            assertEquals(collected.columns(), cursor.columns(), sql);
            assertEquals(collected.types(), cursor.types(), sql);
            cursor.forEachRemaining(streamed::add);
        }
        assertEquals(collected.rows(), streamed, sql);
    }

    @Test
    void everyListingStreamsTheRowsItCollects() {
        for (String order : List.of("", " ORDER BY id", " ORDER BY id DESC")) {
            for (String limit : List.of("", " LIMIT 0", " LIMIT 1", " LIMIT 4095", " LIMIT 4096", " LIMIT 4097", " LIMIT 9100")) {
                assertStreamsAsCollected("SELECT * FROM t" + order + limit);
                assertStreamsAsCollected("SELECT id, type FROM t WHERE type = 'a'" + order + limit);
                assertStreamsAsCollected("SELECT value FROM t WHERE id > 4000 AND value > 10" + order + limit);
                assertStreamsAsCollected("SELECT id FROM t WHERE id < 8500" + order + limit);
            }
        }
        assertStreamsAsCollected("SELECT id, value FROM t ORDER BY value DESC, id LIMIT 5000");
        assertStreamsAsCollected("SELECT id, value FROM t WHERE type = 'b' ORDER BY value NULLS FIRST");
        assertStreamsAsCollected("SELECT * FROM t WHERE id = 77");
        assertStreamsAsCollected("SELECT * FROM t WHERE id = 9999");
        assertStreamsAsCollected("SELECT type, count(*) AS n FROM t GROUP BY type ORDER BY type");
        assertStreamsAsCollected("EXPLAIN SELECT * FROM t");
    }

    @Test
    void aCursorEndsAndClosesCleanly() {
        SqlCursor cursor = db.query("SELECT id FROM t WHERE id < ? ORDER BY id", 3);
        assertEquals(List.of(0L), cursor.next());
        cursor.close();
        assertFalse(cursor.hasNext(), "a closed cursor has no more rows");
        assertThrows(NoSuchElementException.class, cursor::next);
        assertEquals(3, db.query("SELECT id FROM t WHERE id < ?", 3).collect().rows().size());
    }
}
