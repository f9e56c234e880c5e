package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** {@link ShardScan} reads, in bulk, exactly what point reads ({@link Snapshot#get}) read, nulls included. */
class ShardScanTest {

    @Test
    void bulkReadsAgreeWithPointReadsOnRandomSparseRecords() {
        long seed = new SplittableRandom().nextLong();
        SplittableRandom random = new SplittableRandom(seed);
        TableDef table = TableDef.of("e", FieldDef.intField("v"), FieldDef.timestamp("at"), FieldDef.bool("b"),
                FieldDef.keyed("k"), FieldDef.set("s"),
                FieldDef.intField("w", 1_000_000, 2_000_000));
        Path file = dev.big.testing.TestDirs.newDir("shard-scan").resolve("e.big");
        try (Db db = Db.create(file, List.of(table))) {
            try (Ingester ingest = db.ingest(1000)) {
                for (int i = 0; i < 3000; i++) {
                    long id = random.nextInt(3) == 0 ? random.nextLong(3L << 20) : random.nextLong(200_000);
                    Row.Builder r = Row.builder().id(id);
                    if (random.nextInt(4) > 0) {
                        r.set("v", random.nextLong(-1000, 1000));
                    }
                    if (random.nextInt(4) > 0) {
                        r.set("w", random.nextLong(1_000_000, 2_000_001));
                    }
                    if (random.nextInt(4) > 0) {
                        r.set("at", Instant.ofEpochMilli(1_700_000_000_000L + random.nextLong(1_000_000)));
                    }
                    if (random.nextInt(4) > 0) {
                        r.set("b", random.nextBoolean());
                    }
                    if (random.nextInt(4) > 0) {
                        r.set("k", "k" + random.nextInt(30));
                    }
                    if (random.nextInt(4) > 0) {
                        Set<String> s = new TreeSet<>();
                        for (int m = random.nextInt(3); m > 0; m--) {
                            s.add("s" + random.nextInt(6));
                        }
                        r.set("s", s);
                    }
                    ingest.put("e", id, r.build());
                }
            }
            try (Snapshot snapshot = db.read()) {
                ShardScan scan = snapshot.scan("e");
                for (Snapshot.Shard shard : snapshot.shards("e")) {
                    long[] ids = scan.ids(Filter.all(), shard.shard());
                    assertEquals(shard.records(), ids.length, "seed " + seed);
                    assertEquals(shard.records(), Arrays.stream(scan.recordsPerColumn(shard.shard())).sum(), "seed " + seed);
                    int n = ids.length;
                    long[] v = new long[n];
                    long[] w = new long[n];
                    boolean[] hasW = new boolean[n];
                    long[] at = new long[n];
                    long[] k = new long[n];
                    byte[] b = new byte[n];
                    boolean[] hasV = new boolean[n];
                    boolean[] hasAt = new boolean[n];
                    boolean[] hasK = new boolean[n];
                    boolean[] hasB = new boolean[n];
                    scan.readNumbers("v", ids, n, v, hasV);
                    scan.readNumbers("at", ids, n, at, hasAt);
                    scan.readNumbers("w", ids, n, w, hasW);
                    scan.readNumbers("k", ids, n, k, hasK);
                    scan.readBools("b", ids, n, b, hasB);
                    long[][] sets = scan.readSets("s", ids, n);
                    for (int i = 0; i < n; i++) {
                        Row expected = snapshot.get("e", ids[i]).orElseThrow();
                        String at_ = "seed " + seed + " id " + ids[i];
                        assertEquals(expected.getLong("v"), hasV[i] ? v[i] : null, at_);
                        assertEquals(expected.getLong("w"), hasW[i] ? w[i] : null, at_);
                        assertEquals(expected.getInstant("at"), hasAt[i] ? Instant.ofEpochMilli(at[i]) : null, at_);
                        assertEquals(expected.getString("k"), hasK[i] ? scan.dictionaryValue("k", k[i]) : null, at_);
                        assertEquals(expected.getBoolean("b"), hasB[i] ? b[i] == 1 : null, at_);
                        List<String> members = null;
                        if (sets[i] != null) {
                            members = new ArrayList<>();
                            for (long m : sets[i]) {
                                members.add(scan.dictionaryValue("s", m));
                            }
                            members.sort(null);
                        }
                        assertEquals(expected.getSet("s") == null ? null : new ArrayList<>(new TreeSet<>(expected.getSet("s"))), members, at_);
                    }
                    long[] matching = scan.ids(Filter.gt("v", 0), shard.shard());
                    assertEquals(matching.length, scan.count(Filter.gt("v", 0), shard.shard()), "seed " + seed);
                    assertEquals(scan.ids(Filter.all(), shard.shard()).length, scan.count(Filter.all(), shard.shard()),
                            "seed " + seed + ": the shard's kept record count");
                    assertArrayEquals(Arrays.stream(ids).filter(id -> {
                        Long value = snapshot.get("e", id).orElseThrow().getLong("v");
                        return value != null && value > 0;
                    }).toArray(), matching, "seed " + seed);
                    // A few records of each column (5%): read one by one rather than decoded by column.
                    long[] few = scan.ids(Filter.gt("v", 900), shard.shard());
                    long[] fewV = new long[few.length];
                    long[] fewAt = new long[few.length];
                    boolean[] fewHasV = new boolean[few.length];
                    boolean[] fewHasAt = new boolean[few.length];
                    scan.readNumbers("v", few, few.length, fewV, fewHasV);
                    scan.readNumbers("at", few, few.length, fewAt, fewHasAt);
                    for (int i = 0; i < few.length; i++) {
                        Row expected = snapshot.get("e", few[i]).orElseThrow();
                        assertEquals(expected.getLong("v"), fewHasV[i] ? fewV[i] : null, "seed " + seed + " id " + few[i]);
                        assertEquals(expected.getInstant("at"), fewHasAt[i] ? Instant.ofEpochMilli(fewAt[i]) : null,
                                "seed " + seed + " id " + few[i]);
                    }
                    long from = random.nextLong(shard.shard() << 20, (shard.shard() + 1) << 20);
                    for (Filter filter : List.of(Filter.all(), Filter.gt("v", 0),
                            Filter.and(Filter.ge("id", from), Filter.lt("v", 500), Filter.le("id", from + random.nextLong(200_000))))) {
                        long[] keyed = new long[(int) scan.dictionarySize("k") + 1];
                        java.util.Map<String, Integer> dictIds = new java.util.HashMap<>();
                        for (int d = 0; d < keyed.length - 1; d++) {
                            dictIds.put(scan.dictionaryValue("k", d), d);
                        }
                        long[] bools = new long[3];
                        for (long id : scan.ids(filter, shard.shard())) {
                            Row row = snapshot.get("e", id).orElseThrow();
                            String key = row.getString("k");
                            keyed[key == null ? keyed.length - 1 : dictIds.get(key)]++;
                            Boolean flag = row.getBoolean("b");
                            bools[flag == null ? 2 : flag ? 1 : 0]++;
                        }
                        assertArrayEquals(keyed, scan.valueCounts("k", filter, shard.shard()), "seed " + seed + " " + filter);
                        assertArrayEquals(bools, scan.valueCounts("b", filter, shard.shard()), "seed " + seed + " " + filter);
                    }
                }
            }
        }
    }

    /**
     * A full container column read in batches of 8,192 (each decoded whole), every 37th record of it
     * (gathered), and a batch that gathers a few records of one column and decodes the next: all
     * as point reads read them, negative values, a field with a base and missing values included.
     * (Each batch on a fresh scan, so that no column is decoded before it.)
     */
    @Test
    void decodedAndGatheredColumnsReadTheSame() {
        long seed = new SplittableRandom().nextLong();
        SplittableRandom random = new SplittableRandom(seed);
        TableDef table = TableDef.of("e", FieldDef.intField("v"), FieldDef.timestamp("at"), FieldDef.intField("w", 1_000_000, 2_000_000));
        Path file = dev.big.testing.TestDirs.newDir("shard-scan-dense").resolve("e.big");
        try (Db db = Db.create(file, List.of(table))) {
            List<Row> rows = new ArrayList<>();
            for (int i = 0; i < 70_000; i++) {
                Row.Builder r = Row.builder();
                if (random.nextInt(10) > 0) {
                    r.set("v", random.nextLong(-1_000_000, 1_000_000));
                }
                if (random.nextInt(10) > 0) {
                    r.set("at", Instant.ofEpochMilli(1_700_000_000_000L + random.nextLong(100_000_000)));
                }
                if (random.nextInt(10) > 0) {
                    r.set("w", random.nextLong(1_000_000, 2_000_001));
                }
                rows.add(r.build());
            }
            db.bulkLoad("e", rows);
            try (Snapshot snapshot = db.read()) {
                ShardScan scan = snapshot.scan("e");
                long[] all = scan.ids(Filter.all(), snapshot.shards("e").getFirst().shard());
                assertEquals(70_000, all.length);
                List<long[]> batches = new ArrayList<>();
                for (int from = 0; from < 65_536; from += 8_192) {
                    batches.add(Arrays.copyOfRange(all, from, from + 8_192));
                }
                batches.add(java.util.stream.IntStream.range(0, all.length).filter(i -> i % 37 == 0).mapToLong(i -> all[i]).toArray());
                long[] mixed = new long[100 + 70_000 - 65_536]; // every 50th of column 0's first 5,000, then all of column 1
                for (int i = 0; i < 100; i++) {
                    mixed[i] = all[i * 50];
                }
                System.arraycopy(all, 65_536, mixed, 100, 70_000 - 65_536);
                batches.add(mixed);
                for (long[] batch : batches) {
                    ShardScan fresh = snapshot.scan("e"); // no column decoded yet: what a batch reads is its own choice
                    for (String field : List.of("v", "at", "w")) {
                        long[] values = new long[batch.length];
                        boolean[] present = new boolean[batch.length];
                        fresh.readNumbers(field, batch, batch.length, values, present);
                        for (int i = 0; i < batch.length; i++) {
                            Object expected = snapshot.value("e", batch[i], field);
                            Object actual = !present[i] ? null : field.equals("at") ? Instant.ofEpochMilli(values[i]) : (Object) values[i];
                            assertEquals(expected, actual, "seed " + seed + " field " + field + " id " + batch[i]);
                        }
                    }
                }
            }
        }
    }
}
