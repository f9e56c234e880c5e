package dev.big.db.check;

import dev.big.db.FieldType;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.engine.Cell;
import dev.big.engine.Fragment;
import dev.big.engine.coords.Coords;
import dev.big.engine.dict.Dictionary;
import dev.big.engine.dict.SetIds;
import dev.big.page.BigException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

/**
 * A keyed or set field's two copies of each record's value, record by record, both ways. Filters
 * read the rows (a bit per record in the row of each dictionary id it holds); reading a record
 * back reads its id planes (a keyed field's dictionary id, a set field's set id, whose members are
 * dictionary ids). Where they disagree, a filter finds a record under one value and reading it
 * gives another, and every count and "which records have a value" can still add up: two row
 * containers swapped keep them all.
 *
 * <ul>
 * <li>keyed: each row bit of a record is the row of the id its planes give, and each record the
 *     planes give an id is in that row. One look-up in the column's ids per row bit.
 * <li>set (fields that keep set ids): the rows that hold a record are the members of the set its
 *     planes give, no more, no fewer. Each row bit XORs a fingerprint of its value id into its
 *     record's fingerprint, and each record's fingerprint must then equal its set's, the XOR of
 *     its members' fingerprints (computed once per set): an XOR per row bit and one look-up per
 *     record, where looking each bit up among its set's members cost twice as much. The
 *     fingerprint is 64 bits of a bijective mix, so two different sets pass only if their XORs
 *     collide in 64 bits (the dictionary check compares hashes the same way). Records in rows
 *     without a set id are found by word operations on the rows' union.
 * </ul>
 *
 * <p>{@link FieldBitsCheck} walks each rows fragment once and hands every row container here, after
 * this decoded the shard's planes ({@link ColumnIds}). Each record that disagrees counts once,
 * whatever number of its bits do; the first {@value #LISTED_PER_FIELD} of a field are listed with
 * the value each side gives, and the field's total closes the list, so one field's damage neither
 * hides another's nor floods the report. Only a listed record costs more: a set record's rows are
 * found by a walk of its shard's rows.
 */
final class RowsAgainstIdPlanes {

    static final int LISTED_PER_FIELD = 10;
    /** Values of a set quoted in a message before "...". */
    private static final int QUOTED_MEMBERS = 8;
    private static final int COLUMNS = Coords.CONTAINERS_PER_ROW;
    /** What a set whose members cannot be read stands for. */
    private static final long[] UNREADABLE = new long[0];
    /** The fingerprint of a set whose members cannot be read: of value id -1, which no row can be. */
    private static final long UNREADABLE_FINGERPRINT = fingerprint(-1);
    /** Set ids whose fingerprints are kept by index (a long each), at most. */
    private static final int SETS_BY_INDEX = 1 << 20;

    /** What is kept of each field across shards. */
    private static final class FieldState {
        final String name;
        final Fragment dictionary;
        final SetIds setIds;
        /**
         * Set id to the fingerprint of its members, by index for ids below the next set id (they
         * are given densely; a map of boxed ids took most of the check's time), in a map for any
         * other a damaged file may hold; {@code known} says which entries are computed.
         */
        final long[] fingerprintById;
        final boolean[] known;
        final Map<Long, Long> otherFingerprints = new HashMap<>();
        long disagreeing;
        int listed;

        FieldState(CheckScope scope, TableInfo table, FieldInfo field) {
            this.name = CheckScope.name(table, field);
            this.dictionary = scope.txn.fragment(Coords.fragmentKey(field.fieldId(), Dictionary.VIEW_BY_ID, 0));
            this.setIds = field.type() == FieldType.SET ? new SetIds(scope.txn, field.dict()) : null;
            int byIndex = setIds == null ? 0 : (int) Math.min(field.nextSetId(), SETS_BY_INDEX);
            this.fingerprintById = new long[byIndex];
            this.known = new boolean[byIndex];
        }
    }

    private final CheckScope scope;
    private final TableInfo table;
    private final ColumnWords columnWords;
    private final ColumnIds ids;
    private final Map<Integer, FieldState> fields = new HashMap<>();
    /** Keyed: the records whose planes' id a row confirmed, by column. */
    private final long[][] confirmed = new long[COLUMNS][];
    /** Set: the records some row holds, by column. */
    private final long[][] held = new long[COLUMNS][];
    /** Set: the XOR of the fingerprints of the rows that hold each record with a set id, by column. */
    private final long[][] fingerprints = new long[COLUMNS][];
    /** The records already counted as disagreeing, by column. */
    private final long[][] counted = new long[COLUMNS][];
    private FieldState state;
    private Fragment rows;
    private long shard;

