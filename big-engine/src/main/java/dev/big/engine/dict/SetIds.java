package dev.big.engine.dict;

import dev.big.engine.Txn;
import dev.big.engine.WriteTxn;
import dev.big.engine.coords.Coords;
import dev.big.engine.rows.RowReader;
import dev.big.engine.tree.Tree;
import dev.big.page.BigException;
import dev.big.page.Checksums;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.roaringbitmap.IntIterator;
import org.roaringbitmap.RoaringBitmap;

/**
 * The distinct sets a set field's records hold, each with an id, so that a record's set is one
 * number: the field keeps each record's set id as bit planes (view BSI, base 0, per shard; its
 * exists row marks the records that have a set, the empty set included), next to the row per
 * value (view ROWS) that filters read. Reading or replacing one record's set is then a point read
 * of its id and of that set's members, whatever the number of distinct values the field has.
 *
 * <pre>
 * by hash (view 4, shard 0): key = xxHash3-64 of Members --&gt; Entry^n   (n &gt; 1 only on a hash collision)
 * members (view 5, shard k): row = set id, column = value id - k * 2^20 (value ids k * 2^20 .. k * 2^20 + 2^20 - 1)
 * Entry                      --&gt; SetId:u64 Records:u64
 * Members                    --&gt; the value ids, ascending, each a u64 little-endian (hashed, not stored)
 * </pre>
 *
 * <p>Set id 0 is the empty set: it has no entry and no members, and needs no count. Other ids are
 * assigned from 1 in the order sets are first written ({@link DictField#nextSetId()} is the next)
 * and never reused. Records counts the records holding the set; when a commit leaves a set with no
 * record, its entry and members go with that commit, so sets replaced by updates do not pile up.
 *
 * <p>A write transaction's object collects count changes and applies them at {@link #flush()}.
 */
public final class SetIds {

    public static final int VIEW_BY_HASH = 4;
    public static final int VIEW_MEMBERS = 5;
    /** The empty set's id. */
    public static final long EMPTY = 0;
    /** Sets cached per snapshot at most (members by id), as the dictionary caches names. */
    public static final int CACHE_LIMIT = 65_536;
    private static final int ENTRY_BYTES = 16;
    private static final long[] NO_MEMBERS = new long[0];

    private record CacheKey(int fieldId) {}

