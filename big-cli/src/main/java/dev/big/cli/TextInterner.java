package dev.big.cli;

import java.util.Arrays;

/**
 * The same String for the same characters, for the values of one keyed column: a load reads
 * millions of cells of a few thousand distinct values, so it makes a String per distinct value,
 * not per cell, and the database's dictionary lookups find the instance they saw before. Holds at
 * most {@link #LIMIT} values; past that, cells become new Strings as they would without it.
 */
final class TextInterner {

    static final int LIMIT = 1 << 16;

    private String[] table = new String[1024];
    /** Each value's characters, compared with a cell's in one vectorised call. */
    private char[][] chars = new char[1024][];
    private int[] hashes = new int[1024];
    private int size;

    /** The String of {@code chars[from, to)}. */
    String intern(char[] chars, int from, int to) {
        int hash = 1;
        for (int i = from; i < to; i++) {
            hash = 31 * hash + chars[i];
        }
        int mask = table.length - 1;
        for (int slot = mix(hash) & mask; ; slot = (slot + 1) & mask) {
            String known = table[slot];
            if (known == null) {
                String value = new String(chars, from, to - from);
                if (size < LIMIT) {
                    table[slot] = value;
                    this.chars[slot] = value.toCharArray();
                    hashes[slot] = hash;
                    if (++size * 2 > table.length) {
                        grow();
                    }
                }
                return value;
            }
            if (hashes[slot] == hash && same(this.chars[slot], chars, from, to)) {
                return known;
            }
        }
    }

    /**
     * Whether {@code known} holds {@code chars[from, to)}. Short values (codes, names) are compared
     * in a loop: the vectorised compare's call cost more than the compare (5% of a CSV load's
     * parsing thread, of three-letter codes).
     */
    private static boolean same(char[] known, char[] chars, int from, int to) {
        int length = to - from;
        if (known.length != length) {
            return false;
        }
        if (length > 16) {
            return Arrays.equals(known, 0, length, chars, from, to);
        }
        for (int i = 0; i < length; i++) {
            if (known[i] != chars[from + i]) {
                return false;
            }
        }
        return true;
    }

    private static int mix(int hash) {
        return hash ^ (hash >>> 16) * 0x85EBCA6B;
    }

    private void grow() {
        String[] oldTable = table;
        char[][] oldChars = chars;
        int[] oldHashes = hashes;
        table = new String[oldTable.length * 2];
        chars = new char[oldTable.length * 2][];
        hashes = new int[oldTable.length * 2];
        int mask = table.length - 1;
        for (int i = 0; i < oldTable.length; i++) {
            if (oldTable[i] != null) {
                int slot = mix(oldHashes[i]) & mask;
                while (table[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                table[slot] = oldTable[i];
                chars[slot] = oldChars[i];
                hashes[slot] = oldHashes[i];
            }
        }
    }

}
