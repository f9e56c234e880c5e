package dev.big.parquet;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;
import org.apache.parquet.schema.MessageType;

/**
 * Rows to a Parquet file that DuckDB, Spark, pandas and big itself read: every column optional,
 * integers as INT64, timestamps as INT64 TIMESTAMP(MILLIS, UTC), decimals as INT64 DECIMAL(18,
 * scale), strings as UTF-8 BINARY, sets as a LIST of strings, pages compressed with SNAPPY. It writes
 * to a stream, front to back (Parquet needs no seeking to write), so the caller decides where the
 * bytes go and what happens to a file left half written.
 */
public final class ParquetRowWriter implements AutoCloseable {

    private final String name;
    private final List<ParquetColumn> columns;
    private final SimpleGroupFactory groups;
    private final ParquetWriter<Group> writer;
    private long rows;

    private ParquetRowWriter(String name, List<ParquetColumn> columns, MessageType schema, ParquetWriter<Group> writer) {
        this.name = name;
        this.columns = List.copyOf(columns);
        this.groups = new SimpleGroupFactory(schema);
        this.writer = writer;
    }

    /** A writer of {@code columns} to {@code out} (left open on close), called {@code name} in messages. */
    public static ParquetRowWriter create(OutputStream out, String name, List<ParquetColumn> columns) {
        MessageType schema = ParquetSchemas.schema(columns);
        try {
            ParquetWriter<Group> writer = ExampleParquetWriter.builder(new StreamOutputFile(out, name))
                    .withConf(new PlainParquetConfiguration())
                    .withType(schema)
                    .withCodecFactory(new ParquetCodecs(name))
                    .withCompressionCodec(ParquetCodecs.WRITE_CODEC)
                    .build();
            return new ParquetRowWriter(name, columns, schema, writer);
        } catch (IOException e) {
            throw new UncheckedIOException("writing " + name + " failed: " + e.getMessage(), e);
        }
    }

    /** One row: a value (or null) per column, in order, of the Java type {@link ParquetColumn} gives for its kind. */
    public void write(List<?> values) {
        if (values.size() != columns.size()) {
            throw new IllegalArgumentException(values.size() + " values for " + columns.size() + " columns");
        }
        Group group = groups.newGroup();
        for (int i = 0; i < values.size(); i++) {
            Object value = values.get(i);
            if (value == null) {
                continue;
            }
            ParquetColumn column = columns.get(i);
            String field = column.name();
            try {
                switch (column.kind()) {
                    case INTEGER -> group.add(i, ((Number) value).longValue());
                    case TIMESTAMP, LOCAL_TIMESTAMP, DATE -> group.add(i, value instanceof Instant instant
                            ? instant.toEpochMilli() : ((Number) value).longValue());
                    case BOOLEAN -> group.add(i, (Boolean) value);
                    case STRING -> group.add(i, value.toString());
                    case DECIMAL -> group.add(i, (value instanceof BigDecimal decimal ? decimal
                            : BigDecimal.valueOf(((Number) value).longValue())).setScale(column.scale()).unscaledValue()
                            .longValueExact());
                    case DOUBLE -> group.add(i, ((Number) value).doubleValue());
                    case STRING_LIST -> {
                        Group list = group.addGroup(i);
                        for (Object element : (Collection<?>) value) {
                            list.addGroup(0).add(0, element.toString());
                        }
                    }
                    case UNSUPPORTED -> throw new IllegalArgumentException("column " + field + " has no kind to write");
                }
            } catch (ClassCastException | ArithmeticException e) {
                throw new IllegalArgumentException("row " + (rows + 1) + ", column '" + field + "' (" + column.kind() + "): "
                        + value + " (" + value.getClass().getSimpleName() + ") cannot be written: " + e.getMessage(), e);
            }
        }
        try {
            writer.write(group);
        } catch (IOException e) {
            throw new UncheckedIOException("writing " + name + " failed: " + e.getMessage(), e);
        }
        rows++;
    }

    /** Rows written so far. */
    public long rows() {
        return rows;
    }

    /** Writes the last row group and the footer; the stream stays open. */
    @Override
    public void close() {
        try {
            writer.close();
        } catch (IOException e) {
            throw new UncheckedIOException("writing " + name + " failed: " + e.getMessage(), e);
        }
    }

    /** A Parquet output over a stream, counting its position; closing it does not close the stream. */
    private record StreamOutputFile(OutputStream out, String name) implements OutputFile {

        @Override
        public PositionOutputStream create(long blockSizeHint) {
            return new PositionOutputStream() {
                private long position;

                @Override
                public long getPos() {
                    return position;
                }

                @Override
                public void write(int b) throws IOException {
                    out.write(b);
                    position++;
                }

                @Override
                public void write(byte[] bytes, int offset, int length) throws IOException {
                    out.write(bytes, offset, length);
                    position += length;
                }

                @Override
                public void flush() throws IOException {
                    out.flush();
                }

                @Override
                public void close() throws IOException {
                    out.flush();
                }
            };
        }

        @Override
        public PositionOutputStream createOrOverwrite(long blockSizeHint) {
            return create(blockSizeHint);
        }

        @Override
        public boolean supportsBlockSize() {
            return false;
        }

        @Override
        public long defaultBlockSize() {
            return 0;
        }

        @Override
        public String getPath() {
            return name;
        }
    }
}
