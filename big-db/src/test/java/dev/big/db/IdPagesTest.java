package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.big.engine.Store;
import dev.big.pager.MemoryPager;
import org.junit.jupiter.api.Test;

/** Id pages at the edges: cursors below every id, and limits far above the matches. */
class IdPagesTest {

    @Test
    void negativeCursorsAndHugeLimits() {
        try (Db db = Db.of(Store.create(new MemoryPager()))) {
            db.createTable(TableDef.of("t", FieldDef.intField("v")));
            db.bulkLoad("t", java.util.stream.LongStream.range(0, 10).mapToObj(i -> Row.of("v", i)).toList());
            try (Snapshot s = db.read()) {
                assertArrayEquals(new long[] {0, 1, 2, 3, 4}, s.ids("t", Filter.all(), Order.ASC, 5, -1L),
                        "every id is above a negative cursor (SQL: id > -1)");
                assertArrayEquals(new long[0], s.ids("t", Filter.all(), Order.DESC, 5, -1L), "no id is below -1");
                assertArrayEquals(new long[0], s.ids("t", Filter.all(), Order.DESC, 5, 0L), "no id is below 0");
                assertEquals(10, s.ids("t", Filter.all(), Order.ASC, Integer.MAX_VALUE, null).length,
                        "a huge limit returns the matches, without allocating the limit");
                assertArrayEquals(new long[] {9, 8}, s.ids("t", Filter.ge("v", 8L), Order.DESC, Integer.MAX_VALUE, null));
            }
        }
    }
}
