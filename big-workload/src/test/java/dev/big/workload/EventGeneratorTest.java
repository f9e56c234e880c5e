package dev.big.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The standard workload is deterministic and has the documented distributions. */
class EventGeneratorTest {

    private static final int SAMPLE = 200_000;

    @Test
    void theSameSeedGivesTheSameEventsOnEveryIteration() {
        EventGenerator generator = new EventGenerator(11, 5_000, new IdLayout.Dense());
        List<Event> first = list(generator);
        assertEquals(first, list(generator));
        assertEquals(first, list(new EventGenerator(11, 5_000, new IdLayout.Dense())));
        assertNotEquals(first, list(new EventGenerator(12, 5_000, new IdLayout.Dense())));
    }

    @Test
    void theLayoutChangesOnlyTheIds() {
        List<Event> dense = list(new EventGenerator(3, 2_000, new IdLayout.Dense()));
        List<Event> sparse = list(new EventGenerator(3, 2_000, new IdLayout.Sparse(64)));
        for (int i = 0; i < dense.size(); i++) {
            Event d = dense.get(i);
            Event s = sparse.get(i);
            assertEquals(new Event(s.id(), d.value(), d.type(), d.verified(), d.receivedAt(), d.size(), d.tags()), s);
        }
    }

    @Test
    void fieldsHaveTheDocumentedDistributions() {
        long[] typeCounts = new long[EventGenerator.TYPE_COUNT];
        long verified = 0;
        long valueSum = 0;
        long sizeSum = 0;
        long previousReceivedAt = Long.MIN_VALUE;
        long[] tagCountHistogram = new long[EventGenerator.MAX_TAGS_PER_EVENT + 1];
        Set<String> tagsSeen = new HashSet<>();
        long index = 0;
        for (Event event : new EventGenerator(2024, SAMPLE, new IdLayout.Dense())) {
            assertTrue(event.value() >= 0 && event.value() < EventGenerator.VALUE_LIMIT, "value " + event.value());
            valueSum += event.value();
            typeCounts[EventGenerator.typeNames().indexOf(event.type())]++;
            verified += event.verified() ? 1 : 0;
            if (index == 0) {
                assertEquals(EventGenerator.FIRST_RECEIVED_AT_MILLIS, event.receivedAt());
            } else {
                long step = event.receivedAt() - previousReceivedAt;
                assertTrue(step >= 700 && step <= 1_300, "step " + step + " at event " + index);
            }
            previousReceivedAt = event.receivedAt();
            assertTrue(event.size() >= 0 && event.size() < EventGenerator.SIZE_LIMIT, "size " + event.size());
            sizeSum += event.size();
            tagCountHistogram[event.tags().size()]++;
            assertEquals(new HashSet<>(event.tags()).size(), event.tags().size(), "tags are distinct: " + event.tags());
            assertEquals(event.tags().stream().sorted().toList(), event.tags(), "tags are in ascending order");
            tagsSeen.addAll(event.tags());
            index++;
        }
        assertEquals(SAMPLE, index);

        double h20 = 0;
        for (int k = 1; k <= 20; k++) {
            h20 += 1.0 / k;
        }
        assertEquals(1 / h20, (double) typeCounts[0] / SAMPLE, 0.005, "type00 is about 27.7%");
        for (int k = 0; k < EventGenerator.TYPE_COUNT; k++) {
            double expected = 1.0 / (k + 1) / h20;
            assertEquals(expected, EventGenerator.typeProbability(k), 1e-12, "probability of rank " + k);
            assertEquals(expected, (double) typeCounts[k] / SAMPLE, 0.005, "frequency of type" + k);
        }
        assertTrue(typeCounts[0] > typeCounts[1] && typeCounts[1] > typeCounts[19], "skewed toward type00");
        assertEquals(0.99, (double) verified / SAMPLE, 0.002, "verified is about 99%");
        assertEquals(EventGenerator.VALUE_LIMIT / 2.0, (double) valueSum / SAMPLE, EventGenerator.VALUE_LIMIT * 0.01);
        assertEquals(EventGenerator.SIZE_LIMIT / 2.0, (double) sizeSum / SAMPLE, EventGenerator.SIZE_LIMIT * 0.01);
        for (int n = 0; n <= EventGenerator.MAX_TAGS_PER_EVENT; n++) {
            assertEquals(0.25, (double) tagCountHistogram[n] / SAMPLE, 0.01, "share of events with " + n + " tags");
        }
        assertEquals(new HashSet<>(EventGenerator.tagNames()), tagsSeen);
        double meanStep = (double) (previousReceivedAt - EventGenerator.FIRST_RECEIVED_AT_MILLIS) / (SAMPLE - 1);
        assertEquals(1_000, meanStep, 2, "timestamps advance about a second per event");
    }

    @Test
    void denseIdsCountFromZero() {
        long expected = 0;
        for (Event event : new EventGenerator(5, 3_000, new IdLayout.Dense())) {
            assertEquals(expected++, event.id());
        }
    }

    @Test
    void sparseIdsAreDealtRoundRobinOverTheShards() {
        for (int shards : new int[] {64, 512}) {
            int count = 10 * shards + 7;
            Set<Long> ids = new HashSet<>();
            Set<Long> shardsUsed = new HashSet<>();
            long i = 0;
            for (Event event : new EventGenerator(5, count, IdLayout.parse("sparse/" + shards))) {
                assertEquals((i % shards) * (1L << 20) + i / shards, event.id(), "id of record " + i);
                ids.add(event.id());
                shardsUsed.add(event.id() >>> 20);
                i++;
            }
            assertEquals(count, ids.size(), "ids are distinct");
            assertEquals(shards, shardsUsed.size(), "every shard is used");
        }
    }

    @Test
    void layoutsParseFromTheirNames() {
        assertEquals(new IdLayout.Dense(), IdLayout.parse("dense"));
        assertEquals(new IdLayout.Sparse(64), IdLayout.parse("sparse/64"));
        assertEquals("sparse/512", IdLayout.parse("sparse/512").name());
        assertThrows(IllegalArgumentException.class, () -> IdLayout.parse("sparse/x"));
        assertThrows(IllegalArgumentException.class, () -> IdLayout.parse("random"));
        assertThrows(IllegalArgumentException.class, () -> new EventGenerator(1, (64L << 20) + 1, new IdLayout.Sparse(64)),
                "more records than 64 shards hold are refused up front");
    }

    @Test
    void iterationStopsAfterCountEvents() {
        Iterator<Event> events = new EventGenerator(1, 2, new IdLayout.Dense()).iterator();
        events.next();
        events.next();
        assertFalse(events.hasNext());
        assertThrows(java.util.NoSuchElementException.class, events::next);
    }

    private static List<Event> list(Iterable<Event> events) {
        List<Event> list = new ArrayList<>();
        events.forEach(list::add);
        return list;
    }
}
