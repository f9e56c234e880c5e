package dev.big.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.big.db.FieldDef;
import dev.big.db.FieldType;
import java.math.BigDecimal;
import java.time.ZoneId;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What the values of one input column were, seen row by row, and the field type that holds them
 * all: the narrowest of int, decimal, bool, timestamp, keyed (CSV) or set (JSON arrays) that the
 * loader then reads every value of the column into.
 */
final class ColumnGuess {

    /** The kinds of value a column can show. */
    enum Seen {
        /** An integer: a CSV cell that {@link TextValues#integer} reads, or a JSON integer. */
        INTEGER,
        /** A CSV cell 0 or 1: an integer, which a bool column reads too. */
        ZERO_OR_ONE,
        /** true/false, yes/no (CSV, any case) or a JSON bool. */
        BOOL,
        /** ISO-8601 text that {@link Timestamps} reads (not an integer). */
        TIMESTAMP,
        /** A number with digits after a point: a decimal's. */
        FRACTION,
        /** Any other text. */
        TEXT,
        /** A JSON array of strings. */
        ARRAY,
    }

    /** What the loader reads as a decimal with a point (no exponent: it refuses those). */
    private static final Pattern FRACTION = Pattern.compile("[+-]?(\\d+\\.\\d*|\\.\\d+)");
    /** The most digits a decimal holds: big's decimal is SQL's DECIMAL(18, scale). */
    private static final int DECIMAL_DIGITS = 18;

    private final String column;
    private final ZoneId localZone;
    /** The first line each kind of value was seen on. */
    private final Map<Seen, Long> firstLine = new EnumMap<>(Seen.class);
    /** Of the numbers seen: the most digits after the point, and before it. */
    private int scale;
    private int integerDigits;
    /** The line of the last value that changed what this column holds (a new kind, more digits), or 0. */
    private long changedOnLine;

    ColumnGuess(String column, ZoneId localZone) {
        this.column = column;
        this.localZone = localZone;
    }

    String column() {
        return column;
    }

    /** The line of the last value that changed the type this column would get, or 0 if none yet. */
    long changedOnLine() {
        return changedOnLine;
    }

    /** A CSV cell on {@code line}; empty is no value. */
    void text(String cell, long line) {
        if (cell.isEmpty() || has(Seen.TEXT)) {
            // Text makes a CSV column keyed whatever else it holds: no need to look further.
            return;
        }
        // Integers first, read from the characters: most cells of a sample are numbers, and a
        // sample is a hundred thousand rows read while the JVM is still cold.
        int significant = integerDigits(cell);
        if (significant >= 0) {
            String number = cell.strip();
            if (number.equals("0") || number.equals("1")) {
                saw(Seen.ZERO_OR_ONE, line);
            } else {
                saw(Seen.INTEGER, line);
                if (significant > integerDigits) {
                    integerDigits = significant;
                    changedOnLine = line;
                }
            }
            return;
        }
        String word = cell.strip().toLowerCase(Locale.ROOT);
        if (word.equals("true") || word.equals("false") || word.equals("yes") || word.equals("no")) {
            saw(Seen.BOOL, line);
        } else if (isNumberText(word) && FRACTION.matcher(word).matches()) {
            saw(Seen.FRACTION, line);
            digits(new BigDecimal(word.startsWith("+") ? word.substring(1) : word), line);
        } else {
            saw(isTimestamp(cell) ? Seen.TIMESTAMP : Seen.TEXT, line);
        }
    }

    /** A JSON value on {@code line}; null is no value. */
    void json(JsonNode value, long line) {
        switch (value.getNodeType()) {
            case NULL -> { }
            case NUMBER -> {
                if (!value.isIntegralNumber()) {
                    saw(Seen.FRACTION, line);
                } else if (!value.canConvertToLong()) {
                    throw problem(value + " on line " + line + " does not fit a 64-bit integer");
                } else {
                    saw(Seen.INTEGER, line);
                }
                digits(value.decimalValue(), line);
            }
            case BOOLEAN -> saw(Seen.BOOL, line);
            case STRING -> saw(!has(Seen.TEXT) && !isInteger(value.textValue()) && isTimestamp(value.textValue())
                    ? Seen.TIMESTAMP : Seen.TEXT, line);
            case ARRAY -> {
                for (JsonNode element : value) {
                    if (!element.isTextual()) {
                        throw problem("line " + line + " holds an array with " + element + " in it; a set field holds"
                                + " arrays of strings");
                    }
                }
                saw(Seen.ARRAY, line);
            }
            default -> throw problem("line " + line + " holds an " + value.getNodeType().name().toLowerCase(Locale.ROOT)
                    + " (" + TextValues.printable(abbreviated(value.toString())) + "); fields hold integers, bools, strings,"
                    + " timestamps or arrays of strings");
        }
    }

    private static String abbreviated(String json) {
        return json.length() > 60 ? json.substring(0, 60) + "..." : json;
    }

    private void digits(BigDecimal number, long line) {
        BigDecimal plain = number.scale() < 0 ? number.setScale(0) : number;
        int before = plain.precision() - plain.scale();
        if (plain.scale() > scale || before > integerDigits) {
            scale = Math.max(scale, plain.scale());
            integerDigits = Math.max(integerDigits, before);
            changedOnLine = line;
        }
    }