    RowsAgainstIdPlanes(CheckScope scope, TableInfo table, ColumnWords columnWords) {
        this.scope = scope;
        this.table = table;
        this.columnWords = columnWords;
        this.ids = new ColumnIds(columnWords);
    }

    /** Whether {@code field} keeps ids in bit planes beside its rows: keyed fields, and set fields with set ids. */
    static boolean applies(FieldInfo field) {
        return field.type() == FieldType.KEYED || (field.type() == FieldType.SET && field.hasSetIds());
    }

    /** Decodes the planes of {@code field} in {@code shard}, ready for its rows; returns what they give. */
    ColumnIds start(FieldInfo field, long shard) {
        this.state = fields.computeIfAbsent(field.fieldId(), id -> new FieldState(scope, table, field));
        this.shard = shard;
        this.rows = scope.txn.fragment(field.rowsFragment(shard));
        ids.read(scope.txn.fragment(field.bsiFragment(shard)), field.bsi().base());
        for (int c = 0; c < COLUMNS; c++) {
            counted[c] = cleared(counted[c]);
            if (state.setIds == null) {
                confirmed[c] = cleared(confirmed[c]);
                continue;
            }
            held[c] = cleared(held[c]);
            long[] exists = ids.exists(c);
            if (exists != null) {
                if (fingerprints[c] == null) {
                    fingerprints[c] = new long[1 << Coords.CONTAINER_BITS];
                }
                for (int i = 0; i < ColumnWords.WORDS; i++) {
                    if (exists[i] != 0) {
                        Arrays.fill(fingerprints[c], i * 64, i * 64 + 64, 0L);
                    }
                }
            }
        }
        return ids;
    }

    private static long[] cleared(long[] words) {
        if (words == null) {
            return new long[ColumnWords.WORDS];
        }
        Arrays.fill(words, 0);
        return words;
    }

    /** Compares row {@code row}'s container of column {@code c} with the planes, record by record. */
    void row(long row, int c, Cell view) {
        if (state.setIds == null) {
            int[] lows = columnWords.lows();
            for (int j = 0, n = columnWords.lows(view); j < n; j++) {
                keyedBit(row, c, lows[j]);
            }
            return;
        }
        view.orWordsInto(held[c]);
        if (fingerprints[c] != null) {
            // Entries of records without a set id take the XOR too and are never read.
            columnWords.xorEach(view, fingerprint(row), fingerprints[c]);
        }
    }

    private void keyedBit(long row, int c, int low) {
        if (!ids.has(c, low)) {
            disagree(c, low, () -> "the rows say " + value(row) + ", the id planes say it has no value: a filter on "
                    + "the value finds it, reading it back gives none");
            return;
        }
        long id = ids.id(c, low);
        if (id == row) {
            confirmed[c][low >>> 6] |= 1L << low;
        } else {
            disagree(c, low, () -> "the rows say " + value(row) + ", the id planes say " + value(id)
                    + ": a filter on the one finds it, reading it back gives the other");
        }
    }

    /** Reports what only the whole shard's rows show, after them: records whose planes' value the rows do not hold. */
    void endShard() {
        for (int c = 0; c < COLUMNS; c++) {
            long[] exists = ids.exists(c);
            if (state.setIds == null) {
                if (exists != null) {
                    unconfirmedKeyed(c, exists);
                }
            } else {
                setsAgainstRows(c, exists);
            }
        }
    }

    private void unconfirmedKeyed(int c, long[] exists) {
        for (int i = 0; i < ColumnWords.WORDS; i++) {
            for (long word = exists[i] & ~confirmed[c][i] & ~counted[c][i]; word != 0; word &= word - 1) {
                int low = i * 64 + Long.numberOfTrailingZeros(word);
                long id = ids.id(c, low);
                disagree(c, low, () -> "the id planes say " + value(id) + ", no row holds it: reading it back gives the"
                        + " value, no filter on it finds it");
            }
        }
    }

