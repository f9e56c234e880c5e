package dev.big.reliability;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Schema files for {@code big create}, made from a seed: JSON of random shape (tables and fields
 * with names that are valid, too long, reserved, empty, non-ASCII or not names at all; types that
 * exist and that do not; bounds that are not integers, past 64 bits, reversed or on a field that
 * takes none; unknown keys; more fields than a table may have), sometimes with bytes mutated after.
 *
 * <p>Table names may repeat within one file: such a schema must create nothing (it once left a
 * file behind; big-cli's BadInputIT guards that case on its own).
 */
final class SchemaInputs {

    record Input(byte[] bytes, String what) {}

    private static final String[] NAMES = {"t", "events", "_", "a1", "x".repeat(64), "x".repeat(65), "", "1abc", "a-b",
        "a b", "id", "ID", "таблица", "ü", "select", "from", "value", "A", "a", "\u0000", "tab\tname", "😀"};
    private static final String[] TYPES = {"int", "timestamp", "bool", "keyed", "set", "INT", "integer", "", "string",
        "Int ", "float", "list"};
    private static final String[] BOUNDS = {"0", "-1", "1048575", "9223372036854775807", "-9223372036854775808",
        "9223372036854775808", "1.5", "1e30", "\"5\"", "null", "true", "[]", "-0"};

    private final int wideColumns;

    SchemaInputs(int wideColumns) {
        this.wideColumns = wideColumns;
    }

    Input next(SplittableRandom random) {
        int shape = random.nextInt(12);
        String json;
        String what;
        switch (shape) {
            case 0 -> {
                json = new String[] {"", "{}", "[]", "null", "42", "\"tables\"", "{\"tables\": {}}", "{\"tables\": null}",
                    "{\"tables\": [1]}", "{\"tables\": [[]]}", "{\"tables\": []", "{\"tables\": [], \"x\": 1}",
                    "{\"tables\": []}"}[random.nextInt(13)];
                what = "top level " + json;
            }
            case 1 -> {
                int fields = random.nextBoolean() ? 1_024 + random.nextInt(3) : wideColumns;
                json = table("wide", fields, random, true);
                json = "{\"tables\": [" + json + "]}";
                what = "one table of " + fields + " fields";
            }
            default -> {
                int tables = random.nextInt(4);
                List<String> parts = new ArrayList<>();
                for (int t = 0; t < tables; t++) {
                    String name = NAMES[random.nextInt(NAMES.length)];
                    parts.add(table(name, random.nextInt(8), random, false).replaceFirst("\"name\": \"[^\"]*\"",
                            "\"name\": " + quote(name)));
                }
                json = "{\"tables\": [" + String.join(", ", parts) + "]}";
                what = parts.size() + " random tables";
            }
        }
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        if (random.nextInt(4) == 0 && bytes.length > 0) {
            int at = random.nextInt(bytes.length);
            String replacements = " {}[],:\"0a-\\";
            bytes[at] = (byte) replacements.charAt(random.nextInt(replacements.length()));
            what += ", byte " + at + " changed";
        }
        return new Input(bytes, what);
    }

    private static String table(String name, int fieldCount, SplittableRandom random, boolean plain) {
        StringBuilder fields = new StringBuilder();
        for (int f = 0; f < fieldCount; f++) {
            if (f > 0) {
                fields.append(", ");
            }
            if (plain) {
                fields.append("{\"name\": \"f").append(f).append("\", \"type\": \"int\"}");
                continue;
            }
            List<String> keys = new ArrayList<>();
            String fieldName = random.nextInt(3) == 0 ? NAMES[random.nextInt(NAMES.length)] : "f" + f;
            if (random.nextInt(10) != 0) {
                keys.add("\"name\": " + quote(fieldName));
            }
            if (random.nextInt(10) != 0) {
                keys.add("\"type\": " + (random.nextInt(15) == 0 ? "5" : quote(TYPES[random.nextInt(TYPES.length)])));
            }
            if (random.nextInt(3) == 0) {
                keys.add("\"min\": " + BOUNDS[random.nextInt(BOUNDS.length)]);
            }
            if (random.nextInt(3) == 0) {
                keys.add("\"max\": " + BOUNDS[random.nextInt(BOUNDS.length)]);
            }
            if (random.nextInt(15) == 0) {
                keys.add("\"mn\": 0");
            }
            fields.append('{').append(String.join(", ", keys)).append('}');
        }
        return "{\"name\": " + quote(name) + ", \"fields\": [" + fields + "]}";
    }

    private static String quote(String text) {
        StringBuilder quoted = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            if (c < 0x20) {
                quoted.append(String.format("\\u%04x", (int) c));
            } else if (c == '"' || c == '\\') {
                quoted.append('\\').append(c);
            } else {
                quoted.append(c);
            }
        }
        return quoted.append('"').toString();
    }
}
