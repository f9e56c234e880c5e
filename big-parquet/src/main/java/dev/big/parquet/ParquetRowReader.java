package dev.big.parquet;

import dev.big.parquet.ParquetSchemas.ReadColumn;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.Converter;
import org.apache.parquet.io.api.GroupConverter;
import org.apache.parquet.io.api.PrimitiveConverter;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * The rows of a Parquet file, one at a time, of the columns {@linkplain #select selected}: a row
 * group at a time is read (only the selected columns' chunks) and its rows are assembled column by
 * column, so a load holds one row group, not the file. Values are as {@link ParquetColumn} lists.
 *
 * <p>Sub-millisecond digits of a timestamp are dropped (rounded down), as big's timestamps are
 * epoch milliseconds. A null element of a list of strings is left out; an empty list stays empty (a
 * value apart from null, as in big's sets).
 */
public final class ParquetRowReader implements AutoCloseable {

    private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] ENCRYPTED_MAGIC = "PARE".getBytes(StandardCharsets.US_ASCII);
    /** Days from the Julian day 0 to 1970-01-01, for INT96 timestamps. */
    private static final long JULIAN_EPOCH_DAY = 2_440_588;
    private static final long MILLIS_PER_DAY = 86_400_000L;

    private final String name;
    private final ParquetFileReader reader;
    private final List<ReadColumn> columns;
    private final long rowCount;
    private ReadColumn[] selected;
    private ColumnReader[] readers;
    /** Per selected column, the entries of its reader not consumed yet in this row group. */
    private long[] entriesLeft;
    private int rowGroup = -1;
    private long rowsLeftInGroup;
    private long row;
    private long bytesDone;

    private ParquetRowReader(String name, ParquetFileReader reader) {
        this.name = name;
        this.reader = reader;
        this.columns = ParquetSchemas.columns(reader.getFileMetaData().getSchema());
        this.rowCount = reader.getRecordCount();
    }

    /** Opens {@code file}, called {@code name} in messages, and reads its footer; every column big reads is selected. */
    public static ParquetRowReader open(Path file, String name) {
        checkMagic(file, name);
        ParquetReadOptions options = ParquetReadOptions.builder(new PlainParquetConfiguration())
                .withCodecFactory(new ParquetCodecs(name)).build();
        ParquetFileReader reader;
        try {
            reader = new ParquetFileReader(new LocalInputFile(file), options);
        } catch (IOException | RuntimeException e) {
            throw new ParquetFileException(name + ": its footer (the schema and the row groups' index) cannot be read: "
                    + message(e) + "; the file is corrupt or not Parquet", e);
        }
        ParquetRowReader rows = new ParquetRowReader(name, reader);
        rows.select(java.util.stream.IntStream.range(0, rows.columns.size())
                .filter(i -> rows.columns.get(i).column().kind() != ParquetColumn.Kind.UNSUPPORTED).toArray());
        return rows;
    }

    private static void checkMagic(Path file, String name) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            if (size < 2L * MAGIC.length + 4) {
                throw new ParquetFileException(name + ": not a Parquet file (" + size + " bytes; a Parquet file starts and"
                        + " ends with the bytes PAR1 and holds a footer between)");
            }
            byte[] head = new byte[MAGIC.length];
            byte[] tail = new byte[MAGIC.length];
            channel.read(ByteBuffer.wrap(head), 0);
            channel.read(ByteBuffer.wrap(tail), size - MAGIC.length);
            if (Arrays.equals(tail, ENCRYPTED_MAGIC)) {
                throw new ParquetFileException(name + ": an encrypted Parquet file (it ends with PARE); big reads"
                        + " unencrypted files only");
            }
            if (!Arrays.equals(head, MAGIC)) {
                throw new ParquetFileException(name + ": not a Parquet file (it does not start with the bytes PAR1)");
            }
            if (!Arrays.equals(tail, MAGIC)) {
                throw new ParquetFileException(name + ": a truncated Parquet file (it starts with PAR1 but does not end"
                        + " with it, where its footer should be): was it copied or written completely?");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + name + " failed: " + e.getMessage(), e);
        }
    }

    /** The file's top-level columns, in order. */
    public List<ParquetColumn> columns() {
        return columns.stream().map(ReadColumn::column).toList();
    }

    /** How many rows the file holds, as its footer says. */
    public long rowCount() {
        return rowCount;
    }

    /**
     * Reads only the columns at {@code indexes} (of {@link #columns()}), in that order; before the
     * first {@link #next}. A column of kind UNSUPPORTED is refused, saying what it is.
     */
    public void select(int... indexes) {
        if (rowGroup >= 0) {
            throw new IllegalStateException("select before the first row");
        }
        selected = new ReadColumn[indexes.length];
        List<Type> fields = new ArrayList<>();
        for (int i = 0; i < indexes.length; i++) {
            selected[i] = columns.get(indexes[i]);
            if (selected[i].column().kind() == ParquetColumn.Kind.UNSUPPORTED) {
                throw new ParquetFileException(name + ": " + selected[i].column().whyUnsupported());
            }
            fields.add(selected[i].type());
        }
        reader.setRequestedSchema(new MessageType("selected", fields));
    }

    /** The values of the next row, in the order selected; null after the last. */
    public Object[] next() {
        while (rowsLeftInGroup == 0) {
            if (!nextRowGroup()) {
                return null;
            }
        }
        rowsLeftInGroup--;
        row++;
        Object[] values = new Object[selected.length];
        for (int i = 0; i < selected.length; i++) {
            try {
                values[i] = value(i);
            } catch (RuntimeException e) {
                if (e instanceof ParquetFileException) {
                    throw e;
                }
                throw corrupt(selected[i], e);
            }
        }
        return values;
    }

    /** The 1-based number of the row {@link #next} returned last, in the file. */
    public long rowNumber() {
        return row;
    }

    /** About how many bytes of the file the rows read so far came from (the row groups read), for progress. */
    public long bytesRead() {
        return bytesDone;
    }

    // getTotalValueCount (entries of the column chunk) is deprecated without a replacement; a list column's
    // last row has no following entry to mark its end, so the count is what ends it.
    @SuppressWarnings("deprecation")
    private boolean nextRowGroup() {
        List<BlockMetaData> groups = reader.getRowGroups();
        if (rowGroup + 1 >= groups.size()) {
            return false;
        }
        rowGroup++;
        PageReadStore pages;
        try {
            pages = reader.readNextRowGroup();
        } catch (IOException | RuntimeException e) {
            if (e instanceof ParquetFileException) {
                throw (ParquetFileException) e;
            }
            throw new ParquetFileException(name + ": row group " + (rowGroup + 1) + " of " + groups.size()
                    + " cannot be read: " + message(e) + "; the file is corrupt or truncated", e);
        }
        if (pages == null) {
            return false;
        }
        BlockMetaData block = groups.get(rowGroup);
        bytesDone = block.getStartingPos() + block.getCompressedSize();
        MessageType requested = new MessageType("selected", Arrays.stream(selected).map(ReadColumn::type).toList());
        ColumnReadStoreImpl store = new ColumnReadStoreImpl(pages, new IgnoringConverter(requested), requested,
                reader.getFileMetaData().getCreatedBy());
        List<ColumnDescriptor> leaves = requested.getColumns();
        readers = new ColumnReader[selected.length];
        entriesLeft = new long[selected.length];
        for (int i = 0; i < selected.length; i++) {
            // Each selected column is one leaf (a list of strings too), in the order selected.
            ColumnDescriptor leaf = leaves.get(i);
            try {
                readers[i] = store.getColumnReader(leaf);
                entriesLeft[i] = readers[i].getTotalValueCount();
            } catch (RuntimeException e) {
                throw corrupt(selected[i], e);
            }
        }
        rowsLeftInGroup = pages.getRowCount();
        return true;
    }

    /** The value of selected column {@code index} in the current row. */
    private Object value(int index) {
        ReadColumn column = selected[index];
        ColumnReader reader = readers[index];
        ColumnDescriptor leaf = reader.getDescriptor();
        if (entriesLeft[index] == 0) {
            throw new ParquetFileException(name + ": row group " + (rowGroup + 1) + ", column '" + column.column().name()
                    + "' has fewer values than the row group has rows; the file is corrupt");
        }
        if (column.column().kind() == ParquetColumn.Kind.STRING_LIST) {
            return list(index, leaf);
        }
        Object value = reader.getCurrentDefinitionLevel() == leaf.getMaxDefinitionLevel() ? scalar(column, reader) : null;
        reader.consume();
        entriesLeft[index]--;
        return value;
    }

    /** The entries of one row of a list column: the first, then each that continues it (repetition level above 0). */
    private List<String> list(int index, ColumnDescriptor leaf) {
        ColumnReader reader = readers[index];
        // An optional list whose first entry is not even defined at its own level is null; else a list, maybe empty.
        boolean isNull = selected[index].type().isRepetition(Type.Repetition.OPTIONAL) && reader.getCurrentDefinitionLevel() == 0;
        List<String> values = new ArrayList<>();
        boolean first = true;
        while (entriesLeft[index] > 0 && (first || reader.getCurrentRepetitionLevel() > 0)) {
            if (reader.getCurrentDefinitionLevel() == leaf.getMaxDefinitionLevel()) {
                values.add(reader.getBinary().toStringUsingUTF8());
            }
            reader.consume();
            entriesLeft[index]--;
            first = false;
        }
        return isNull ? null : List.copyOf(values);
    }

    private Object scalar(ReadColumn column, ColumnReader reader) {
        PrimitiveTypeName physical = reader.getDescriptor().getPrimitiveType().getPrimitiveTypeName();
        return switch (column.column().kind()) {
            case INTEGER -> {
                if (physical == PrimitiveTypeName.INT32) {
                    int value = reader.getInteger();
                    yield column.unsigned() ? Integer.toUnsignedLong(value) : (long) value;
                }
                long value = reader.getLong();
                if (column.unsigned() && value < 0) {
                    throw new ParquetFileException(name + ": row " + row + ", column '" + column.column().name() + "': "
                            + Long.toUnsignedString(value) + " does not fit a signed 64-bit integer");
                }
                yield value;
            }
            case TIMESTAMP, LOCAL_TIMESTAMP -> physical == PrimitiveTypeName.INT96 ? int96Millis(reader.getBinary())
                    : millis(reader.getLong(), column.unit());
            case DATE -> reader.getInteger() * MILLIS_PER_DAY;
            case BOOLEAN -> reader.getBoolean();
            case STRING -> reader.getBinary().toStringUsingUTF8();
            case DECIMAL -> switch (physical) {
                case INT32 -> BigDecimal.valueOf(reader.getInteger(), column.column().scale());
                case INT64 -> BigDecimal.valueOf(reader.getLong(), column.column().scale());
                default -> new BigDecimal(new BigInteger(reader.getBinary().getBytes()), column.column().scale());
            };
            case DOUBLE, STRING_LIST, UNSUPPORTED -> throw new IllegalStateException(column.column().kind().toString());
        };
    }

    private static long millis(long value, TimeUnit unit) {
        return switch (unit) {
            case MILLIS -> value;
            case MICROS -> Math.floorDiv(value, 1_000L);
            case NANOS -> Math.floorDiv(value, 1_000_000L);
        };
    }

    /** INT96: nanoseconds of the day (8 bytes), then the Julian day (4 bytes), little-endian. */
    private static long int96Millis(Binary binary) {
        ByteBuffer bytes = binary.toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        long nanosOfDay = bytes.getLong();
        long julianDay = bytes.getInt();
        return (julianDay - JULIAN_EPOCH_DAY) * MILLIS_PER_DAY + Math.floorDiv(nanosOfDay, 1_000_000L);
    }

    private ParquetFileException corrupt(ReadColumn column, RuntimeException e) {
        return new ParquetFileException(name + ": row group " + (rowGroup + 1) + ", column '" + column.column().name()
                + "' (near row " + row + ") cannot be read: " + message(e) + "; the file is corrupt or truncated", e);
    }

    private static String message(Exception e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getMessage() == null) {
            cause = cause.getCause();
        }
        String text = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return text.length() > 200 ? text.substring(0, 200) + "..." : text;
    }

    @Override
    public void close() {
        try {
            reader.close();
        } catch (IOException e) {
            // Reading is over; a failing close of an input changes nothing that was read.
        }
    }

    /** Converters the column readers ask for but never call: values are taken from the readers directly. */
    private static final class IgnoringConverter extends GroupConverter {
        private final Converter[] children;

        IgnoringConverter(GroupType type) {
            children = new Converter[type.getFieldCount()];
            for (int i = 0; i < children.length; i++) {
                Type child = type.getType(i);
                children[i] = child.isPrimitive() ? new PrimitiveConverter() {} : new IgnoringConverter(child.asGroupType());
            }
        }

        @Override
        public Converter getConverter(int fieldIndex) {
            return children[fieldIndex];
        }

        @Override
        public void start() {}

        @Override
        public void end() {}
    }
}
