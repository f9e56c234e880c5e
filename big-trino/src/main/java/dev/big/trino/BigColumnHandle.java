package dev.big.trino;

import io.trino.spi.connector.ColumnHandle;
import io.trino.spi.connector.ColumnMetadata;
import io.trino.spi.type.Type;

/** A column: {@code id}, a field, or the hidden {@code $file}. Crosses nodes as JSON. */
public record BigColumnHandle(String name, ColumnKind kind, int scale) implements ColumnHandle {

    static final String FILE_COLUMN = "$file";
    static final BigColumnHandle ID = new BigColumnHandle("id", ColumnKind.ID, 0);
    static final BigColumnHandle FILE = new BigColumnHandle(FILE_COLUMN, ColumnKind.FILE, 0);

    /** The column's Trino type. */
    Type type() {
        return kind.type(scale);
    }

    ColumnMetadata metadata() {
        return ColumnMetadata.builder()
                .setName(name)
                .setType(type())
                .setNullable(kind != ColumnKind.ID && kind != ColumnKind.FILE)
                .setHidden(kind == ColumnKind.FILE)
                .build();
    }
}
