package dev.big.reliability;

import dev.big.db.Aggregate;
import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Filter;
import dev.big.db.GroupCount;
import dev.big.db.Order;
import dev.big.db.Row;
import dev.big.db.Snapshot;
import dev.big.db.TableDef;
import dev.big.db.sql.SqlEngine;
import java.math.BigInteger;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * The multi-process battery's workload and what every single commit of it must satisfy, so that a
 * reader in any process can check any snapshot it gets without knowing which commit it is.
 *
 * <p>Commit {@code c} of the writer puts batch {@code c}: {@value #BATCH} records with
 * {@code v = 1, b = c, k = "k" + c % 7}, and, once {@value #WINDOW} batches exist, deletes batch
 * {@code c - WINDOW}. So the table always holds exactly the batches {@code lo..hi} with
 * {@code lo = max(0, hi - WINDOW + 1)}, and in every commit:
 * <pre>
 *   count = sum(v) = BATCH x (hi - lo + 1)
 *   sum(b)         = BATCH x (lo + ... + hi)
 *   count(b >= x)  = BATCH x (hi - max(lo, x) + 1)
 *   record id      exists exactly when its batch is in lo..hi, and holds v = 1, b = that batch
 *   group counts of k add up to count (k is rewritten by single-record updates, which change nothing else)
 * </pre>
 * A read mixing two commits, or reading a page reused under it, breaks one of these. Record ids
 * wrap around {@value #SLOTS} slots of one batch each ({@code SLOTS x BATCH < 2^20}), so the table
 * stays in one shard however long the writer runs and the file can plateau; slot {@code c % SLOTS}
 * holds batch {@code c} while it is in the window.
 */
final class BatchWindow {

    static final String TABLE = "batches";
    static final int BATCH = 250;
    static final int WINDOW = 20;
    static final int SLOTS = 4096;
    static final int KEYS = 7;

    static TableDef table() {
        return TableDef.of(TABLE, FieldDef.intField("v"), FieldDef.intField("b"), FieldDef.keyed("k"));
    }

    /** The id of the first record of batch {@code batch}. */
    static long firstId(long batch) {
        return (batch % SLOTS) * BATCH;
    }

    static Row record(long batch) {
        return Row.of("v", 1L, "b", batch, "k", "k" + batch % KEYS);
    }

    /**
     * What one snapshot answered: its commit, and the answers that must not change for as long as
     * it stays open. {@code lo = hi = -1} for an empty table.
     */
    record Observation(long txid, long count, long lo, long hi, BigInteger sumB) {

        /** How many batches the writer had committed when it made this commit. */
        long batches() {
            return hi + 1;
        }

        @Override
        public String toString() {
            return "txid " + txid + ": count " + count + ", batches " + lo + ".." + hi + ", sum(b) " + sumB;
        }
    }

    /**
     * Asks {@code snapshot} the aggregates (through SQL) and a few random probes (typed queries),
     * adding each answer that breaks the invariants to {@code problems} and each answer checked
     * to {@code reads[0]}. Returns the aggregates, to compare with a later ask of the same snapshot.
     */
    static Observation observe(Snapshot snapshot, SplittableRandom random, List<String> problems, long[] reads) {
        long txid = snapshot.txid();
        List<Object> row = SqlEngine.execute(snapshot, "SELECT count(*), sum(v), min(b), max(b), sum(b) FROM " + TABLE)
                .rows().getFirst();
        reads[0]++;
        long count = (Long) row.get(0);
        if (count == 0) {
            Observation empty = new Observation(txid, 0, -1, -1, BigInteger.ZERO);
            probe(snapshot, empty, random, problems, reads);
            return empty;
        }
        long lo = (Long) row.get(2);
        long hi = (Long) row.get(3);
        BigInteger sumB = asBig(row.get(4));
        Observation seen = new Observation(txid, count, lo, hi, sumB);
        BigInteger expectedSumB = BigInteger.valueOf(hi - lo + 1).multiply(BigInteger.valueOf(lo + hi))
                .multiply(BigInteger.valueOf(BATCH)).shiftRight(1);
        if (!BigInteger.valueOf(count).equals(asBig(row.get(1))) || count != BATCH * (hi - lo + 1)
                || lo != Math.max(0, hi - WINDOW + 1) || !expectedSumB.equals(sumB)) {
            problems.add("txid " + txid + ": count, sum(v), min(b), max(b), sum(b) = " + row + " are not the window of one"
                    + " commit (expected count = sum(v) = " + BATCH + " x batches, lo = max(0, hi - " + (WINDOW - 1)
                    + "), sum(b) = " + expectedSumB + ")");
            return seen;
        }
        probe(snapshot, seen, random, problems, reads);
        return seen;
    }

    /**
     * Observes the latest commit of {@code db} as {@link #observe} does, and counts every batch in
     * the window apart: each must hold all its {@value #BATCH} records (none half-applied).
     */
    static Observation observeWhole(Db db, SplittableRandom random, List<String> problems, long[] reads) {
        try (Snapshot s = db.read()) {
            Observation seen = observe(s, random, problems, reads);
            for (long c = seen.lo(); seen.count() > 0 && c <= seen.hi(); c++) {
                long inBatch = s.count(TABLE, Filter.eq("b", c));
                reads[0]++;
                if (inBatch != BATCH) {
                    problems.add("batch " + c + " holds " + inBatch + " records, not " + BATCH + ": half-applied");
                }
            }
            return seen;
        }
    }

    /**
     * Random questions whose answers follow from {@code seen}'s window: counts with and without
     * filters, the group counts, the first and last id, point reads in and just outside the window.
     */
    static void probe(Snapshot s, Observation seen, SplittableRandom random, List<String> problems, long[] reads) {
        long txid = seen.txid();
        long lo = seen.lo();
        long hi = seen.hi();
        expect(problems, reads, txid, "count(*)", seen.count(), s.count(TABLE));
        expect(problems, reads, txid, "count(v = 1)", seen.count(), s.count(TABLE, Filter.eq("v", 1L)));
        long x = seen.count() == 0 ? 0 : lo + random.nextLong(hi - lo + 2);
        expect(problems, reads, txid, "count(b >= " + x + ")", seen.count() == 0 || x > hi ? 0 : BATCH * (hi - Math.max(lo, x) + 1),
                s.count(TABLE, Filter.ge("b", x)));
        Aggregate b = s.aggregate(TABLE, "b", Filter.all());
        expect(problems, reads, txid, "aggregate(b).count", seen.count(), b.count());
        if (!b.sum().equals(seen.sumB())) {
            problems.add("txid " + txid + ": aggregate(b).sum is " + b.sum() + ", the SQL sum was " + seen.sumB());
        }
        long grouped = s.groupCount(TABLE, "k", Filter.all(), -1).stream().mapToLong(GroupCount::count).sum();
        expect(problems, reads, txid, "sum of group counts of k", seen.count(), grouped);
        if (seen.count() > 0) {
            long first = Long.MAX_VALUE;
            long last = -1;
            for (long c = lo; c <= hi; c++) {
                first = Math.min(first, firstId(c));
                last = Math.max(last, firstId(c) + BATCH - 1);
            }
            long[] oldest = s.ids(TABLE, Filter.all(), Order.ASC, 1, null);
            long[] newest = s.ids(TABLE, Filter.all(), Order.DESC, 1, null);
            expect(problems, reads, txid, "first id", first, oldest.length == 0 ? -1 : oldest[0]);
            expect(problems, reads, txid, "last id", last, newest.length == 0 ? -1 : newest[0]);
        }
        for (int p = 0; p < 4; p++) {
            // A batch in the window or up to two beside it: a slot two away from the window holds no
            // batch of it (SLOTS is far larger than WINDOW).
            long c = Math.max(0, (seen.count() == 0 ? 0 : lo) - 2 + random.nextLong(seen.count() == 0 ? 3 : hi - lo + 5));
            long id = firstId(c) + random.nextInt(BATCH);
            boolean present = seen.count() > 0 && c >= lo && c <= hi;
            Optional<Row> record = s.get(TABLE, id);
            reads[0]++;
            if (record.isPresent() != present || present && (!Long.valueOf(c).equals(record.get().get("b"))
                    || !Long.valueOf(1).equals(record.get().get("v")))) {
                problems.add("txid " + txid + " (batches " + lo + ".." + hi + "): record " + id + " (slot of batch " + c + ") reads "
                        + record + ", expected " + (present ? "v = 1, b = " + c : "none"));
            }
        }
    }

    private static void expect(List<String> problems, long[] reads, long txid, String what, long expected, long actual) {
        reads[0]++;
        if (expected != actual) {
            problems.add("txid " + txid + ": " + what + " is " + actual + ", expected " + expected);
        }
    }

    private static BigInteger asBig(Object value) {
        return switch (value) {
            case null -> BigInteger.ZERO;
            case BigInteger big -> big;
            case Long l -> BigInteger.valueOf(l);
            case Number n -> new BigInteger(n.toString());
            default -> throw new IllegalStateException("SQL sum answered " + value.getClass().getSimpleName() + " " + value);
        };
    }

    private BatchWindow() {}
}
