package dev.big.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.engine.bsi.BsiField;
import dev.big.engine.bsi.BsiReader;
import dev.big.engine.bsi.BsiWriter;
import dev.big.engine.bsi.RangePredicate;
import dev.big.engine.bsi.ZoneMap;
import dev.big.engine.coords.Coords;
import dev.big.page.MetaPage;
import dev.big.page.PageClass;
import dev.big.pager.MemoryPager;
import dev.big.pager.PageCounts;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Zone maps stay exact under random updates, and a scan outside every fragment's range reads no data page. */
class ZoneMapTest {

    private static final BsiField FIELD = new BsiField(5, 0, "value");

    @Test
    void zoneMapsEqualTheTrueMinAndMaxAfterRandomUpdates() {
        Random random = new Random(21);
        Map<Long, Long> model = new HashMap<>();
        try (Store store = Store.create(new MemoryPager(), PageCommits.FORMAT)) {
            for (int round = 0; round < 30; round++) {
                try (WriteTxn txn = store.beginWrite()) {
                    BsiWriter writer = new BsiWriter(txn, FIELD);
                    for (int i = 0; i < 200; i++) {
                        long id = (long) random.nextInt(3) * Coords.SHARD_WIDTH + random.nextInt(200_000);
                        if (random.nextInt(4) == 0) {
                            writer.clear(id);
                            model.remove(id);
                        } else {
                            long value = random.nextInt(2001) - 1000;
                            writer.set(id, value);
                            model.put(id, value);
                        }
                    }
                    writer.flush();
                    txn.commit();
                }
                try (ReadTxn txn = store.beginRead()) {
                    BsiReader reader = new BsiReader(txn, FIELD);
                    for (long shard = 0; shard < 3; shard++) {
                        for (int column = 0; column < ZoneMap.COLUMNS; column++) {
                            long s = shard;
                            int c = column;
                            var values = model.entrySet().stream()
                                    .filter(e -> Coords.shard(e.getKey()) == s && Coords.containerColumn(Coords.column(e.getKey())) == c)
                                    .mapToLong(Map.Entry::getValue).summaryStatistics();
                            ZoneMap zone = reader.zone(shard);
                            assertEquals(values.getCount(), zone.count(column), "count of shard " + shard + " column " + column);
                            if (values.getCount() > 0) {
                                assertEquals(values.getMin(), zone.min(column), "min of shard " + shard + " column " + column);
                                assertEquals(values.getMax(), zone.max(column), "max of shard " + shard + " column " + column);
                            }
                        }
                    }
                }
            }
        }
    }

    @Test
    void aFileKeepsTheZoneMapVersionOfItsFormatAndAMigratedOneReencodesWhatItWrites() {
        long first = 7;
        long second = Coords.SHARD_WIDTH + 7;
        try (Store store = Store.create(new MemoryPager(), MetaPage.VERSION_COMPACT_ZONE_MAPS - 1)) {
            writeValue(store, first, 42);
            assertEquals(ZoneMap.FIXED_SIZE_BYTES, summaryOf(store, first).length, "format 4 keeps version 1");
            try (WriteTxn txn = store.beginWrite()) {
                txn.raiseFormatVersion(MetaPage.VERSION_COMPACT_ZONE_MAPS);
                txn.commit();
            }
            byte[] kept = summaryOf(store, first);
            assertEquals(1, kept[0], "migrating rewrites no zone map");
            writeValue(store, second, -42);
            assertEquals(2, summaryOf(store, second)[0], "a fragment written after the migration gets version 2");
            writeValue(store, first + 1, 43);
            byte[] rewritten = summaryOf(store, first);
            assertEquals(2, rewritten[0], "and so does one written again");
            assertTrue(rewritten.length < 16, "one column of values: " + rewritten.length + " bytes");
            try (ReadTxn txn = store.beginRead()) {
                BsiReader reader = new BsiReader(txn, FIELD);
                assertEquals(42, reader.zone(0).min());
                assertEquals(43, reader.zone(0).max());
                assertEquals(-42, reader.zone(1).min());
            }
        }
    }

    private static void writeValue(Store store, long id, long value) {
        try (WriteTxn txn = store.beginWrite()) {
            BsiWriter writer = new BsiWriter(txn, FIELD);
            writer.set(id, value);
            writer.flush();
            txn.commit();
        }
    }

    private static byte[] summaryOf(Store store, long id) {
        try (ReadTxn txn = store.beginRead()) {
            return txn.summary(FIELD.fragmentKey(Coords.shard(id)));
        }
    }