    /** A set's members as a map key. */
    private record Members(long[] ids) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Members m && Arrays.equals(ids, m.ids);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(ids);
        }
    }

    private final Txn txn;
    private final DictField field;
    private final Tree byHash;
    private final Map<Long, long[]> membersById;
    private final Map<Members, Long> idsByMembers = new HashMap<>();
    /** Count changes waiting for {@link #flush()}: set id to the change in its number of records. */
    private final Map<Long, Long> countChanges = new HashMap<>();
    private long nextId;

    public SetIds(Txn txn, DictField field) {
        if (!field.hasSetIds()) {
            throw new IllegalArgumentException("field '" + field.name() + "' keeps no set ids");
        }
        this.txn = txn;
        this.field = field;
        this.byHash = Tree.of(txn, Coords.fragmentKey(field.fieldId(), VIEW_BY_HASH, 0));
        this.membersById = txn instanceof WriteTxn ? new HashMap<>()
                : txn.cached(new CacheKey(field.fieldId()), k -> new ConcurrentHashMap<Long, long[]>());
        this.nextId = field.nextSetId();
    }

    /** The next id to assign; the writer stores it in the field's catalog entry. */
    public long nextId() {
        return nextId;
    }

    /** The value ids of set {@code id}, ascending (empty for {@link #EMPTY}). */
    public long[] members(long id) {
        if (id == EMPTY) {
            return NO_MEMBERS;
        }
        long[] members = membersById.get(id);
        if (members != null) {
            return members;
        }
        RowReader rows = new RowReader();
        long lastShard = Math.max(0, field.nextValueId() - 1) >>> Coords.SHARD_WIDTH_BITS;
        long[] found = NO_MEMBERS;
        int n = 0;
        for (long shard = 0; shard <= lastShard; shard++) {
            RoaringBitmap all = rows.row(Tree.of(txn, Coords.fragmentKey(field.fieldId(), VIEW_MEMBERS, shard)), id);
            if (all.isEmpty()) {
                continue;
            }
            found = Arrays.copyOf(found, n + all.getCardinality());
            IntIterator it = all.getIntIterator();
            while (it.hasNext()) {
                found[n++] = Coords.recordId(shard, it.next());
            }
        }
        if (n == 0) {
            throw new BigException("set field '" + field.name() + "' in " + txn.file() + " has no members for set id "
                    + id + " although a record uses it (damaged file? run big check)");
        }
        if (membersById.size() < CACHE_LIMIT) {
            membersById.put(id, found);
        }
        return found;
    }

    /**
     * The id of the set of {@code members} (value ids, strictly ascending; the array is kept, so
     * the caller must not change it), assigning the next one if no record holds that set (write
     * transactions only). Counts nothing: see {@link #count}.
     */
    public long idOrAssign(long[] members) {
        if (members.length == 0) {
            return EMPTY;
        }
        Members key = new Members(members);
        Long known = idsByMembers.get(key);
        if (known != null) {
            return known;
        }
        long hash = hash(members);
        byte[] bucket = byHash.getBytes(hash);
        if (bucket != null) {
            ByteBuffer in = ByteBuffer.wrap(bucket).order(ByteOrder.LITTLE_ENDIAN);
            while (in.hasRemaining()) {
                long id = in.getLong();
                in.getLong();
                if (Arrays.equals(members(id), members)) {
                    remember(key, id);
                    return id;
                }
            }
        }
        long id = nextId++;
        ByteBuffer out = ByteBuffer.allocate((bucket == null ? 0 : bucket.length) + ENTRY_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        if (bucket != null) {
            out.put(bucket);
        }
        out.putLong(id).putLong(0);
        if (out.capacity() > dev.big.page.LeafPage.MAX_PAYLOAD_BYTES) {
            throw new BigException("too many sets of field '" + field.name() + "' share one 64-bit hash");
        }
        byHash.putBytes(hash, out.array());
        writeMembers(id, members, true);
        membersById.put(id, members);
        remember(key, id);
        return id;
    }

    private void remember(Members key, long id) {
        if (idsByMembers.size() < CACHE_LIMIT) {
            idsByMembers.put(key, id);
        }
    }

    /** Records that {@code delta} more records (fewer if negative) hold set {@code id}; applied at {@link #flush()}. */
    public void count(long id, long delta) {
        if (id != EMPTY) {
            countChanges.merge(id, delta, Long::sum);
        }
    }

    /**
     * Applies the count changes: each set's entry gets its new number of records, and a set left
     * with none loses its entry and its members. Call once, before commit.
     */
    public void flush() {
        for (var change : countChanges.entrySet()) {
            long id = change.getKey();
            long delta = change.getValue();
            if (delta == 0) {
                continue;
            }
            long[] members = members(id);
            long hash = hash(members);
            byte[] bucket = byHash.getBytes(hash);
            int at = bucket == null ? -1 : entryOf(bucket, id);
            if (at < 0) {
                throw new BigException("set field '" + field.name() + "' in " + txn.file() + " has no entry for set id "
                        + id + " although a record uses it (damaged file? run big check)");
            }
            ByteBuffer entries = ByteBuffer.wrap(bucket).order(ByteOrder.LITTLE_ENDIAN);
            long records = entries.getLong(at + 8) + delta;
            if (records < 0) {
                throw new BigException("set field '" + field.name() + "' in " + txn.file() + ": set id " + id
                        + " would be held by " + records + " records (damaged file? run big check)");
            }
            if (records > 0) {
                entries.putLong(at + 8, records);
                byHash.putBytes(hash, bucket);
                continue;
            }
            if (bucket.length == ENTRY_BYTES) {
                byHash.remove(hash);
            } else {
                byte[] rest = new byte[bucket.length - ENTRY_BYTES];
                System.arraycopy(bucket, 0, rest, 0, at);
                System.arraycopy(bucket, at + ENTRY_BYTES, rest, at, bucket.length - at - ENTRY_BYTES);
                byHash.putBytes(hash, rest);
            }
            writeMembers(id, members, false);
            membersById.remove(id);
            idsByMembers.remove(new Members(members));
        }
        countChanges.clear();
    }

    /** The offset of set {@code id}'s entry in {@code bucket}, or -1. */
    private static int entryOf(byte[] bucket, long id) {
        ByteBuffer in = ByteBuffer.wrap(bucket).order(ByteOrder.LITTLE_ENDIAN);
        for (int at = 0; at + ENTRY_BYTES <= bucket.length; at += ENTRY_BYTES) {
            if (in.getLong(at) == id) {
                return at;
            }
        }
        return -1;
    }

    /** Sets (or clears) the bits of set {@code id}'s row in the members trees, a container at a time. */
    private void writeMembers(long id, long[] members, boolean set) {
        WriteTxn write = (WriteTxn) txn;
        int from = 0;
        char[] lows = new char[members.length];
        while (from < members.length) {
            long shard = Coords.shard(members[from]);
            int containerColumn = Coords.containerColumn(Coords.column(members[from]));
            int to = from;
            while (to < members.length && Coords.shard(members[to]) == shard
                    && Coords.containerColumn(Coords.column(members[to])) == containerColumn) {
                lows[to] = (char) Coords.low(Coords.column(members[to]));
                to++;
            }
            Tree tree = Tree.of(write, Coords.fragmentKey(field.fieldId(), VIEW_MEMBERS, shard));
            long key = Coords.containerKeyOf(id, containerColumn);
            if (set) {
                tree.addBits(key, lows, from, to);
            } else {
                tree.remove(key);
            }
            from = to;
        }
    }

    /** The key of a set in the by-hash tree: xxHash3-64 of its value ids as little-endian u64s. */
    public static long hash(long[] members) {
        ByteBuffer bytes = ByteBuffer.allocate(members.length * Long.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (long member : members) {
            bytes.putLong(member);
        }
        return Checksums.xxh3(bytes.array(), 0, bytes.capacity());
    }
}
