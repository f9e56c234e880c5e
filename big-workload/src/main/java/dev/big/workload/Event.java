package dev.big.workload;

import java.util.List;

/**
 * One record of the standard event schema (see {@link EventGenerator} for how each field is
 * distributed).
 *
 * @param id         the record id (u64 in big; non-negative here), laid out by an {@link IdLayout}
 * @param value      an int field, uniform in {@code [0, 2^20)}
 * @param type       a keyed field: one of {@code "type00".."type19"}, Zipf-skewed
 * @param verified   a bool field, true with probability 0.99
 * @param receivedAt a timestamp field, epoch milliseconds, non-decreasing in generation order
 * @param size       an int field, uniform in {@code [0, 1,000,000)}
 * @param tags       a set field: 0 to 3 distinct values of {@code "tag0".."tag7"}, in ascending order
 */
public record Event(long id, long value, String type, boolean verified, long receivedAt, long size, List<String> tags) {

    public Event {
        tags = List.copyOf(tags);
    }
}
