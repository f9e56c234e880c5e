package dev.big.reliability;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Bad CSV and JSON Lines inputs for {@code big load} into the {@link EventRecords} table, made
 * from a seed: a valid file (random columns in random order, sometimes an id column) then one to
 * three mutations: bytes flipped, inserted or cut out, the file truncated anywhere, a cell or JSON
 * value replaced by a nasty one (numbers past 64 bits, fractions, bad dates, unicode, text longer
 * than a keyed value may be, invalid UTF-8), quotes unbalanced, header columns unknown or repeated,
 * rows of the wrong width, lines that are not JSON objects, nesting thousands deep.
 */
final class LoadInputs {

    /** One input: file name, bytes, whether it has an id column (then a load may replace records), what was done. */
    record Input(String name, byte[] bytes, boolean jsonl, boolean hasIds, String what) {}

    private static final String[] FIELDS = {"value", "kind", "flag", "at", "tags"};

    private static final String[] NASTY_CELLS = {
        "", " ", "\"\"", "99999999999999999999", "-9223372036854775809", "9223372036854775807", "-9223372036854775808",
        "1e10", "1.5", "0x10", "+5", "--5", "NaN", "Infinity", "-0", "1_000", "1,000", "١٢٣", "１２３",
        "2024-13-01T00:00:00Z", "2024-01-01T00:00:00+25:00", "2024-02-30T00:00:00Z", "2024-01-01T00:00:00",
        "+292278994-08-17T07:12:55.807Z", "-292275055-05-16T16:47:04.192Z", "99999999999999999", "1970-01-01T00:00:00Z",
        "2024-01-01 00:00:00Z", "T", "Z", "true", "maybe", "YES", "nO", "0", "2", "😀", "\u202Eevil", "a|b|", "|||", "|",
        "null", "NULL", "\u00a0", "é", "\r", "\t", "\\", "'", "\"quoted\"",
    };

    private static final String[] NASTY_JSON = {
        "1e400", "-0", "1.5", "\"12\"", "true", "false", "null", "[]", "{}", "[1, 2]", "[\"a\", 1]", "[null]",
        "\"2024-01-01T00:00:00\"", "123456789012345678901234567890", "-9223372036854775809", "9223372036854775807",
        "\"\\u0000\"", "\"\\ud83d\\ude00\"", "[[[[]]]]", "{\"a\": {\"b\": 1}}", "\"\\uZZZZ\"", "NaN", "Infinity", "01",
        "0x10", "'single'", "\"tab\\there\"", "1" + "0".repeat(2000), "\"" + "x".repeat(1001) + "\"",
    };

    private final int wideColumns;

    LoadInputs(int wideColumns) {
        this.wideColumns = wideColumns;
    }

    /** A header of {@code wideColumns} columns: "millions of columns". */
    Input wide(boolean jsonl) {
        StringBuilder text = new StringBuilder(wideColumns * 8);
        if (jsonl) {
            text.append('{');
            for (int c = 0; c < wideColumns; c++) {
                text.append(c == 0 ? "" : ", ").append("\"c").append(c).append("\": ").append(c);
            }
            text.append("}\n");
        } else {
            for (int c = 0; c < wideColumns; c++) {
                text.append(c == 0 ? "" : ",").append('c').append(c);
            }
            text.append("\n1,2,3\n");
        }
        return new Input(jsonl ? "wide.jsonl" : "wide.csv", text.toString().getBytes(StandardCharsets.UTF_8), jsonl, false,
                wideColumns + " columns");
    }

    Input next(SplittableRandom random, int index) {
        boolean jsonl = random.nextInt(3) == 0;
        boolean ids = random.nextInt(10) == 0;
        List<String> columns = new ArrayList<>(Arrays.asList(FIELDS));
        shuffle(columns, random);
        columns = new ArrayList<>(columns.subList(0, 1 + random.nextInt(columns.size())));
        if (ids) {
            columns.add(random.nextInt(columns.size() + 1), "id");
        }
        int rows = random.nextInt(4) == 0 ? random.nextInt(3) : 1 + random.nextInt(120);
        byte[] bytes = jsonl ? jsonl(random, columns, rows) : csv(random, columns, rows);
        List<String> done = new ArrayList<>();
        int mutations = 1 + random.nextInt(3);
        for (int m = 0; m < mutations; m++) {
            int kind = random.nextInt(10);
            bytes = switch (kind) {
                case 0 -> {
                    done.add("flipped a byte");
                    yield flip(bytes, random);
                }
                case 1 -> {
                    byte[] inserted = special(random);
                    done.add("inserted " + Arrays.toString(inserted));
                    yield insert(bytes, random.nextInt(bytes.length + 1), inserted);
                }
                case 2 -> {
                    done.add("cut out bytes");
                    yield cut(bytes, random);
                }
                case 3 -> {
                    int at = random.nextInt(bytes.length + 1);
                    done.add("truncated at " + at);
                    yield Arrays.copyOf(bytes, at);
                }
                case 4, 5, 6 -> {
                    String nasty = jsonl ? NASTY_JSON[random.nextInt(NASTY_JSON.length)] : nastyCell(random);
                    done.add("a value replaced by " + abbreviate(nasty));
                    yield jsonl ? replaceJsonValue(bytes, nasty, random) : replaceCell(bytes, nasty, random);
                }
                case 7 -> {
                    done.add("an unbalanced quote");
                    yield insert(bytes, random.nextInt(bytes.length + 1), new byte[] {'"'});
                }
                case 8 -> {
                    String line = jsonl ? structuralJsonLine(random) : structuralCsvLine(random, columns);
                    done.add("a line " + abbreviate(line));
                    yield insertLine(bytes, line, random);
                }
                default -> {
                    String header = header(random, columns);
                    done.add("header " + abbreviate(header));
                    yield replaceFirstLine(bytes, header, jsonl);
                }
            };
        }
        String name = "input-" + index + (jsonl ? ".jsonl" : ".csv");
        return new Input(name, bytes, jsonl, ids, (jsonl ? "JSONL" : "CSV") + " of " + rows + " rows, columns " + columns
                + ": " + String.join(", ", done));
    }