    private void setsAgainstRows(int c, long[] exists) {
        for (int i = 0; i < ColumnWords.WORDS; i++) {
            long withSet = exists == null ? 0 : exists[i];
            for (long word = held[c][i] & ~withSet; word != 0; word &= word - 1) {
                int low = i * 64 + Long.numberOfTrailingZeros(word);
                disagree(c, low, () -> "the rows say it holds " + values(rowsHolding(c, low)) + ", the set id planes"
                        + " say it has no set: a filter on its values finds it, reading it back gives none");
            }
            for (long word = withSet; word != 0; word &= word - 1) {
                int low = i * 64 + Long.numberOfTrailingZeros(word);
                long setId = ids.id(c, low);
                if (fingerprints[c][low] != setFingerprint(setId)) {
                    disagree(c, low, () -> "the rows say it holds " + values(rowsHolding(c, low)) + ", its set id "
                            + setId + says(members(setId)) + ": filters find it under the one, reading it back gives"
                            + " the other");
                }
            }
        }
    }

    private String says(long[] members) {
        return members == UNREADABLE ? " names no set (its members cannot be read)" : " says " + values(members);
    }

    /** Lists each field's total of disagreeing records where more disagree than are listed; call once, at the end. */
    void finish() {
        for (FieldState field : fields.values()) {
            if (field.disagreeing > field.listed) {
                scope.problem("field values", field.name + ": " + field.disagreeing + " record(s) in all whose rows and "
                        + (field.setIds == null ? "id planes" : "set ids") + " disagree, " + field.listed + " listed above:"
                        + " filters and the values read back disagree on each (restore the file from a backup; an"
                        + " export carries the disagreement, and an import refuses it)");
            }
        }
    }

    /** Counts record {@code low} of column {@code c} as disagreeing, once, and lists it while the field's list has room. */
    private void disagree(int c, int low, Supplier<String> why) {
        long bit = 1L << low;
        if ((counted[c][low >>> 6] & bit) != 0) {
            return;
        }
        counted[c][low >>> 6] |= bit;
        state.disagreeing++;
        if (state.listed < LISTED_PER_FIELD) {
            state.listed++;
            long record = Coords.recordId(shard, (c << Coords.CONTAINER_BITS) | low);
            scope.problem("field values", state.name + ", record " + record + ": " + why.get());
        }
    }

    /**
     * A value id's fingerprint: SplitMix64's finalizer of the id plus its increment, a bijection,
     * so distinct ids never share one, and 0 (the empty set's) belongs to no id a dictionary gives.
     */
    private static long fingerprint(long valueId) {
        long z = valueId + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The fingerprint of set {@code setId}'s members, computed once per field. */
    private long setFingerprint(long setId) {
        boolean byIndex = setId >= 0 && setId < state.known.length;
        if (byIndex && state.known[(int) setId]) {
            return state.fingerprintById[(int) setId];
        }
        Long other = byIndex ? null : state.otherFingerprints.get(setId);
        if (other != null) {
            return other;
        }
        long[] members = members(setId);
        long fingerprint = members == UNREADABLE ? UNREADABLE_FINGERPRINT : 0;
        for (long member : members) {
            fingerprint ^= fingerprint(member);
        }
        if (byIndex) {
            state.fingerprintById[(int) setId] = fingerprint;
            state.known[(int) setId] = true;
        } else {
            state.otherFingerprints.put(setId, fingerprint);
        }
        return fingerprint;
    }

    /** The members of set {@code setId} (value ids, ascending), or {@link #UNREADABLE}. */
    private long[] members(long setId) {
        try {
            return state.setIds.members(setId);
        } catch (BigException e) {
            return UNREADABLE;
        }
    }

    /** The value ids of the rows that hold record {@code low} of column {@code c}: a walk of the shard's rows, for a message. */
    private long[] rowsHolding(int c, int low) {
        LongStream.Builder found = LongStream.builder();
        rows.forEachCell(0, -1L, view -> {
            if (Coords.containerColumnOfKey(view.key()) == c && view.contains(low)) {
                found.add(Coords.rowOfKey(view.key()));
            }
            return true;
        });
        return found.build().toArray();
    }

    /** A dictionary id as a message shows it: its value, quoted, and the id. */
    private String value(long id) {
        byte[] utf8 = id >= 0 ? state.dictionary.getBytes(id) : null;
        return (utf8 == null ? "no value in the dictionary" : DictionaryCheck.quote(utf8)) + " (id " + id + ")";
    }

    /** Value ids as a message shows a set: {"a" (id 3), "b" (id 5)}. */
    private String values(long[] valueIds) {
        return Arrays.stream(valueIds).limit(QUOTED_MEMBERS).mapToObj(this::value).collect(Collectors.joining(", ", "{",
                valueIds.length > QUOTED_MEMBERS ? ", ...}" : "}"));
    }
}
