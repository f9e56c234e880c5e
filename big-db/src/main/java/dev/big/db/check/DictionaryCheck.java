package dev.big.db.check;

import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.engine.Fragment;
import dev.big.engine.coords.Coords;
import dev.big.engine.dict.Dictionary;
import dev.big.page.ContainerKind;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A keyed or set field's dictionary, both ways: every value by hash sits under its own hash and
 * names an id whose value by id is the same string; every id by id is reached from its value
 * exactly once; no value has two ids; and every id lies below the field's next dictionary id in
 * the catalog, so the next new value never gets an id already given.
 *
 * <p>One walk of each tree. The by-id walk keeps each id with the hash of its value; the by-hash
 * walk finds each entry's id among them by binary search, and compares hashes, not strings: two
 * values that differ between the trees would have to collide in 64 bits to pass. A string is read
 * again only to describe a problem.
 */
final class DictionaryCheck {

    /** Longest value quoted in a message, in characters. */
    private static final int QUOTE_CHARS = 60;

    private final CheckScope scope;
    private final FieldInfo field;
    private final String name;
    private final Fragment byId;
    private final Fragment byHash;
    private long[] ids = new long[1024];
    private long[] hashes = new long[1024];
    private int count;
    private boolean[] reached;
    /** The largest id at or above the catalog's next dictionary id, and its value; null while there is none. */
    private long largest;
    private byte[] largestValue;

    private DictionaryCheck(CheckScope scope, TableInfo table, FieldInfo field) {
        this.scope = scope;
        this.field = field;
        this.name = CheckScope.name(table, field);
        this.byId = scope.txn.fragment(Coords.fragmentKey(field.fieldId(), Dictionary.VIEW_BY_ID, 0));
        this.byHash = scope.txn.fragment(Coords.fragmentKey(field.fieldId(), Dictionary.VIEW_BY_HASH, 0));
    }

    /** Checks the dictionary of {@code field}; returns its ids, ascending. */
    static long[] check(CheckScope scope, TableInfo table, FieldInfo field) {
        DictionaryCheck check = new DictionaryCheck(scope, table, field);
        check.readIds();
        check.readValues();
        check.reportUnreached();
        return Arrays.copyOf(check.ids, check.count);
    }

    private void readIds() {
        byId.forEachCell(0, -1L, view -> {
            long id = view.key();
            if (view.kind() != ContainerKind.BYTES) {
                scope.problem("dictionary", name + ": id " + id + " holds a container, not a value");
                return true;
            }
            if (id < 0) {
                scope.problem("dictionary", name + ": id " + Long.toUnsignedString(id) + " is past every record id"
                        + " a dictionary can give");
                return true;
            }
            if (id >= field.nextDictId()) {
                largest = id;
                largestValue = view.bytes();
            }
            if (count == ids.length) {
                ids = Arrays.copyOf(ids, count * 2);
                hashes = Arrays.copyOf(hashes, count * 2);
            }
            ids[count] = id;
            hashes[count++] = Dictionary.hash(view.bytes());
            return true;
        });
        reached = new boolean[count];
        if (largestValue != null) {
            scope.problem("next dictionary id", name + ": the catalog's next dictionary id is " + field.nextDictId()
                    + ", at or below id " + largest + ", the largest in the dictionary (value " + quote(largestValue)
                    + "): the next new value would get an id already given");
        }
    }

    private void readValues() {
        byHash.forEachCell(0, -1L, view -> {
            if (view.kind() != ContainerKind.BYTES) {
                scope.problem("dictionary", name + ": hash " + Long.toHexString(view.key())
                        + " holds a container, not values");
                return true;
            }
            List<byte[]> bucket = new ArrayList<>();
            for (Entry entry : entries(view.key(), view.bytes())) {
                checkEntry(view.key(), entry);
                for (byte[] earlier : bucket) {
                    if (Arrays.equals(earlier, entry.utf8())) {
                        scope.problem("dictionary", name + ": value " + quote(entry.utf8()) + " is in the dictionary twice"
                                + " by value (one of them with id " + entry.id() + "): lookups find only the first");
                    }
                }
                bucket.add(entry.utf8());
            }
            return true;
        });
    }

