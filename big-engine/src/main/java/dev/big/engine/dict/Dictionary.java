package dev.big.engine.dict;

import dev.big.engine.Txn;
import dev.big.engine.WriteTxn;
import dev.big.engine.coords.Coords;
import dev.big.engine.tree.Tree;
import dev.big.page.BigException;
import dev.big.page.Checksums;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The strings of a keyed or set field and their ids (which are the field's row numbers). Two
 * trees of the field, so lookups scale to millions of distinct values and a commit touches only
 * the paths of the values it adds:
 *
 * <pre>
 * by hash (view 2, shard 0): key = xxHash3-64 of the UTF-8 bytes --&gt; Entry^n  (n &gt; 1 only on a hash collision)
 * by id   (view 3, shard 0): key = id                           --&gt; UTF-8 bytes
 * Entry   --&gt; Id:u64 Length:u16 UTF-8 bytes
 * </pre>
 *
 * Ids are assigned densely from 0 in the order values are first written.
 */
public final class Dictionary {

    public static final int VIEW_BY_HASH = 2;
    public static final int VIEW_BY_ID = 3;
    /** Names cached per snapshot at most; past that, lookups go to the tree (memory stays bounded). */
    public static final int NAME_CACHE_LIMIT = 65_536;
    /** The longest value a keyed or set field accepts, in UTF-8 bytes. */
    public static final int MAX_VALUE_BYTES = 1000;

    private record CacheKey(int fieldId) {}

    private final Txn txn;
    private final DictField field;
    private final Tree byHash;
    private final Tree byId;
    private final Map<Long, String> names;
    private final Map<String, Long> assigned = new HashMap<>();
    /** Values this dictionary object already looked up (one batch or one query): ids never change once given. */
    private final Map<String, Long> found = new HashMap<>();
    private long nextId;

    public Dictionary(Txn txn, DictField field) {
        this.txn = txn;
        this.field = field;
        this.byHash = Tree.of(txn, Coords.fragmentKey(field.fieldId(), VIEW_BY_HASH, 0));
        this.byId = Tree.of(txn, Coords.fragmentKey(field.fieldId(), VIEW_BY_ID, 0));
        this.names = txn instanceof WriteTxn ? new HashMap<>()
                : txn.cached(new CacheKey(field.fieldId()), k -> new ConcurrentHashMap<Long, String>());
        this.nextId = field.nextValueId();
    }

    /** The id of {@code value}, if the field has ever held it. */
    public OptionalLong id(String value) {
        Long known = assigned.get(value);
        if (known == null) {
            known = found.get(value);
        }
        if (known != null) {
            return OptionalLong.of(known);
        }
        if (unpairedSurrogate(value) >= 0) {
            return OptionalLong.empty(); // never stored; encoding it would find the string with '?' in its place
        }
        byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
        if (utf8.length > MAX_VALUE_BYTES) {
            return OptionalLong.empty();
        }
        byte[] bucket = byHash.getBytes(hash(utf8));
        if (bucket == null) {
            return OptionalLong.empty();
        }
        ByteBuffer in = ByteBuffer.wrap(bucket).order(ByteOrder.LITTLE_ENDIAN);
        while (in.hasRemaining()) {
            long id = in.getLong();
            byte[] candidate = new byte[Short.toUnsignedInt(in.getShort())];
            in.get(candidate);
            if (java.util.Arrays.equals(candidate, utf8)) {
                if (found.size() < NAME_CACHE_LIMIT) {
                    found.put(value, id);
                }
                return OptionalLong.of(id);
            }
        }
        return OptionalLong.empty();
    }

    /** The string with id {@code id}. */
    public String value(long id) {
        String name = names.get(id);
        if (name == null) {
            byte[] utf8 = byId.getBytes(id);
            if (utf8 == null) {
                throw new BigException("dictionary of field '" + field.name() + "' in " + txn.file()
                        + " has no value for id " + id + " although a record uses it (damaged file? run big check)");
            }
            name = new String(utf8, StandardCharsets.UTF_8);
            if (names.size() < NAME_CACHE_LIMIT) {
                names.put(id, name);
            }
        }
        return name;
    }

    /** The index of the first unpaired UTF-16 surrogate in {@code value}, or -1 if it is well-formed. */
    public static int unpairedSurrogate(String value) {
        int length = value.length();
        for (int i = 0; i < length; i++) {
            char c = value.charAt(i);
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < length && Character.isLowSurrogate(value.charAt(i + 1))) {
                    i++;
                } else {
                    return i;
                }
            }
        }
        return -1;
    }

    /** The id of {@code value}, assigning the next one if the field never held it (write transactions only). */
    public long idOrAssign(String value) {
        OptionalLong existing = id(value);
        if (existing.isPresent()) {
            return existing.getAsLong();
        }
        byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
        long id = nextId++;
        long hash = hash(utf8);
        byte[] bucket = byHash.getBytes(hash);
        ByteBuffer out = ByteBuffer.allocate((bucket == null ? 0 : bucket.length) + 10 + utf8.length)
                .order(ByteOrder.LITTLE_ENDIAN);
        if (bucket != null) {
            out.put(bucket);
        }
        out.putLong(id).putShort((short) utf8.length).put(utf8);
        if (out.capacity() > dev.big.page.LeafPage.MAX_PAYLOAD_BYTES) {
            throw new BigException("too many values of field '" + field.name() + "' share one 64-bit hash");
        }
        byHash.putBytes(hash, out.array());
        byId.putBytes(id, utf8);
        assigned.put(value, id);
        if (names.size() < NAME_CACHE_LIMIT) {
            names.put(id, value);
        }
        return id;
    }

    /** The next id to assign; the writer stores it in the field's catalog entry. */
    public long nextId() {
        return nextId;
    }

    /** Visits every (id, value) in id order. */
    public void forEach(java.util.function.ObjLongConsumer<String> visitor) {
        byId.forEach(0, -1L, view -> {
            visitor.accept(new String(view.bytes(), StandardCharsets.UTF_8), view.key());
            return true;
        });
    }

    /** The key of a value in the by-hash tree. */
    public static long hash(byte[] utf8) {
        return Checksums.xxh3(utf8, 0, utf8.length);
    }
}