    private void saw(Seen kind, long line) {
        if (firstLine.putIfAbsent(kind, line) == null) {
            changedOnLine = line;
        }
    }

    /**
     * The field, named as the column, of the type that reads every value seen. A column with no
     * values is keyed, which reads whatever comes later. In CSV every cell is text, so a column whose
     * cells fit no narrower type is keyed; in JSON the loader takes each type in one form only, so a
     * column that mixes forms is refused, saying where each was seen. Numbers with a point make a
     * decimal of the largest scale seen (integers among them are decimals too).
     */
    FieldDef field(boolean json) {
        if (firstLine.isEmpty() || (!json && has(Seen.TEXT))) {
            return FieldDef.keyed(column);
        }
        if (only(Seen.INTEGER, Seen.ZERO_OR_ONE)) {
            return FieldDef.intField(column);
        }
        if (only(Seen.BOOL, Seen.ZERO_OR_ONE)) {
            return FieldDef.bool(column);
        }
        if (only(Seen.TIMESTAMP, Seen.INTEGER, Seen.ZERO_OR_ONE)) {
            return FieldDef.timestamp(column);
        }
        if (only(Seen.FRACTION, Seen.INTEGER, Seen.ZERO_OR_ONE)) {
            if (scale + integerDigits > DECIMAL_DIGITS) {
                throw problem("its numbers need " + integerDigits + " digits before the point and " + scale + " after it"
                        + " (" + where(Seen.FRACTION) + "); a decimal holds " + DECIMAL_DIGITS + " digits in all: write the"
                        + " schema yourself with --schema FILE");
            }
            return FieldDef.decimal(column, scale);
        }
        if (only(Seen.ARRAY)) {
            return FieldDef.set(column);
        }
        if (!json || only(Seen.TEXT, Seen.TIMESTAMP)) {
            return FieldDef.keyed(column);
        }
        throw problem("its values are of different kinds (" + String.join(", ", firstLine.keySet().stream().map(this::where)
                .toList()) + "); a field holds one kind: write the schema yourself with --schema FILE");
    }

    private boolean has(Seen kind) {
        return firstLine.containsKey(kind);
    }

    /** Whether nothing but {@code kinds} was seen. */
    private boolean only(Seen... kinds) {
        Map<Seen, Long> rest = new EnumMap<>(firstLine);
        for (Seen kind : kinds) {
            rest.remove(kind);
        }
        return rest.isEmpty();
    }

    private String where(Seen kind) {
        String name = switch (kind) {
            case INTEGER, ZERO_OR_ONE -> "integers";
            case BOOL -> "bools";
            case TIMESTAMP -> "timestamps";
            case FRACTION -> "fractions";
            case TEXT -> "strings";
            case ARRAY -> "arrays";
        };
        return name + " from line " + firstLine.get(kind);
    }

    private CliException problem(String what) {
        return new CliException(ExitCodes.DATA_ERROR, "cannot infer a type for column '" + TextValues.printable(column)
                + "': " + what);
    }

    /**
     * The digits of the integer {@code text} holds, leading zeros aside (at least 1: what
     * {@code BigDecimal.precision} counts), if it is one that {@link TextValues#integer} reads; else -1.
     */
    private static int integerDigits(String text) {
        int from = 0;
        int to = text.length();
        while (from < to && Character.isWhitespace(text.charAt(from))) {
            from++;
        }
        while (to > from && Character.isWhitespace(text.charAt(to - 1))) {
            to--;
        }
        if (from < to && (text.charAt(from) == '-' || text.charAt(from) == '+')) {
            from++;
        }
        if (from == to) {
            return -1;
        }
        int significant = 0;
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            if (significant > 0 || c != '0') {
                significant++;
            }
        }
        if (significant >= 19 && !isInteger(text)) {
            return -1; // does not fit a 64-bit integer
        }
        return Math.max(significant, 1);
    }

    /** Whether {@code word} has only the characters of a plain decimal number, so the pattern is worth trying. */
    private static boolean isNumberText(String word) {
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if ((c < '0' || c > '9') && c != '.' && c != '+' && c != '-') {
                return false;
            }
        }
        return true;
    }

    private static boolean isInteger(String text) {
        String s = text.strip();
        int start = s.startsWith("-") || s.startsWith("+") ? 1 : 0;
        if (s.length() == start || !s.chars().skip(start).allMatch(c -> c >= '0' && c <= '9')) {
            return false;
        }
        try {
            TextValues.integer(text);
            return true;
        } catch (ValueException e) {
            return false;
        }
    }

    private boolean isTimestamp(String text) {
        // Only what starts like a date (YYYY-) is tried: a parse that fails costs an exception, and a
        // keyed column of a sample has a hundred thousand of them.
        String s = text.strip();
        if (s.length() < 10 || s.charAt(4) != '-' || !Character.isDigit(s.charAt(0)) || !Character.isDigit(s.charAt(3))) {
            return false;
        }
        try {
            Timestamps.parseMillis(text, localZone);
            return true;
        } catch (ValueException e) {
            return false;
        }
    }
}
