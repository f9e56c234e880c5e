package dev.big.trino;

import dev.big.db.FieldHandle;
import dev.big.db.ShardScan;
import dev.big.db.TableHandle;
import dev.big.db.TimeTruncation;
import io.airlift.slice.Slices;
import io.trino.spi.block.ArrayBlock;
import io.trino.spi.block.Bitmap;
import io.trino.spi.block.Block;
import io.trino.spi.block.BlockBuilder;
import io.trino.spi.block.ByteArrayBlock;
import io.trino.spi.block.DictionaryBlock;
import io.trino.spi.block.LongArrayBlock;
import io.trino.spi.block.RunLengthEncodedBlock;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import static io.trino.spi.type.VarcharType.VARCHAR;

/**
 * Decodes one column for a batch of record ids into a Trino block: integers and timestamps as long
 * arrays read column-major from the bit planes ({@link ShardScan#readNumbers}), bools as bytes, a
 * keyed column as a {@link DictionaryBlock} over the field's dictionary (built once per file and
 * field), a set column as an array block whose elements are a dictionary block too, and
 * {@code $file} as one run; or, for a scan that asks only for the values of one keyed or bool
 * column, one value repeated ({@link #run}). Strings come from the field's dictionary through a
 * {@link TableHandle}: each looked up once per split, then by index, with no name looked up per value.
 */
final class ColumnBlocks {

    /** Above this many values a dictionary block covers only the values of its page, not the whole dictionary. */
    static final long WHOLE_DICTIONARY_LIMIT = 65_536;

    private final ShardScan scan;
    /** The file's table as {@code scan} reads it, taken once: {@link ShardScan#table} builds it on every call. */
    private final dev.big.db.TableDef fileTable;
    private final TableHandle table;
    private final String fileName;
    private final Map<String, Block> dictionaries = new HashMap<>();

    /** {@code table} is the handle of the table {@code scan} reads, in the same snapshot. */
    ColumnBlocks(ShardScan scan, TableHandle table, String fileName) {
        this.scan = scan;
        this.fileTable = scan.table();
        this.table = table;
        this.fileName = fileName;
    }

    Block block(BigColumnHandle column, long[] ids, int n) {
        if (column.kind() != ColumnKind.ID && column.kind() != ColumnKind.FILE && fileTable.field(column.name()).isEmpty()) {
            return RunLengthEncodedBlock.create(column.type(), null, n); // this file's table lacks the field
        }
        return switch (column.kind()) {
            case ID -> new LongArrayBlock(n, Optional.empty(), Arrays.copyOf(ids, n));
            case INT, TIMESTAMP, DECIMAL -> {
                long[] values = new long[n];
                boolean[] present = new boolean[n];
                scan.readNumbers(column.name(), ids, n, values, present);
                if (column.kind() == ColumnKind.TIMESTAMP) {
                    TimeTruncation truncation = column.truncation();
                    for (int i = 0; i < n; i++) {
                        // epoch millis (truncated when the column is a date_trunc) to Trino's epoch micros
                        values[i] = (truncation == null ? values[i] : truncation.truncate(values[i])) * 1000;
                    }
                }
                yield new LongArrayBlock(n, validity(present, n), values);
            }
            case BOOL -> {
                byte[] values = new byte[n];
                boolean[] present = new boolean[n];
                scan.readBools(column.name(), ids, n, values, present);
                yield new ByteArrayBlock(n, validity(present, n), values);
            }
            case KEYED -> keyed(table.field(column.name()), ids, n);
            case SET -> set(table.field(column.name()), ids, n);
            case FILE -> RunLengthEncodedBlock.create(VARCHAR, Slices.utf8Slice(fileName), n);
        };
    }

    /**
     * {@code n} rows of one value of a keyed or bool column: {@code value} is a dictionary id (a
     * bool's 0 false, 1 true), and {@code nullValue} (the number of values) stands for no value,
     * as in {@link ShardScan#valueCounts}.
     */
    Block run(BigColumnHandle column, int value, int nullValue, int n) {
        Object single = value == nullValue ? null : switch (column.kind()) {
            case KEYED -> Slices.utf8Slice(table.dictionaryValue(table.field(column.name()), value));
            case BOOL -> value == 1;
            default -> throw new IllegalArgumentException(column.name() + " is " + column.kind() + ", not keyed or bool");
        };
        return RunLengthEncodedBlock.create(column.type(), single, n);
    }

