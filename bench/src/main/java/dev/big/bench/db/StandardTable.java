package dev.big.bench.db;

import dev.big.db.FieldDef;
import dev.big.db.Row;
import dev.big.db.TableDef;
import dev.big.workload.Event;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;

/** The standard event schema as a big table, and generated events as big records. */
public final class StandardTable {

    public static final String NAME = "events";

    /**
     * The fields (comma-separated) that get an order index, if any: set by the campaign's
     * {@code --order-index} and passed on to every phase JVM, so all of them make the same table.
     */
    public static final String ORDER_INDEX_PROPERTY = "big.bench.orderIndex";

    public static final TableDef DEF = new TableDef(NAME, withOrderIndexes(List.of(
            FieldDef.intField("value", 0, (1 << 20) - 1),
            FieldDef.keyed("type"),
            FieldDef.bool("verified"),
            FieldDef.timestamp("received_at"),
            FieldDef.intField("size", 0, 999_999),
            FieldDef.set("tags"))));

    /** The fields of {@link #ORDER_INDEX_PROPERTY}, empty if it is not set. */
    public static List<String> orderIndexed() {
        String fields = System.getProperty(ORDER_INDEX_PROPERTY, "");
        return fields.isBlank() ? List.of() : List.of(fields.split(","));
    }

    private static List<FieldDef> withOrderIndexes(List<FieldDef> fields) {
        List<String> indexed = orderIndexed();
        for (String name : indexed) {
            if (fields.stream().noneMatch(f -> f.name().equals(name))) {
                throw new IllegalArgumentException(ORDER_INDEX_PROPERTY + " names '" + name + "', which is no field of "
                        + NAME);
            }
        }
        return fields.stream().map(f -> indexed.contains(f.name()) ? f.withOrderIndex() : f).toList();
    }

    /** The record of {@code event}, with its id. */
    public static Row record(Event event) {
        Row.Builder builder = Row.builder().id(event.id())
                .set("value", event.value())
                .set("type", event.type())
                .set("verified", event.verified())
                .set("received_at", Instant.ofEpochMilli(event.receivedAt()))
                .set("size", event.size());
        if (!event.tags().isEmpty()) {
            builder.set("tags", event.tags());
        }
        return builder.build();
    }

    /** {@code events} as records, lazily. */
    public static Iterable<Row> records(Iterable<Event> events) {
        return () -> new Iterator<>() {
            private final Iterator<Event> it = events.iterator();

            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public Row next() {
                return record(it.next());
            }
        };
    }

    private StandardTable() {}
}
