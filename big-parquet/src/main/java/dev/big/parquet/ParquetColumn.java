package dev.big.parquet;

/**
 * A top-level column of a Parquet file as big reads or writes it: its name, the kind of value it
 * holds, and for a decimal its scale. {@code parquetType} is how the file declares it
 * ({@code optional int64 ts (TIMESTAMP(MICROS,false))}), for messages.
 *
 * <p>The values a {@link ParquetRowReader} gives and a {@link ParquetRowWriter} takes, per kind:
 * {@code Long} (INTEGER), {@code Long} epoch milliseconds (TIMESTAMP, LOCAL_TIMESTAMP: the
 * wall-clock time read as if UTC, for the caller to place in a zone; DATE: midnight UTC),
 * {@code Boolean}, {@code String}, {@code java.math.BigDecimal} of the column's scale (DECIMAL),
 * {@code Double} (DOUBLE, written only), {@code java.util.List<String>} (STRING_LIST), or null.
 */
public record ParquetColumn(String name, Kind kind, int scale, String parquetType) {

    /** What a column holds. */
    public enum Kind {
        /** INT32 or INT64, signed (or an unsigned INT32, or an UINT64 that fits). */
        INTEGER,
        /** An instant: TIMESTAMP with isAdjustedToUTC, or legacy INT96. */
        TIMESTAMP,
        /** A wall-clock time, no zone: TIMESTAMP without isAdjustedToUTC (DuckDB's TIMESTAMP). */
        LOCAL_TIMESTAMP,
        /** A calendar day: DATE. */
        DATE,
        BOOLEAN,
        /** BINARY or FIXED_LEN_BYTE_ARRAY annotated STRING, ENUM or JSON: UTF-8 text. */
        STRING,
        /** DECIMAL of at most 18 digits, on INT32, INT64, BINARY or FIXED_LEN_BYTE_ARRAY. */
        DECIMAL,
        /** DOUBLE: written for query results (averages); big has no floating-point field to read it into. */
        DOUBLE,
        /** A LIST (or a repeated field) of strings. */
        STRING_LIST,
        /** Anything else: the reader refuses to read it and says what it is. */
        UNSUPPORTED,
    }

    /** A column of {@code kind} to write ({@code scale} for DECIMAL, else 0). */
    public static ParquetColumn of(String name, Kind kind, int scale) {
        return new ParquetColumn(name, kind, scale, "");
    }

    /** Why big cannot read this column (of kind UNSUPPORTED), and what to do, for a message. */
    public String whyUnsupported() {
        String hint;
        if (parquetType.contains(" double ") || parquetType.contains(" float ")) {
            hint = "big has no floating-point field: cast it to DECIMAL(18, s) when writing the file";
        } else if (parquetType.contains("DECIMAL(")) {
            hint = "a decimal of more than " + ParquetSchemas.DECIMAL_DIGITS + " digits does not fit big's decimal";
        } else if (parquetType.contains(" binary ") || parquetType.contains(" fixed_len_byte_array")) {
            hint = "bytes without a STRING annotation are not text: write the column as a string";
        } else {
            hint = "big reads integers, timestamps, dates, bools, strings, decimals of up to " + ParquetSchemas.DECIMAL_DIGITS
                    + " digits and lists of strings";
        }
        return "column '" + name + "' is " + parquetType + ": " + hint;
    }
}