    @Test
    void aPredicateOutsideEveryFragmentReadsNoDataPage() {
        MemoryPager pager = new MemoryPager();
        try (Store created = Store.create(pager, PageCommits.FORMAT)) {
            created.txid();
        }
        try (Store store = Store.open(MemoryPager.of("zones", pager.snapshotPages(), pager.pageCount()), true)) {
            try (WriteTxn txn = store.beginWrite()) {
                BsiWriter writer = new BsiWriter(txn, FIELD);
                Random random = new Random(3);
                long[] ids = new long[300_000];
                long[] values = new long[ids.length];
                for (int i = 0; i < ids.length; i++) {
                    ids[i] = (long) (i % 3) * Coords.SHARD_WIDTH + i / 3;
                    values[i] = 1000 + random.nextInt(1 << 20);
                }
                long[][] sorted = sortById(ids, values);
                writer.setMany(sorted[0], sorted[1], ids.length);
                writer.flush();
                txn.commit();
            }
            try (ReadTxn txn = store.beginRead()) {
                BsiReader reader = new BsiReader(txn, FIELD);
                reader.shards();
                PageCounts before = store.countsSinceOpen();
                assertEquals(0, reader.count(RangePredicate.of(RangePredicate.Op.GE, 1000 + (1 << 20))));
                assertEquals(0, reader.count(RangePredicate.of(RangePredicate.Op.LT, 1000)));
                assertEquals(300_000, reader.count(RangePredicate.between(0, 5_000_000)));
                PageCounts used = store.countsSinceOpen().minus(before);
                assertEquals(0, used.read(PageClass.DATA) + used.read(PageClass.BITMAP), "data pages read: " + used);
                long partial = reader.count(RangePredicate.of(RangePredicate.Op.GE, 500_000));
                assertTrue(partial > 0 && partial < 300_000);
                PageCounts partialUsed = store.countsSinceOpen().minus(before);
                assertTrue(partialUsed.read(PageClass.DATA) + partialUsed.read(PageClass.BITMAP) > 0, "a partial match must read planes");
            }
        }
    }

    @Test
    void zoneMapsAloneCountWhatTheyDecideAndLeaveTheRestToAScan() {
        // Values grow with the id, as timestamps do: each container column holds its own range.
        try (Store store = Store.create(new MemoryPager(), PageCommits.FORMAT)) {
            int columnWidth = 1 << 16;
            long[] ids = new long[4 * columnWidth];
            long[] values = new long[ids.length];
            for (int i = 0; i < ids.length; i++) {
                ids[i] = i;
                values[i] = 10L * i;
            }
            try (WriteTxn txn = store.beginWrite()) {
                BsiWriter writer = new BsiWriter(txn, FIELD);
                writer.setMany(ids, values, ids.length);
                writer.flush();
                txn.commit();
            }
            try (ReadTxn txn = store.beginRead()) {
                BsiReader reader = new BsiReader(txn, FIELD);
                long columnEnd = 10L * columnWidth; // the first value of column 1
                RangePredicate[] decided = {
                        RangePredicate.between(columnEnd, 3 * columnEnd - 10), // columns 1 and 2, exactly
                        RangePredicate.of(RangePredicate.Op.GE, 2 * columnEnd),
                        RangePredicate.of(RangePredicate.Op.LT, columnEnd),
                        RangePredicate.of(RangePredicate.Op.NE, -5),
                        RangePredicate.of(RangePredicate.Op.GT, 40L * columnWidth),
                };
                for (RangePredicate predicate : decided) {
                    assertEquals(reader.count(0, predicate, null), reader.countFromZones(0, predicate), predicate.toString());
                }
                assertEquals(2 * columnWidth, reader.countFromZones(0, decided[0]));
                assertEquals(-1, reader.countFromZones(0, RangePredicate.of(RangePredicate.Op.GE, columnEnd + 10)),
                        "a range that cuts a column needs its planes");
                assertEquals(-1, reader.countFromZones(0, RangePredicate.of(RangePredicate.Op.NE, 20)));
                assertEquals(4 * columnWidth - columnWidth - 1, reader.count(0, RangePredicate.of(RangePredicate.Op.GE, columnEnd + 10), null));
                // A narrow window: its candidates shrink to a few words of one column as the planes are read.
                assertEquals(2901, reader.count(0, RangePredicate.between(10L * 100, 10L * 3000), null));
                assertEquals(2901, reader.matches(0, RangePredicate.between(10L * 100, 10L * 3000), null).getLongCardinality());
                assertEquals(50, reader.count(0, RangePredicate.between(columnEnd - 245, columnEnd + 250), null), "across a column edge");
                assertEquals(0, reader.countFromZones(1, decided[1]), "an empty shard holds nothing");
            }
        }
    }

    static long[][] sortById(long[] ids, long[] values) {
        Integer[] order = new Integer[ids.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        java.util.Arrays.sort(order, (a, b) -> Long.compare(ids[a], ids[b]));
        long[][] sorted = new long[2][ids.length];
        for (int i = 0; i < order.length; i++) {
            sorted[0][i] = ids[order[i]];
            sorted[1][i] = values[order[i]];
        }
        return sorted;
    }
}
