package dev.big.db.sql;

import dev.big.db.FieldDef;
import dev.big.db.Row;
import dev.big.db.TableDef;
import dev.big.workload.Event;
import dev.big.workload.EventGenerator;
import dev.big.workload.IdLayout;
import java.time.Instant;
import java.util.Iterator;

/**
 * The standard events of big-workload's {@link EventGenerator} as big records, appended with dense
 * ids from 0, and the table they fill: what the SQL latency harness loads. How each field is
 * distributed is {@code EventGenerator}'s to say.
 */
final class StandardEvents implements Iterable<Row> {

    static final TableDef EVENTS = TableDef.of("events", FieldDef.intField("value"), FieldDef.keyed("type"),
            FieldDef.bool("verified"), FieldDef.timestamp("received_at"), FieldDef.intField("size"), FieldDef.set("tags"));
    static final long FIRST_RECEIVED_AT_MILLIS = EventGenerator.FIRST_RECEIVED_AT_MILLIS;

    private final EventGenerator events;

    StandardEvents(long seed, long count) {
        this.events = new EventGenerator(seed, count, new IdLayout.Dense());
    }

    /** The type of Zipf rank {@code rank}, "type00" the most common. */
    static String type(int rank) {
        return EventGenerator.typeNames().get(rank);
    }

    @Override
    public Iterator<Row> iterator() {
        Iterator<Event> generated = events.iterator();
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return generated.hasNext();
            }

            @Override
            public Row next() {
                Event e = generated.next();
                return Row.builder().set("value", e.value()).set("type", e.type()).set("verified", e.verified())
                        .set("received_at", Instant.ofEpochMilli(e.receivedAt())).set("size", e.size())
                        .set("tags", e.tags().isEmpty() ? null : e.tags()).build();
            }
        };
    }
}
