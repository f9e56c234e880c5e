package dev.big.bench.campaign;

import dev.big.workload.Event;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The events of a source until a deadline: iteration ends at the first batch boundary (a
 * multiple of {@code batchSize} events) reached after {@code deadlineNanos}, so a writer that
 * commits every {@code batchSize} events ends on a full batch. {@link #delivered()} counts what it
 * handed out. One iteration only.
 */
final class DeadlineEvents implements Iterable<Event> {

    private final Iterable<Event> source;
    private final long deadlineNanos;
    private final int batchSize;
    private long delivered;

    DeadlineEvents(Iterable<Event> source, long deadlineNanos, int batchSize) {
        this.source = source;
        this.deadlineNanos = deadlineNanos;
        this.batchSize = batchSize;
    }

    long delivered() {
        return delivered;
    }

    @Override
    public Iterator<Event> iterator() {
        Iterator<Event> events = source.iterator();
        return new Iterator<>() {
            /** Latched: once past the deadline at a boundary, the iteration is over for good. */
            private boolean stopped;

            @Override
            public boolean hasNext() {
                if (!stopped && delivered > 0 && delivered % batchSize == 0 && System.nanoTime() > deadlineNanos) {
                    stopped = true;
                }
                return !stopped && events.hasNext();
            }

            @Override
            public Event next() {
                if (stopped) {
                    throw new NoSuchElementException("past the deadline");
                }
                delivered++;
                return events.next();
            }
        };
    }
}
