package dev.big.engine;

import dev.big.engine.tree.Tree;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * A deterministic multi-commit workload for crash tests: commit {@code i} applies changes derived
 * only from {@code seed} and {@code i}, and stamps {@code i} into the catalog, so the state after
 * any commit can be recomputed and compared.
 */
final class CommitWorkload {

    static final long STAMP_KEY = 1;
    /** A stamp for fixtures that are not part of the numbered workload. */
    static final int COMMITS_STAMP = 4242;

    /** Applies the changes of commit {@code i} to {@code txn} and to {@code model}. */
    static void apply(long seed, int i, Txn txn, Map<Long, TreeMap<Long, BitSet>> model) {
        Random random = new Random(seed * 1_000_003L + i);
        WriteTxn write = txn instanceof WriteTxn w ? w : null;
        int changes = 1 + random.nextInt(12);
        for (int c = 0; c < changes; c++) {
            long fragment = random.nextInt(3);
            long key = random.nextInt(random.nextBoolean() ? 20 : 2000);
            TreeMap<Long, BitSet> tree = model.computeIfAbsent(fragment, f -> new TreeMap<>(Long::compareUnsigned));
            int op = random.nextInt(10);
            Tree target = write == null ? null : Tree.of(write, fragment);
            if (op < 5) {
                BitSet bits = ContainerData.randomBits(random);
                if (target != null) {
                    target.put(key, ContainerData.toContainer(bits));
                }
                tree.put(key, bits);
            } else if (op < 8) {
                int bit = random.nextInt(65536);
                if (target != null) {
                    target.addBit(key, bit);
                }
                tree.computeIfAbsent(key, k -> new BitSet()).set(bit);
            } else {
                if (target != null) {
                    target.remove(key);
                }
                tree.remove(key);
            }
        }
        if (write != null) {
            write.catalog().putBytes(STAMP_KEY, longBytes(i));
        }
    }

    /** The model after commits {@code 1..commits}. */
    static Map<Long, TreeMap<Long, BitSet>> modelAfter(long seed, int commits) {
        Map<Long, TreeMap<Long, BitSet>> model = new HashMap<>();
        for (long f = 0; f < 3; f++) {
            model.put(f, new TreeMap<>(Long::compareUnsigned));
        }
        for (int i = 1; i <= commits; i++) {
            apply(seed, i, null, model);
        }
        return model;
    }

    /** The models after 0, 1, 2, ... commits. */
    static List<Map<Long, TreeMap<Long, BitSet>>> models(long seed, int commits) {
        List<Map<Long, TreeMap<Long, BitSet>>> models = new ArrayList<>();
        for (int i = 0; i <= commits; i++) {
            models.add(modelAfter(seed, i));
        }
        return models;
    }

    /** The commit stamped into a store's catalog (0 if none). */
    static int stamp(Txn txn) {
        byte[] bytes = txn.catalog().getBytes(STAMP_KEY);
        return bytes == null ? 0 : (int) java.nio.ByteBuffer.wrap(bytes).getLong();
    }

    static byte[] longBytes(long value) {
        return java.nio.ByteBuffer.allocate(8).putLong(value).array();
    }


    private CommitWorkload() {}

    /**
     * After a fault stopped the workload of {@code seed} at commit {@code done}: every crash image of
     * {@code pager} (one per crash mode, the random ones drawn from {@code random}) reopens at
     * {@code done}, or at the commit after it if the failed one may have landed
     * ({@code failedMayLand}, when fewer than {@code commits} were done); see {@link #assertReopensAt}.
     */
    static void assertEveryCrashImageReopens(dev.big.pager.FaultyPager pager, Random random, long seed,
            List<Map<Long, TreeMap<Long, BitSet>>> models, int done, int commits, boolean failedMayLand, int further,
            String kind) {
        int newest = failedMayLand && done < commits ? done + 1 : done;
        for (dev.big.pager.FaultyPager.CrashMode mode : dev.big.pager.FaultyPager.CrashMode.values()) {
            assertReopensAt(pager.crashImage(mode, random), seed, models, done, newest, further, kind + ", " + mode);
        }
    }

    /**
     * Opens {@code image}, what a crash left of the workload of {@code seed} ({@code models} is its
     * state after each commit), and asserts that it reopened at a commit from {@code oldest} to
     * {@code newest} holding what the model says, that its check is clean, and that it takes
     * {@code further} more commits of the workload, after which it reads as the model says (as far as
     * the models go) and checks clean again. An image whose creation never became durable (no
     * signature yet) is accepted when {@code oldest} is 0.
     */
    static void assertReopensAt(dev.big.pager.MemoryPager image, long seed, List<Map<Long, TreeMap<Long, BitSet>>> models,
            int oldest, int newest, int further, String when) {
        try (Store reopened = Store.open(image)) {
            int stamp;
            try (ReadTxn txn = reopened.beginRead()) {
                stamp = stamp(txn);
                if (stamp < oldest || stamp > newest) {
                    throw new AssertionError("reopened at commit " + stamp + ", expected " + oldest
                            + (newest != oldest ? " to " + newest : "") + " (" + when + ")");
                }
                TreeModelTest.assertSame(txn, models.get(stamp), when);
            }
            var report = reopened.check();
            if (!report.ok()) {
                throw new AssertionError(when + ": " + report.describe());
            }
            for (int next = stamp + 1; next <= stamp + further; next++) {
                try (WriteTxn txn = reopened.beginWrite()) {
                    apply(seed, next, txn, new HashMap<>());
                    txn.commit();
                }
            }
            try (ReadTxn txn = reopened.beginRead()) {
                int after = stamp(txn);
                if (after < models.size()) {
                    TreeModelTest.assertSame(txn, models.get(after), when + ", after further commits");
                }
            }
            var again = reopened.check();
            if (!again.ok()) {
                throw new AssertionError(when + " after further commits: " + again.describe());
            }
        } catch (dev.big.page.BigException e) {
            if (oldest == 0 && e.getMessage().contains("signature")) {
                return;
            }
            throw new AssertionError(when + ": " + e.getMessage(), e);
        }
    }
}
