package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.big.engine.coords.Coords;
import dev.big.page.BigException;
import org.junit.jupiter.api.Test;

class CoordsTest {

    @Test
    void columnZeroAndTheLastColumnOfAShard() {
        assertEquals(0, Coords.shard(0));
        assertEquals(0, Coords.column(0));
        assertEquals(0, Coords.shard((1 << 20) - 1));
        assertEquals((1 << 20) - 1, Coords.column((1 << 20) - 1));
        assertEquals(1, Coords.shard(1 << 20));
        assertEquals(0, Coords.column(1 << 20));
    }

    @Test
    void containerKeysSpanSixteenPerRow() {
        assertEquals(0, Coords.containerKey(0, 0));
        assertEquals(0, Coords.containerKey(0, 65535));
        assertEquals(1, Coords.containerKey(0, 65536));
        assertEquals(15, Coords.containerKey(0, (1 << 20) - 1));
        assertEquals(16, Coords.containerKey(1, 0));
        assertEquals(16 * 21 + 15, Coords.containerKey(21, (1 << 20) - 1));
        assertEquals(Coords.position(3, 70000) >>> 16, Coords.containerKey(3, 70000));
        assertEquals(3, Coords.rowOfKey(Coords.containerKey(3, 70000)));
        assertEquals(65536, Coords.firstColumnOfKey(Coords.containerKey(3, 70000)));
        assertEquals(70000 & 0xFFFF, Coords.low(70000));
        assertEquals(Coords.MAX_ROW, Coords.rowOfKey(Coords.containerKey(Coords.MAX_ROW, (1 << 20) - 1)));
    }

    @Test
    void idsNearTwoToTheSixtyThree() {
        long max = Long.MAX_VALUE;
        assertEquals(Coords.MAX_SHARD, Coords.shard(max));
        assertEquals((1 << 20) - 1, Coords.column(max));
        assertEquals(max, Coords.recordId(Coords.shard(max), Coords.column(max)));
        long key = Coords.fragmentKey(Coords.MAX_FIELD, Coords.VIEW_BSI, Coords.MAX_SHARD);
        assertEquals(Coords.MAX_FIELD, Coords.fieldOf(key));
        assertEquals(Coords.VIEW_BSI, Coords.viewOf(key));
        assertEquals(Coords.MAX_SHARD, Coords.shardOf(key));
        assertThrows(BigException.class, () -> Coords.checkRecordId(-1));
        assertThrows(IllegalArgumentException.class, () -> Coords.fragmentKey(1, 0, Coords.MAX_SHARD + 1));
    }

    @Test
    void fragmentKeysOrderByFieldThenViewThenShard() {
        long a = Coords.fragmentKey(1, 0, 5);
        long b = Coords.fragmentKey(1, 1, 0);
        long c = Coords.fragmentKey(2, 0, 0);
        assertEquals(-1, Long.signum(Long.compareUnsigned(a, b)));
        assertEquals(-1, Long.signum(Long.compareUnsigned(b, c)));
        assertEquals(-1, Long.signum(Long.compareUnsigned(Coords.lastFragmentKey(1, 1), c)));
        long high = Coords.fragmentKey(0xFFFF, 0, 0);
        assertEquals(1, Long.signum(Long.compareUnsigned(high, c)), "field ids above 2^15 still sort after lower ones");
    }
}
