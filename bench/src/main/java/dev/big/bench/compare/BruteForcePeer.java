package dev.big.bench.compare;

import dev.big.workload.Event;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * The reference answers: every question answered by scanning all events in plain Java, with no
 * index and nothing clever, so it is easy to see that each answer is right.
 *
 * <p>It keeps only the {@code Iterable} it was loaded from and iterates it again for every
 * question, so it needs no memory for the events; the iterable must give the same events each
 * time ({@link dev.big.workload.EventGenerator} does). {@code batchSize} means nothing here.
 */
public final class BruteForcePeer implements PeerEngine {

    private Iterable<Event> events = List.of();

    @Override
    public String name() {
        return "brute-force";
    }

    @Override
    public void load(Iterable<Event> events, int batchSize) {
        this.events = events;
    }

    @Override
    public long pointReadValue(long id) {
        Event event = byId(id);
        return event == null ? ABSENT : event.value();
    }

    @Override
    public long countValueAtLeast(long threshold) {
        return count(e -> e.value() >= threshold);
    }

    @Override
    public long countReceivedBetween(long fromMillis, long toMillisInclusive) {
        return count(e -> e.receivedAt() >= fromMillis && e.receivedAt() <= toMillisInclusive);
    }

    @Override
    public long countTypeVerifiedBetween(String type, long fromMillis, long toMillisInclusive) {
        return count(e -> e.type().equals(type) && e.verified()
                && e.receivedAt() >= fromMillis && e.receivedAt() <= toMillisInclusive);
    }

    @Override
    public long countVerified(boolean verified) {
        return count(e -> e.verified() == verified);
    }

    @Override
    public long countType(String type) {
        return count(e -> e.type().equals(type));
    }

    @Override
    public Map<String, Long> countByType() {
        Map<String, Long> counts = new TreeMap<>();
        for (Event event : events) {
            counts.merge(event.type(), 1L, Long::sum);
        }
        return counts;
    }

    @Override
    public long sumSizeOfType(String type) {
        long sum = 0;
        for (Event event : events) {
            if (event.type().equals(type)) {
                sum += event.size();
            }
        }
        return sum;
    }

    @Override
    public long[] latestIds(int limit) {
        long[] ids = allIdsAscending();
        long[] latest = new long[Math.min(limit, ids.length)];
        for (int i = 0; i < latest.length; i++) {
            latest[i] = ids[ids.length - 1 - i];
        }
        return latest;
    }

    @Override
    public long[] idsAfter(long cursor, int limit) {
        return Arrays.stream(allIdsAscending()).filter(id -> id > cursor).limit(limit).toArray();
    }

    @Override
    public Event byId(long id) {
        for (Event event : events) {
            if (event.id() == id) {
                return event;
            }
        }
        return null;
    }

    @Override
    public long sizeOnDiskBytes() {
        return 0;
    }

    @Override
    public void close() {
        events = List.of();
    }

    private long count(Predicate<Event> matches) {
        long count = 0;
        for (Event event : events) {
            if (matches.test(event)) {
                count++;
            }
        }
        return count;
    }

    private long[] allIdsAscending() {
        List<Long> ids = new ArrayList<>();
        for (Event event : events) {
            ids.add(event.id());
        }
        return ids.stream().mapToLong(Long::longValue).sorted().toArray();
    }
}