    private void checkEntry(long bucketHash, Entry entry) {
        long hash = Dictionary.hash(entry.utf8());
        if (hash != bucketHash) {
            scope.problem("dictionary", name + ": value " + quote(entry.utf8()) + " is kept under hash "
                    + Long.toHexString(bucketHash) + " but hashes to " + Long.toHexString(hash)
                    + ": lookups of it look elsewhere and find no records");
        }
        int at = Arrays.binarySearch(ids, 0, count, entry.id());
        if (at < 0) {
            scope.problem("dictionary", name + ": value " + quote(entry.utf8()) + " maps to id " + entry.id()
                    + " by value, but id " + entry.id() + " has no value by id: records with it cannot be read");
            return;
        }
        if (reached[at]) {
            scope.problem("dictionary", name + ": id " + entry.id() + " is given to more than one value by value (one"
                    + " is " + quote(entry.utf8()) + "): a filter on either finds the records of both");
        }
        reached[at] = true;
        if (hashes[at] != hash) {
            scope.problem("dictionary", name + ": value " + quote(entry.utf8()) + " maps to id " + entry.id()
                    + " by value, but id " + entry.id() + " maps to " + quote(byId.getBytes(entry.id()))
                    + " by id: filters and the values read back disagree");
        }
    }

    /** Ids no value led to: a value without an entry by value, or a value given a second id. */
    private void reportUnreached() {
        for (int at = 0; at < count; at++) {
            if (reached[at]) {
                continue;
            }
            byte[] utf8 = byId.getBytes(ids[at]);
            Entry other = null;
            byte[] bucket = byHash.getBytes(hashes[at]);
            if (bucket != null) {
                for (Entry entry : entries(hashes[at], bucket)) {
                    if (Arrays.equals(entry.utf8(), utf8)) {
                        other = entry;
                    }
                }
            }
            if (other != null) {
                scope.problem("dictionary", name + ": value " + quote(utf8) + " has two ids: " + other.id()
                        + " (both ways) and " + ids[at] + " (by id only); records with id " + ids[at]
                        + " are found by no filter on the value");
            } else {
                scope.problem("dictionary", name + ": id " + ids[at] + " maps to " + quote(utf8) + " by id, but that"
                        + " value has no entry by value: filters on it find no records");
            }
        }
    }

    private record Entry(long id, byte[] utf8) {}

    /** The entries of a by-hash bucket: {@code (Id:u64 Length:u16 UTF-8 bytes)^n}, see {@link Dictionary}. */
    private List<Entry> entries(long bucketHash, byte[] bucket) {
        List<Entry> entries = new ArrayList<>();
        ByteBuffer in = ByteBuffer.wrap(bucket).order(ByteOrder.LITTLE_ENDIAN);
        while (in.hasRemaining()) {
            if (in.remaining() < Long.BYTES + Short.BYTES) {
                scope.problem("dictionary", name + ": the entries under hash " + Long.toHexString(bucketHash)
                        + " end in " + in.remaining() + " stray bytes");
                break;
            }
            long id = in.getLong();
            int length = Short.toUnsignedInt(in.getShort());
            if (length > in.remaining()) {
                scope.problem("dictionary", name + ": the entry of id " + id + " under hash "
                        + Long.toHexString(bucketHash) + " claims " + length + " bytes, " + in.remaining() + " are left");
                break;
            }
            byte[] utf8 = new byte[length];
            in.get(utf8);
            entries.add(new Entry(id, utf8));
        }
        return entries;
    }

    /** A value for a message: quoted, control characters escaped, long ones cut. */
    static String quote(byte[] utf8) {
        if (utf8 == null) {
            return "(none)";
        }
        String value = new String(utf8, StandardCharsets.UTF_8);
        StringBuilder out = new StringBuilder("\"");
        value.codePoints().limit(QUOTE_CHARS).forEach(c -> {
            if (c < 0x20 || c == 0x7F || c == '"' || c == '\\') {
                out.append(String.format("\\u%04x", c));
            } else {
                out.appendCodePoint(c);
            }
        });
        return out.append(value.codePointCount(0, value.length()) > QUOTE_CHARS ? "...\"" : "\"").toString();
    }
}
