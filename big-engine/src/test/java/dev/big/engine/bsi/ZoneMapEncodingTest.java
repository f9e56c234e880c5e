package dev.big.engine.bsi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.page.BigException;
import dev.big.page.MetaPage;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Both zone map versions decode to what was encoded; the compact one is small where columns are few; damage is refused. */
class ZoneMapEncodingTest {

    private static final int FIXED = MetaPage.VERSION_COMPACT_ZONE_MAPS - 1;
    private static final int COMPACT = MetaPage.VERSION_COMPACT_ZONE_MAPS;

    @Test
    void randomZoneMapsRoundTripInBothVersions() {
        SplittableRandom random = new SplittableRandom(34);
        long[] edges = {Long.MIN_VALUE, Long.MIN_VALUE + 1, -1, 0, 1, Long.MAX_VALUE - 1, Long.MAX_VALUE};
        for (int round = 0; round < 2_000; round++) {
            ZoneMap zone = new ZoneMap();
            zone.growDepth(random.nextInt(64));
            for (int c = 0; c < ZoneMap.COLUMNS; c++) {
                if (random.nextInt(3) == 0) {
                    continue;
                }
                long a = random.nextInt(4) == 0 ? edges[random.nextInt(edges.length)] : random.nextLong() >> random.nextInt(64);
                long b = random.nextInt(4) == 0 ? edges[random.nextInt(edges.length)] : random.nextLong() >> random.nextInt(64);
                zone.setColumn(c, 1 + random.nextInt(65_536), Math.min(a, b), Math.max(a, b));
            }
            for (int format : new int[] {FIXED, COMPACT}) {
                byte[] bytes = zone.encode(format);
                assertEquals(format == COMPACT ? 2 : 1, bytes[0], "version byte");
                assertSame(zone, ZoneMap.decode(bytes), "round " + round + ", format " + format);
            }
        }
    }

    @Test
    void aCompactZoneMapTakesAFewBytesPerColumnThatHoldsValues() {
        ZoneMap one = new ZoneMap();
        one.growDepth(20);
        one.setColumn(0, 156, 1_234, 1_040_000);
        assertEquals(ZoneMap.FIXED_SIZE_BYTES, one.encode(FIXED).length);
        assertTrue(one.encode(COMPACT).length <= 12, Arrays.toString(one.encode(COMPACT)));
        assertEquals(4, new ZoneMap().encode(COMPACT).length, "no column: the header alone");
        ZoneMap full = new ZoneMap();
        for (int c = 0; c < ZoneMap.COLUMNS; c++) {
            full.setColumn(c, 65_536, 0, (1 << 20) - 1);
        }
        assertTrue(full.encode(COMPACT).length <= 4 + 16 * 7, "16 columns of 20-bit values");
    }

    @Test
    void damagedOrUnknownZoneMapsAreRefusedClearly() {
        ZoneMap zone = new ZoneMap();
        zone.setColumn(3, 10, -5, 5);
        byte[] good = zone.encode(COMPACT);
        byte[] trailing = Arrays.copyOf(good, good.length + 1);
        assertTrue(assertThrows(BigException.class, () -> ZoneMap.decode(trailing)).getMessage().contains("after its last column"));
        byte[] truncated = Arrays.copyOf(good, good.length - 1);
        assertTrue(assertThrows(BigException.class, () -> ZoneMap.decode(truncated)).getMessage().contains("ends inside a number"));
        byte[] noValues = good.clone();
        noValues[4] = 0; // column 3's count
        assertTrue(assertThrows(BigException.class, () -> ZoneMap.decode(noValues)).getMessage().contains("outside 1 to 65536"));
        byte[] newer = good.clone();
        newer[0] = 3;
        String message = assertThrows(BigException.class, () -> ZoneMap.decode(newer)).getMessage();
        assertTrue(message.contains("zone map version 3") && message.contains("reads versions 1 to 2"), message);
        byte[] shortFixed = Arrays.copyOf(zone.encode(FIXED), 100);
        assertThrows(BigException.class, () -> ZoneMap.decode(shortFixed));
    }

    private static void assertSame(ZoneMap expected, ZoneMap actual, String what) {
        assertEquals(expected.depth(), actual.depth(), what + ": depth");
        for (int c = 0; c < ZoneMap.COLUMNS; c++) {
            assertEquals(expected.count(c), actual.count(c), what + ": count of column " + c);
            if (expected.count(c) > 0) {
                assertEquals(expected.min(c), actual.min(c), what + ": min of column " + c);
                assertEquals(expected.max(c), actual.max(c), what + ": max of column " + c);
            }
        }
        assertArrayEquals(expected.encode(COMPACT), actual.encode(COMPACT), what);
    }
}
