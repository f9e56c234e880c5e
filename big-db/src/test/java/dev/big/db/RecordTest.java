package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RecordTest {

    @Test
    void aReusedBuilderLeavesRecordsItBuiltAlone() {
        Record.Builder builder = Record.builder().set("value", 1L).set("type", "a");
        Record first = builder.build();
        Record second = builder.set("value", 2L).set("type", null).build();
        Record third = builder.set("extra", true).build();

        assertEquals(Map.of("value", 1L, "type", "a"), first.values());
        assertEquals(Map.of("value", 2L), second.values());
        assertEquals(Map.of("value", 2L, "extra", true), third.values());
    }

    @Test
    void valuesKeepTheOrderTheyWereSetInAndCannotBeChanged() {
        Record record = Record.of("b", 1L, "a", 2L, "c", null);
        assertEquals(List.of("b", "a"), List.copyOf(record.values().keySet()));
        assertFalse(record.has("c"));
        assertNull(record.get("c"));
        assertThrows(UnsupportedOperationException.class, () -> record.values().put("d", 3L));
    }
}
