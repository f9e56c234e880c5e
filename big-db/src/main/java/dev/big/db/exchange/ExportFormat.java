package dev.big.db.exchange;

import java.nio.charset.StandardCharsets;

/**
 * The export stream: a self-describing copy of a database (or of some of its tables) that another
 * build of big can import. It carries the schema, every keyed and set field's dictionary, and
 * every fragment's containers in coords addressing (see {@code dev.big.engine.coords.Coords}),
 * with the fragment summaries (record counts, zone maps) as they were committed. It does not
 * carry pages, page numbers or free space: an import lays the data out afresh.
 *
 * <pre>
 * Stream        --&gt; Header, Block^n, EndBlock
 * Header        --&gt; Magic:8 bytes "BIGXPORT", Version:u32
 * Block         --&gt; RawLength:u32, CompressedLength:u32, Checksum:u64, Compressed:byte^CompressedLength
 *                   Compressed is one LZ4 block whose decompression is the block's RawLength raw
 *                   bytes; Checksum is the xxHash3-64 of those raw bytes
 * Raw           --&gt; Kind:u8, Body           (Kind 1 schema, 2 dictionary, 3 fragment, 4 end)
 *
 * SchemaBody    --&gt; SourceTxid:u64, TableCount:u32, Table^TableCount
 * Table         --&gt; Name, NextRecordId:u64, ExistsFieldId:u16, FieldCount:u16, Field^FieldCount
 * Field         --&gt; FieldId:u16, Name, Type:u8, Flags:u8, Min:i64, Max:i64, Base:i64, NextDictId:u64, NextSetId?, Scale?, Index?
 * NextSetId     --&gt; u64, from version 2 on: a set field's next set id, 0 for one without set ids
 * Scale         --&gt; u8, from version 3 on: a decimal field's digits after the point, 0 for other fields
 * Index         --&gt; IndexKind:u8, IndexName?, from version 4 on
 * IndexKind     --&gt; 0 none, 1 order: the field keeps an order index, whose tree travels as the field's
 *                   fragment of view 6 (shard 0), its entries as Kind 4 containers
 * IndexName     --&gt; Name, when IndexKind is 1
 * Name          --&gt; Length:u8, UTF-8 bytes
 * Type          --&gt; a code of FieldKinds (1 int, 2 timestamp, 3 bool, 4 keyed, 5 set, ...)
 * Flags         --&gt; bit 0: Min declared, bit 1: Max declared
 *
 * DictionaryBody --&gt; FieldId:u16, Count:u32, Entry^Count          (ids ascending)
 * Entry          --&gt; Id:u64, Length:u16, UTF-8 bytes
 *
 * FragmentBody  --&gt; FragmentKey:u64, SummaryLength:u16, Summary, ContainerCount:u32, Container^ContainerCount
 * Container     --&gt; Key:u64, Kind:u8, Cardinality:u32, PayloadLength:u32, Payload   (keys ascending)
 * Payload       --&gt; Kind 1 array:  Value:u16^Cardinality
 *                   Kind 2 run:    (Start:u16, LengthMinusOne:u16)^runs
 *                   Kind 3 bitmap: Word:u64^1024
 *                   Kind 4 bytes:  byte^PayloadLength            (opaque cell value)
 *
 * EndBody       --&gt; BlockCount:u64, DictionaryEntries:u64, FragmentCount:u64, ContainerCount:u64, RecordCount:u64
 * </pre>
 *
 * <p>Versions: 1 is the first; 2 adds NextSetId; 3 adds Scale; 4 adds Index; 5 lets a bit-sliced
 * fragment's summary be a compact zone map (zone map version 2, what files of format 5 keep), which
 * an import writes in the version its target file holds. A set field's set ids (its bit planes, its
 * by-hash and members trees, see {@code SetIds}) travel as fragments like any other; a version 1
 * stream has none, and its set fields are imported as fields without set ids.
 *
 * <p>All integers are little-endian. Field ids in fragment keys and dictionary bodies are the
 * source database's; the schema block maps them to names, and an import assigns its own ids.
 * {@code Base} is the offset an int or timestamp field's bit planes are stored relative to, so
 * the planes can be copied as they are.
 *
 * <p>Invariants the reader checks: the schema block comes first and once; a fragment's blocks
 * are consecutive and a fragment larger than one block continues in the next ones under the same
 * key (its summary repeated); the end block comes last, its counts match what came before, and
 * nothing follows it. A stream that stops before its end block is truncated and refused.
 *
 * <p>Blocks hold at most {@link #MAX_RAW_BLOCK_BYTES} raw bytes, so a reader never allocates
 * more than that on the word of a damaged length field; a writer aims at
 * {@link #TARGET_RAW_BLOCK_BYTES}, which keeps LZ4's window effective and memory flat.
 */
public final class ExportFormat {

    /** "BIGXPORT" in ASCII: what a stream starts with. */
    public static final byte[] MAGIC = "BIGXPORT".getBytes(StandardCharsets.US_ASCII);
    /** The oldest stream version this build imports. */
    public static final int VERSION_START = 1;
    /** The stream version this build writes. */
    public static final int VERSION_CURRENT = 5;
    /** The version that added NextSetId to the schema's fields. */
    static final int VERSION_SET_IDS = 2;
    /** The version that added Scale to the schema's fields. */
    static final int VERSION_SCALE = 3;
    /** The version that added Index to the schema's fields. */
    static final int VERSION_INDEX = 4;
    static final int INDEX_NONE = 0;
    static final int INDEX_ORDER = 1;

    static final int HEADER_BYTES = 12;
    /** RawLength:u32, CompressedLength:u32, Checksum:u64. */
    static final int BLOCK_HEADER_BYTES = 16;

    static final int KIND_SCHEMA = 1;
    static final int KIND_DICTIONARY = 2;
    static final int KIND_FRAGMENT = 3;
    static final int KIND_END = 4;

    static final int FLAG_MIN = 1;
    static final int FLAG_MAX = 2;

    /** A writer closes a block once its raw body reaches this size. */
    static final int TARGET_RAW_BLOCK_BYTES = 1 << 20;
    /** The largest raw block a reader accepts (a target-size block plus one bitmap container, with room). */
    static final int MAX_RAW_BLOCK_BYTES = 4 << 20;

    static String kindName(int kind) {
        return switch (kind) {
            case KIND_SCHEMA -> "schema";
            case KIND_DICTIONARY -> "dictionary";
            case KIND_FRAGMENT -> "fragment";
            case KIND_END -> "end";
            default -> "unknown kind " + kind;
        };
    }

    private ExportFormat() {}
}
