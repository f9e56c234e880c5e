package dev.big.db.field;

import dev.big.db.FieldType;
import dev.big.db.InvalidInputException;
import dev.big.engine.dict.Dictionary;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** {@code keyed}: one string per record, stored as its dictionary id (a row per id, and the id's bit planes). */
public final class KeyedKind implements FieldKind {

    KeyedKind() {}

    @Override
    public FieldType type() {
        return FieldType.KEYED;
    }

    @Override
    public Object normalize(Object value, ValueContext context) {
        if (!(value instanceof String s)) {
            throw context.wrongType(value, "a string");
        }
        checkText(context.table(), context.field().name(), s);
        return s;
    }

    /**
     * Checks that {@code value} can be stored in a keyed or set field, naming the field when it
     * cannot: at most {@link Dictionary#MAX_VALUE_BYTES} in UTF-8, and well-formed UTF-16, since an
     * unpaired surrogate has no UTF-8 form and would be stored as '?', silently turned into another
     * string.
     */
    static void checkText(String table, String fieldName, String value) {
        int unpaired = Dictionary.unpairedSurrogate(value);
        if (unpaired >= 0) {
            throw new InvalidInputException("table '" + table + "', field '" + fieldName + "': the value has an unpaired"
                    + " UTF-16 surrogate (\\u" + Integer.toHexString(value.charAt(unpaired)).toUpperCase(Locale.ROOT)
                    + " at index " + unpaired + "), which is not text and has no UTF-8 form; fix the producer of the data");
        }
        int length = value.length();
        // A UTF-16 char takes at most 3 UTF-8 bytes, so short strings need no encoding to know they fit.
        if (length * 3 > Dictionary.MAX_VALUE_BYTES) {
            int utf8Length = value.getBytes(StandardCharsets.UTF_8).length;
            if (utf8Length > Dictionary.MAX_VALUE_BYTES) {
                throw new InvalidInputException("table '" + table + "', field '" + fieldName + "': value of "
                        + utf8Length + " UTF-8 bytes is longer than the " + Dictionary.MAX_VALUE_BYTES + " allowed (starts \""
                        + value.substring(0, Math.min(40, value.length())) + "...\")");
            }
        }
    }
}
