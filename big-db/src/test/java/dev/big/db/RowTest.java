package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RowTest {

    @Test
    void aReusedBuilderLeavesRecordsItBuiltAlone() {
        Row.Builder builder = Row.builder().set("value", 1L).set("type", "a");
        Row first = builder.build();
        Row second = builder.set("value", 2L).set("type", null).build();
        Row third = builder.set("extra", true).build();

        assertEquals(Map.of("value", 1L, "type", "a"), first.values());
        assertEquals(Map.of("value", 2L), second.values());
        assertEquals(Map.of("value", 2L, "extra", true), third.values());
    }

    @Test
    void valuesKeepTheOrderTheyWereSetInAndCannotBeChanged() {
        Row record = Row.of("b", 1L, "a", 2L, "c", null);
        assertEquals(List.of("b", "a"), List.copyOf(record.values().keySet()));
        assertFalse(record.has("c"));
        assertNull(record.get("c"));
        assertThrows(UnsupportedOperationException.class, () -> record.values().put("d", 3L));
    }

    @Test
    void typedAccessorsReadTheirKindAndNameTheKindOfAnyOther() {
        Row row = Row.of("value", 5L, "type", "click", "verified", true, "at", Instant.ofEpochMilli(7), "price",
                new BigDecimal("1.25"), "tags", Set.of("a"));
        assertEquals(5L, row.getLong("value"));
        assertEquals("click", row.getString("type"));
        assertEquals(true, row.getBoolean("verified"));
        assertEquals(Instant.ofEpochMilli(7), row.getInstant("at"));
        assertEquals(new BigDecimal("1.25"), row.getDecimal("price"));
        assertEquals(Set.of("a"), row.getSet("tags"));
        assertNull(row.getLong("missing"));

        assertEquals("field 'type' holds a keyed value (\"click\"), not an int value (getLong): read it with getString",
                assertThrows(IllegalArgumentException.class, () -> row.getLong("type")).getMessage());
        assertEquals("field 'price' holds a decimal value (1.25), not an int value (getLong): read it with getDecimal",
                assertThrows(IllegalArgumentException.class, () -> row.getLong("price")).getMessage());
        assertEquals("field 'value' holds an int value (5), not a keyed value (getString): read it with getLong",
                assertThrows(IllegalArgumentException.class, () -> row.getString("value")).getMessage());
        assertEquals("field 'tags' holds a set value ([a]), not a bool value (getBoolean): read it with getSet",
                assertThrows(IllegalArgumentException.class, () -> row.getBoolean("tags")).getMessage());
        assertEquals("field 'verified' holds a bool value (true), not a timestamp value (getInstant): read it with getBoolean",
                assertThrows(IllegalArgumentException.class, () -> row.getInstant("verified")).getMessage());
    }

    @Test
    void ofRefusesAnOddArgumentCountAndNamesThatAreNotStrings() {
        assertThrows(IllegalArgumentException.class, () -> Row.of("value"));
        assertEquals("Row.of takes name, value pairs: argument 2 should be a field name, not 7",
                assertThrows(IllegalArgumentException.class, () -> Row.of("value", 1L, 7, 2L)).getMessage());
    }
}
