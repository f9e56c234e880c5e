package dev.big.bench.compare;

import dev.big.workload.Event;
import java.util.ArrayList;
import java.util.List;

/**
 * What one pass over a dataset tells the question builder: the id and timestamp extremes and a
 * sample of ids spread evenly over the data.
 */
record DataSummary(long maxId, long firstReceivedAt, long lastReceivedAt, long sampledReceivedAt, List<Long> sampledIds) {

    static DataSummary of(Iterable<Event> events, int samples) {
        long count = 0;
        for (Event ignored : events) {
            count++;
        }
        long every = Math.max(1, count / samples);
        long maxId = -1;
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        long sampledReceivedAt = 0;
        List<Long> ids = new ArrayList<>();
        long index = 0;
        for (Event event : events) {
            maxId = Math.max(maxId, event.id());
            first = Math.min(first, event.receivedAt());
            last = Math.max(last, event.receivedAt());
            if (index % every == every / 2) {
                ids.add(event.id());
                sampledReceivedAt = event.receivedAt();
            }
            index++;
        }
        if (count == 0) {
            first = 0;
            last = 0;
        }
        return new DataSummary(maxId, first, last, sampledReceivedAt, List.copyOf(ids));
    }
}
