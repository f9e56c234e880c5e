package dev.big.trino;

import io.trino.spi.connector.ColumnHandle;
import io.trino.spi.connector.ColumnMetadata;

/** A column: {@code id}, a field, or the hidden {@code $file}. Crosses nodes as JSON. */
public record BigColumnHandle(String name, ColumnKind kind) implements ColumnHandle {

    static final String FILE_COLUMN = "$file";
    static final BigColumnHandle ID = new BigColumnHandle("id", ColumnKind.ID);
    static final BigColumnHandle FILE = new BigColumnHandle(FILE_COLUMN, ColumnKind.FILE);

    ColumnMetadata metadata() {
        return ColumnMetadata.builder()
                .setName(name)
                .setType(kind.type())
                .setNullable(kind != ColumnKind.ID && kind != ColumnKind.FILE)
                .setHidden(kind == ColumnKind.FILE)
                .build();
    }
}
