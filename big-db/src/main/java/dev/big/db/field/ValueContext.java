package dev.big.db.field;

import dev.big.db.InvalidInputException;
import dev.big.db.catalog.FieldInfo;

/** Where a value being checked comes from, for the messages that refuse it (table, field and record), and the field's kind. */
public record ValueContext(String table, FieldInfo field, FieldKind kind, String where) {

    /** The context of {@code field}'s values, its kind looked up once (a load checks millions of values). */
    public ValueContext(String table, FieldInfo field, String where) {
        this(table, field, field.kind(), where);
    }

    /** A refusal that starts with table, field and record, then says {@code what}. */
    public InvalidInputException invalid(String what) {
        return new InvalidInputException("table '" + table + "', field '" + field.name() + "', " + where + ": " + what);
    }

    /** A refusal of {@code value} for not being {@code expected}, showing the value and its class. */
    public InvalidInputException wrongType(Object value, String expected) {
        String shown = value instanceof String s ? "\"" + (s.length() > 60 ? s.substring(0, 60) + "..." : s) + "\""
                : String.valueOf(value);
        return new InvalidInputException("table '" + table + "', field '" + field.name() + "' (" + field.type().label()
                + "), " + where + ": expected " + expected + ", got " + shown
                + (value == null ? "" : " (" + value.getClass().getSimpleName() + ")"));
    }
}
