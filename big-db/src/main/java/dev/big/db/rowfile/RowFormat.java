package dev.big.db.rowfile;

import java.util.Locale;
import java.util.Optional;

/**
 * The formats big writes rows in, named and chosen as DuckDB's COPY names and chooses them: by
 * COPY's {@code FORMAT} option, else by the file's extension (any case, after a {@code .gz}), else
 * CSV.
 */
public enum RowFormat {
    /** RFC 4180 CSV, UTF-8, LF line ends, values as {@link ValueText} writes them ({@link CsvAnswerWriter}). */
    CSV,
    /** JSON Lines: one JSON object per row, per line (DuckDB's {@code FORMAT json}; {@link JsonAnswerWriter}). */
    JSON,
    /** Parquet, written by the module big-parquet ({@link ParquetWriterProvider}). */
    PARQUET;

    /** The format called {@code name} ({@code csv}, {@code json}, {@code jsonl}, {@code ndjson} or {@code parquet}, any case). */
    public static Optional<RowFormat> named(String name) {
        return Optional.ofNullable(switch (name.toLowerCase(Locale.ROOT)) {
            case "csv" -> CSV;
            case "json", "jsonl", "ndjson" -> JSON;
            case "parquet" -> PARQUET;
            default -> null;
        });
    }

    /**
     * The format a file called {@code file} is written in when no format is named: Parquet for
     * {@code .parquet}, JSON Lines for {@code .json}, {@code .jsonl} and {@code .ndjson}, CSV for
     * anything else; a {@code .gz} after the extension is looked through.
     */
    public static RowFormat ofFile(String file) {
        String name = file.toLowerCase(Locale.ROOT);
        if (name.endsWith(".gz")) {
            name = name.substring(0, name.length() - ".gz".length());
        }
        if (name.endsWith(".parquet")) {
            return PARQUET;
        }
        return name.endsWith(".json") || name.endsWith(".jsonl") || name.endsWith(".ndjson") ? JSON : CSV;
    }

    /**
     * Whether rows of this format written to {@code file} are gzip-compressed: CSV and JSON Lines
     * whose file name ends in {@code .gz}, as DuckDB's COPY compresses them. Parquet compresses its
     * own pages and is never gzipped.
     */
    boolean gzipped(String file) {
        return this != PARQUET && file.toLowerCase(Locale.ROOT).endsWith(".gz");
    }
}