    private Block keyed(FieldHandle field, long[] ids, int n) {
        long[] dictIds = new long[n];
        boolean[] present = new boolean[n];
        scan.readNumbers(field.name(), ids, n, dictIds, present);
        long size = table.dictionarySize(field);
        int[] positions = new int[n];
        if (size <= WHOLE_DICTIONARY_LIMIT) {
            // The whole dictionary plus a null at its end: pages of one file share it, so Trino's
            // dictionary-aware operators (group by, joins) work on ids.
            Block dictionary = dictionaries.computeIfAbsent(field.name(), f -> dictionaryBlock(field, size));
            for (int i = 0; i < n; i++) {
                positions[i] = present[i] ? (int) dictIds[i] : (int) size;
            }
            return DictionaryBlock.create(n, dictionary, positions);
        }
        return compactDictionary(field, dictIds, present, n, positions);
    }

    private Block compactDictionary(FieldHandle field, long[] dictIds, boolean[] present, int n, int[] positions) {
        Map<Long, Integer> local = new HashMap<>();
        BlockBuilder builder = VARCHAR.createBlockBuilder(null, Math.min(n, 1024));
        for (int i = 0; i < n; i++) {
            if (!present[i]) {
                continue;
            }
            Integer at = local.get(dictIds[i]);
            if (at == null) {
                at = local.size();
                local.put(dictIds[i], at);
                VARCHAR.writeString(builder, table.dictionaryValue(field, dictIds[i]));
            }
            positions[i] = at;
        }
        int nullAt = local.size();
        builder.appendNull();
        for (int i = 0; i < n; i++) {
            if (!present[i]) {
                positions[i] = nullAt;
            }
        }
        return DictionaryBlock.create(n, builder.build(), positions);
    }

    private Block set(FieldHandle field, long[] ids, int n) {
        long[][] sets = scan.readSets(field.name(), ids, n);
        int[] offsets = new int[n + 1];
        boolean[] present = new boolean[n];
        for (int i = 0; i < n; i++) {
            present[i] = sets[i] != null;
            offsets[i + 1] = offsets[i] + (sets[i] == null ? 0 : sets[i].length);
        }
        int elements = offsets[n];
        long[] members = new long[elements];
        boolean[] all = new boolean[elements];
        for (int i = 0, e = 0; i < n; i++) {
            if (sets[i] != null) {
                // members in string order, as big's own reads give a set (a set's ids are in dictionary order)
                Long[] sorted = new Long[sets[i].length];
                for (int m = 0; m < sorted.length; m++) {
                    sorted[m] = sets[i][m];
                }
                Arrays.sort(sorted, (a, b) -> table.dictionaryValue(field, a).compareTo(table.dictionaryValue(field, b)));
                for (Long member : sorted) {
                    members[e] = member;
                    all[e++] = true;
                }
            }
        }
        int[] positions = new int[elements];
        Block elementBlock;
        long size = table.dictionarySize(field);
        if (size <= WHOLE_DICTIONARY_LIMIT) {
            Block dictionary = dictionaries.computeIfAbsent(field.name(), f -> dictionaryBlock(field, size));
            for (int e = 0; e < elements; e++) {
                positions[e] = (int) members[e];
            }
            elementBlock = DictionaryBlock.create(elements, dictionary, positions);
        } else {
            elementBlock = compactDictionary(field, members, all, elements, positions);
        }
        return ArrayBlock.fromElementBlock(n, validity(present, n), offsets, elementBlock);
    }

    /** The whole dictionary of {@code field}, by id, and a null at its end (where a record without a value points). */
    private Block dictionaryBlock(FieldHandle field, long size) {
        BlockBuilder builder = VARCHAR.createBlockBuilder(null, (int) size + 1);
        for (long id = 0; id < size; id++) {
            VARCHAR.writeString(builder, table.dictionaryValue(field, id));
        }
        builder.appendNull();
        return builder.build();
    }

    /** Trino's validity bitmap (a set bit is a value), or none when every position has one. */
    private static Optional<long[]> validity(boolean[] present, int n) {
        long[] words = null;
        for (int i = 0; i < n; i++) {
            if (!present[i]) {
                if (words == null) {
                    words = Bitmap.allocateWords(n, true);
                }
                Bitmap.clear(words, 0, i);
            }
        }
        return Optional.ofNullable(words);
    }
}
