package dev.big.db.sql;

import dev.big.db.FieldDef;
import dev.big.db.Record;
import dev.big.db.TableDef;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The standard event schema and distributions (those of big-workload's EventGenerator, which
 * big-db's tests do not depend on), streamed: value int uniform in [0, 2^20); type keyed, 20
 * values "type00".."type19" Zipf with exponent 1; verified bool, true with probability 0.99;
 * received_at timestamp from 1,700,000,000,000 ms, then +1000 ms +-300 per event; size int uniform
 * in [0, 1,000,000); tags set of 0 to 3 of "tag0".."tag7" (no value when 0). Dense ids from 0.
 */
final class StandardEvents implements Iterable<Record> {

    static final TableDef EVENTS = TableDef.of("events", FieldDef.intField("value"), FieldDef.keyed("type"),
            FieldDef.bool("verified"), FieldDef.timestamp("received_at"), FieldDef.intField("size"), FieldDef.set("tags"));
    static final long FIRST_RECEIVED_AT_MILLIS = 1_700_000_000_000L;
    static final int TYPES = 20;

    private final long seed;
    private final long count;

    StandardEvents(long seed, long count) {
        this.seed = seed;
        this.count = count;
    }

    static String type(int rank) {
        return String.format("type%02d", rank);
    }

    @Override
    public Iterator<Record> iterator() {
        double[] cumulative = new double[TYPES];
        double total = 0;
        for (int k = 0; k < TYPES; k++) {
            total += 1.0 / (k + 1);
            cumulative[k] = total;
        }
        for (int k = 0; k < TYPES; k++) {
            cumulative[k] /= total;
        }
        double[] zipf = cumulative;
        return new Iterator<>() {
            private final SplittableRandom random = new SplittableRandom(seed);
            private long index;
            private long receivedAt = FIRST_RECEIVED_AT_MILLIS;

            @Override
            public boolean hasNext() {
                return index < count;
            }

            @Override
            public Record next() {
                long value = random.nextLong(1L << 20);
                double u = random.nextDouble();
                int rank = 0;
                while (rank < TYPES - 1 && u >= zipf[rank]) {
                    rank++;
                }
                boolean verified = random.nextDouble() < 0.99;
                if (index > 0) {
                    receivedAt += 1000 + random.nextLong(-300, 301);
                }
                long size = random.nextLong(1_000_000);
                int wanted = random.nextInt(4);
                int chosen = 0;
                while (Integer.bitCount(chosen) < wanted) {
                    chosen |= 1 << random.nextInt(8);
                }
                List<String> tags = new ArrayList<>();
                for (int t = 0; t < 8; t++) {
                    if ((chosen & (1 << t)) != 0) {
                        tags.add("tag" + t);
                    }
                }
                index++;
                return Record.builder().set("value", value).set("type", type(rank)).set("verified", verified)
                        .set("received_at", Instant.ofEpochMilli(receivedAt)).set("size", size)
                        .set("tags", tags.isEmpty() ? null : tags).build();
            }
        };
    }
}
