package dev.big.cli;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.big.db.FieldDef;
import dev.big.db.Row;
import dev.big.db.TableDef;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * JSON Lines rows: one JSON object per line, UTF-8, keys naming the table's fields in any case;
 * blank lines are skipped. An {@code "id"} key is optional, as in CSV. Keys left out or
 * {@code null} have no value. A key naming no field is refused, or skipped with
 * {@code --ignore-unknown}. Values are converted by {@link JsonValues}.
 */
final class JsonlRows implements RowSource {

    // Exact numbers: a decimal field's 0.1 must not pass through a double on its way in.
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    private final OpenedInput input;
    private final BufferedReader lines;
    private final FieldsByName fields;
    private final ReadOptions options;
    /** Keys skipped under --ignore-unknown, in the order first seen. */
    private final Set<String> ignored = new LinkedHashSet<>();
    private long line;

    JsonlRows(OpenedInput input, TableDef table, ReadOptions options) {
        this.input = input;
        this.lines = new BufferedReader(new InputStreamReader(input.data(), StandardCharsets.UTF_8), 1 << 16);
        this.fields = new FieldsByName(table);
        this.options = options;
    }

    @Override
    public Located next() {
        String text;
        do {
            text = readLine();
            if (text == null) {
                return null;
            }
            line++;
        } while (text.isBlank());
        RowPosition position = new RowPosition(input.name(), line);
        JsonNode object;
        try {
            object = JSON.readTree(text);
        } catch (JacksonException e) {
            throw new BadRowException(position, null, "not valid JSON: " + JsonErrors.describe(e), text);
        }
        if (!object.isObject()) {
            throw new BadRowException(position, null, "expected a JSON object {\"field\": value, ...}, got "
                    + object.getNodeType().name().toLowerCase(java.util.Locale.ROOT), text);
        }
        Row.Builder record = Row.builder();
        for (Iterator<Map.Entry<String, JsonNode>> entries = object.properties().iterator(); entries.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = entries.next();
            String key = entry.getKey();
            JsonNode value = entry.getValue();
            try {
                if (FieldsByName.isId(key)) {
                    if (!value.isNull()) {
                        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
                            throw new ValueException("expected an integer, got " + value + "; " + CsvRows.ID_RANGE);
                        }
                        record.id(CsvRows.recordId(value.longValue()));
                    }
                    continue;
                }
                FieldDef field = fields.get(key);
                if (field == null) {
                    if (!options.ignoreUnknown()) {
                        throw new ValueException(fields.unknown("\"id\" key"));
                    }
                    ignored.add(key);
                    continue;
                }
                record.set(field.name(), JsonValues.parse(field, value, options.localZone()));
            } catch (ValueException e) {
                throw new BadRowException(position, key, e.getMessage(), text);
            }
        }
        return new Located(position, record.build());
    }

    private String readLine() {
        try {
            return lines.readLine();
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + input.name() + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public List<String> ignored() {
        return List.copyOf(ignored);
    }

    @Override
    public long bytesRead() {
        return input.bytesRead();
    }

    @Override
    public void close() {
        try {
            lines.close();
        } catch (IOException e) {
            // Reading is over; a failing close of an input changes nothing that was loaded.
        }
        input.close();
    }
}
