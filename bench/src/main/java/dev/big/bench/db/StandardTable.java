package dev.big.bench.db;

import dev.big.db.FieldDef;
import dev.big.db.Row;
import dev.big.db.TableDef;
import dev.big.workload.Event;
import java.time.Instant;
import java.util.Iterator;

/** The standard event schema as a big table, and generated events as big records. */
public final class StandardTable {

    public static final String NAME = "events";

    public static final TableDef DEF = TableDef.of(NAME,
            FieldDef.intField("value", 0, (1 << 20) - 1),
            FieldDef.keyed("type"),
            FieldDef.bool("verified"),
            FieldDef.timestamp("received_at"),
            FieldDef.intField("size", 0, 999_999),
            FieldDef.set("tags"));

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
