package dev.big.db.field;

import dev.big.db.FieldDef;
import dev.big.db.FieldType;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The one table of field kinds: the implementation of each public {@link FieldType}, and the type
 * code that names it in the catalog (the {@code Type} of a field entry, specified by
 * {@code CatalogCodec}) and in the export stream (the {@code Type} of a schema block's field,
 * specified by {@code ExportFormat}; docs/versioning.md lists both formats). Codes are format:
 * once written, a code keeps its kind forever.
 */
public final class FieldKinds {

    private record Entry(int code, FieldKind kind) {}

    private static final Map<FieldType, Entry> BY_TYPE = new EnumMap<>(FieldType.class);

    static {
        register(1, new IntKind());
        register(2, new TimestampKind());
        register(3, new BoolKind());
        register(4, new KeyedKind());
        register(5, new SetKind());
        register(6, DecimalKind.registered());
        for (FieldType type : FieldType.values()) {
            if (!BY_TYPE.containsKey(type)) {
                throw new ExceptionInInitializerError("field type " + type + " has no kind in FieldKinds");
            }
        }
    }

    private static void register(int code, FieldKind kind) {
        if (BY_TYPE.values().stream().anyMatch(e -> e.code() == code)) {
            throw new ExceptionInInitializerError("type code " + code + " is given twice");
        }
        BY_TYPE.put(kind.type(), new Entry(code, kind));
    }

    /** The kind implementing {@code type} (for a kind with a parameter, one with its default). */
    public static FieldKind of(FieldType type) {
        return BY_TYPE.get(type).kind();
    }

    /** The kind of a field defined as {@code def}, with its parameters (a decimal's scale). */
    public static FieldKind of(FieldDef def) {
        return BY_TYPE.get(def.type()).kind().of(def);
    }

    /**
     * The labels of the types whose kinds pass {@code test}, for messages: "an int or timestamp"
     * (article included), in the table's order.
     */
    public static String labels(Predicate<FieldKind> test) {
        List<String> labels = new ArrayList<>();
        for (Entry entry : BY_TYPE.values()) {
            if (test.test(entry.kind())) {
                labels.add(entry.kind().type().label());
            }
        }
        String last = labels.removeLast();
        String list = labels.isEmpty() ? last : String.join(", ", labels) + " or " + last;
        return (list.matches("[aeiou].*") ? "an " : "a ") + list;
    }

    /** The code that names {@code type} in the catalog and the export stream. */
    public static int code(FieldType type) {
        return BY_TYPE.get(type).code();
    }

    /** The type named by {@code code}, or null if no kind has that code. */
    public static FieldType ofCode(int code) {
        for (Entry entry : BY_TYPE.values()) {
            if (entry.code() == code) {
                return entry.kind().type();
            }
        }
        return null;
    }

    private FieldKinds() {}
}
