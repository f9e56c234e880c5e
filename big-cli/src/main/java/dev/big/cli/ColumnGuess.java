package dev.big.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.big.db.FieldType;
import java.time.ZoneId;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What the values of one input column were, seen row by row, and the field type that holds them
 * all: the narrowest of int, bool, timestamp, keyed (CSV) or set (JSON arrays) that the loader
 * then reads every value of the column into.
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
        /** A number with a fraction or an exponent: no field kind holds it. */
        FRACTION,
        /** Any other text. */
        TEXT,
        /** A JSON array of strings. */
        ARRAY,
    }

    private static final Pattern FRACTION = Pattern.compile("[+-]?(\\d+\\.\\d*|\\.\\d+|\\d+(\\.\\d*)?e[+-]?\\d+)");

    private final String column;
    private final ZoneId localZone;
    /** The first line each kind of value was seen on. */
    private final Map<Seen, Long> firstLine = new EnumMap<>(Seen.class);

    ColumnGuess(String column, ZoneId localZone) {
        this.column = column;
        this.localZone = localZone;
    }

    String column() {
        return column;
    }

    /** A CSV cell on {@code line}; empty is no value. */
    void text(String cell, long line) {
        if (cell.isEmpty() || has(Seen.TEXT)) {
            // Text makes a CSV column keyed whatever else it holds: no need to look further.
            return;
        }
        String word = cell.strip().toLowerCase(Locale.ROOT);
        if (word.equals("0") || word.equals("1")) {
            saw(Seen.ZERO_OR_ONE, line);
        } else if (isInteger(cell)) {
            saw(Seen.INTEGER, line);
        } else if (word.equals("true") || word.equals("false") || word.equals("yes") || word.equals("no")) {
            saw(Seen.BOOL, line);
        } else if (FRACTION.matcher(word).matches()) {
            saw(Seen.FRACTION, line);
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

    private void saw(Seen kind, long line) {
        firstLine.putIfAbsent(kind, line);
    }

    /**
     * The type that reads every value seen. A column with no values is keyed, which reads whatever
     * comes later. In CSV every cell is text, so a column whose cells fit no narrower type is keyed;
     * in JSON the loader takes each type in one form only, so a column that mixes forms is refused,
     * saying where each was seen. Numbers with a fraction fit no field kind and are refused.
     */
    FieldType type(boolean json) {
        if (firstLine.isEmpty()) {
            return FieldType.KEYED;
        }
        if (has(Seen.FRACTION) && !(has(Seen.TEXT) && !json)) {
            throw problem("it holds numbers with a fraction (" + where(Seen.FRACTION) + "), and big's fields hold integers:"
                    + " scale them to integers (cents, milliseconds) or write the schema yourself with --schema FILE");
        }
        if (only(Seen.INTEGER, Seen.ZERO_OR_ONE)) {
            return FieldType.INT;
        }
        if (only(Seen.BOOL, Seen.ZERO_OR_ONE)) {
            return FieldType.BOOL;
        }
        if (only(Seen.TIMESTAMP, Seen.INTEGER, Seen.ZERO_OR_ONE)) {
            return FieldType.TIMESTAMP;
        }
        if (only(Seen.ARRAY)) {
            return FieldType.SET;
        }
        if (!json || only(Seen.TEXT, Seen.TIMESTAMP)) {
            return FieldType.KEYED;
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
