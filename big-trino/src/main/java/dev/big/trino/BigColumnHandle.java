package dev.big.trino;

import dev.big.db.TimeTruncation;
import io.trino.spi.connector.ColumnHandle;
import io.trino.spi.connector.ColumnMetadata;
import io.trino.spi.type.Type;
import java.util.Locale;

/**
 * A column: {@code id}, a field, the hidden {@code $file}, or a timestamp field's values truncated
 * ({@code truncation} not null: {@code date_trunc(unit, field)}, which the connector takes over
 * from Trino's projections so that a pushed aggregation can group by it). Crosses nodes as JSON.
 */
public record BigColumnHandle(String name, ColumnKind kind, int scale, TimeTruncation truncation) implements ColumnHandle {

    static final String FILE_COLUMN = "$file";
    static final BigColumnHandle ID = new BigColumnHandle("id", ColumnKind.ID, 0);
    static final BigColumnHandle FILE = new BigColumnHandle(FILE_COLUMN, ColumnKind.FILE, 0);

    public BigColumnHandle {
        if (truncation != null && kind != ColumnKind.TIMESTAMP) {
            throw new IllegalArgumentException("only a timestamp column is truncated, not " + kind + " column " + name);
        }
    }

    /** A column's own values. */
    BigColumnHandle(String name, ColumnKind kind, int scale) {
        this(name, kind, scale, null);
    }

    /** This timestamp column's values truncated to {@code unit}. */
    BigColumnHandle truncatedTo(TimeTruncation unit) {
        return new BigColumnHandle(name, kind, scale, unit);
    }

    /** The column's Trino type. */
    Type type() {
        return kind.type(scale);
    }

    ColumnMetadata metadata() {
        return ColumnMetadata.builder()
                .setName(truncation == null ? name : "date_trunc('" + truncation.name().toLowerCase(Locale.ROOT) + "', " + name + ")")
                .setType(type())
                .setNullable(kind != ColumnKind.ID && kind != ColumnKind.FILE)
                .setHidden(kind == ColumnKind.FILE)
                .build();
    }
}