    /** A valid CSV file of {@code rows} rows (so the good loads between bad ones can use it too). */
    static byte[] csv(SplittableRandom random, List<String> columns, int rows) {
        StringBuilder text = new StringBuilder(String.join(",", columns)).append('\n');
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < columns.size(); c++) {
                text.append(c == 0 ? "" : ",").append(csvValue(columns.get(c), random));
            }
            text.append('\n');
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] jsonl(SplittableRandom random, List<String> columns, int rows) {
        StringBuilder text = new StringBuilder();
        for (int r = 0; r < rows; r++) {
            text.append('{');
            for (int c = 0; c < columns.size(); c++) {
                text.append(c == 0 ? "" : ", ").append('"').append(columns.get(c)).append("\": ").append(jsonValue(columns.get(c), random));
            }
            text.append("}\n");
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String csvValue(String column, SplittableRandom random) {
        return switch (column) {
            case "id" -> Long.toString(random.nextLong(1 << 22));
            case "value" -> Long.toString(random.nextLong(-1_000_000, 1_000_000));
            case "kind" -> random.nextInt(10) == 0 ? "\"with, comma\"" : "k" + random.nextInt(30);
            case "flag" -> new String[] {"true", "false", "1", "0", "yes", "No", ""}[random.nextInt(7)];
            case "at" -> random.nextBoolean() ? Long.toString(EventRecords.FIRST_AT_MILLIS + random.nextLong(1L << 32))
                    : java.time.Instant.ofEpochMilli(EventRecords.FIRST_AT_MILLIS + random.nextLong(1L << 32)).toString();
            default -> new String[] {"a", "a|b", "b|c|d", ""}[random.nextInt(4)];
        };
    }

    private static String jsonValue(String column, SplittableRandom random) {
        return switch (column) {
            case "id" -> Long.toString(random.nextLong(1 << 22));
            case "value" -> Long.toString(random.nextLong(-1_000_000, 1_000_000));
            case "kind" -> "\"k" + random.nextInt(30) + "\"";
            case "flag" -> random.nextBoolean() ? "true" : "false";
            case "at" -> random.nextBoolean() ? Long.toString(EventRecords.FIRST_AT_MILLIS + random.nextLong(1L << 32))
                    : "\"" + java.time.Instant.ofEpochMilli(EventRecords.FIRST_AT_MILLIS + random.nextLong(1L << 32)) + "\"";
            default -> new String[] {"[\"a\"]", "[\"a\", \"b\"]", "[]", "null"}[random.nextInt(4)];
        };
    }

    private static String nastyCell(SplittableRandom random) {
        int kind = random.nextInt(10);
        if (kind == 0) {
            return "x".repeat(990 + random.nextInt(20));
        }
        if (kind == 1) {
            return "é".repeat(495 + random.nextInt(10));
        }
        if (kind == 2) {
            return "y".repeat(10_000 + random.nextInt(1_000_000));
        }
        String nasty = NASTY_CELLS[random.nextInt(NASTY_CELLS.length)];
        return nasty.contains(",") || nasty.contains("\"") || nasty.contains("\r") ? "\"" + nasty.replace("\"", "\"\"") + "\"" : nasty;
    }

    private static String header(SplittableRandom random, List<String> columns) {
        List<String> header = new ArrayList<>(columns);
        int at = random.nextInt(header.size());
        switch (random.nextInt(6)) {
            case 0 -> header.set(at, "nope");
            case 1 -> header.add(header.get(at));
            case 2 -> header.set(at, header.get(at).toUpperCase());
            case 3 -> header.set(at, " " + header.get(at) + " ");
            case 4 -> header.set(at, "");
            default -> header.clear();
        }
        return String.join(",", header);
    }

    private static String structuralCsvLine(SplittableRandom random, List<String> columns) {
        return switch (random.nextInt(5)) {
            case 0 -> ",".repeat(columns.size() + 1 + random.nextInt(5));
            case 1 -> "only";
            case 2 -> "\"unterminated," + "z".repeat(random.nextInt(100));
            case 3 -> String.join(",", columns);
            default -> ",".repeat(random.nextInt(40_000));
        };
    }

    private static String structuralJsonLine(SplittableRandom random) {
        return switch (random.nextInt(10)) {
            case 0 -> "[1, 2, 3]";
            case 1 -> "42";
            case 2 -> "\"just a string\"";
            case 3 -> "{\"value\": 1, \"value\": 2}";
            case 4 -> "{\"value\": 1,}";
            case 5 -> "{\"kind\": \"unterminated";
            case 6 -> "{\"kind\": " + "[".repeat(900 + random.nextInt(5_000)) + "]".repeat(10);
            case 7 -> "{\"value\": 1} trailing";
            case 8 -> "{\"nope\": 1}";
            default -> "// a comment";
        };
    }

    private static byte[] special(SplittableRandom random) {
        byte[][] specials = {{0}, {'"'}, {','}, {'\n'}, {'\r'}, {(byte) 0xFF}, {(byte) 0xC3}, {(byte) 0xC0, (byte) 0x80},
            {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, {'{'}, {'}'}, {'['}, {'\\'},
            {'|'}, {'\t'}};
        return specials[random.nextInt(specials.length)];
    }

    private static byte[] flip(byte[] bytes, SplittableRandom random) {
        if (bytes.length == 0) {
            return bytes;
        }
        byte[] copy = bytes.clone();
        copy[random.nextInt(copy.length)] ^= (byte) (1 << random.nextInt(8));
        return copy;
    }

    private static byte[] cut(byte[] bytes, SplittableRandom random) {
        if (bytes.length == 0) {
            return bytes;
        }
        int from = random.nextInt(bytes.length);
        int to = Math.min(bytes.length, from + 1 + random.nextInt(20));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(bytes, 0, from);
        out.write(bytes, to, bytes.length - to);
        return out.toByteArray();
    }

    private static byte[] insert(byte[] bytes, int at, byte[] inserted) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(bytes, 0, at);
        out.write(inserted, 0, inserted.length);
        out.write(bytes, at, bytes.length - at);
        return out.toByteArray();
    }

    private static byte[] insertLine(byte[] bytes, String line, SplittableRandom random) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        lines.add(random.nextInt(lines.size() + 1), line);
        return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] replaceFirstLine(byte[] bytes, String header, boolean jsonl) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        int end = text.indexOf('\n');
        if (jsonl) {
            return (header + "\n" + text).getBytes(StandardCharsets.UTF_8);
        }
        return (header + (end < 0 ? "\n" : text.substring(end))).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] replaceCell(byte[] bytes, String nasty, SplittableRandom random) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        String[] lines = text.split("\n", -1);
        if (lines.length < 2) {
            return (text + nasty + "\n").getBytes(StandardCharsets.UTF_8);
        }
        int line = 1 + random.nextInt(lines.length - 1);
        String[] cells = lines[line].split(",", -1);
        cells[random.nextInt(cells.length)] = nasty;
        lines[line] = String.join(",", cells);
        return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] replaceJsonValue(byte[] bytes, String nasty, SplittableRandom random) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        String[] lines = text.split("\n", -1);
        int line = random.nextInt(lines.length);
        String l = lines[line];
        int colon = l.indexOf(": ", random.nextInt(Math.max(1, l.length())));
        if (colon < 0) {
            colon = l.indexOf(": ");
        }
        if (colon < 0) {
            lines[line] = "{\"value\": " + nasty + "}";
        } else {
            int end = colon + 2;
            int depth = 0;
            boolean inString = false;
            while (end < l.length()) {
                char c = l.charAt(end);
                if (c == '"' && (end == 0 || l.charAt(end - 1) != '\\')) {
                    inString = !inString;
                } else if (!inString && (c == '[' || c == '{')) {
                    depth++;
                } else if (!inString && (c == ']' || c == '}')) {
                    if (depth == 0) {
                        break;
                    }
                    depth--;
                } else if (!inString && c == ',' && depth == 0) {
                    break;
                }
                end++;
            }
            lines[line] = l.substring(0, colon + 2) + nasty + l.substring(end);
        }
        return String.join("\n", lines).getBytes(StandardCharsets.UTF_8);
    }

    private static void shuffle(List<String> list, SplittableRandom random) {
        for (int i = list.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            String t = list.get(i);
            list.set(i, list.get(j));
            list.set(j, t);
        }
    }

    static String abbreviate(String text) {
        String shown = text.replace("\n", "\\n").replace("\r", "\\r");
        return shown.length() <= 60 ? "\"" + shown + "\"" : "\"" + shown.substring(0, 40) + "...\" (" + text.length() + " chars)";
    }
}
