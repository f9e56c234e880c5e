package dev.big.bench.compare;

import dev.big.workload.Event;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;

/**
 * The reference answers: every question answered by a plain scan over every loaded event, with no
 * index and nothing clever, so it is easy to see that each answer is right.
 *
 * <p>The events are kept in columns (plain arrays, one slot per event in load order; types and
 * tag lists as indexes into the distinct values seen) so that 10,000,000 of them fit in a few
 * hundred megabytes and a scan takes milliseconds. The only derived structure is the load order
 * sorted by id, which the listings walk. {@code batchSize} means nothing here.
 */
public final class BruteForcePeer implements PeerEngine {

    private static final long HOUR_MILLIS = 3_600_000;

    private long[] ids = new long[0];
    private long[] values = new long[0];
    private long[] receivedAt = new long[0];
    private long[] sizes = new long[0];
    private int[] typeIndexes = new int[0];
    private int[] tagListIndexes = new int[0];
    private boolean[] verified = new boolean[0];
    private final List<String> types = new ArrayList<>();
    private final List<List<String>> tagLists = new ArrayList<>();
    /** Load-order positions sorted by id. */
    private int[] byIdOrder = new int[0];
    private int count;

    @Override
    public String name() {
        return "brute-force";
    }

    @Override
    public void load(Iterable<Event> events, int batchSize) {
        Map<String, Integer> typeIndex = new HashMap<>();
        Map<List<String>, Integer> tagListIndex = new HashMap<>();
        count = 0;
        for (Event event : events) {
            if (count == ids.length) {
                grow();
            }
            ids[count] = event.id();
            values[count] = event.value();
            receivedAt[count] = event.receivedAt();
            sizes[count] = event.size();
            verified[count] = event.verified();
            typeIndexes[count] = typeIndex.computeIfAbsent(event.type(), t -> {
                types.add(t);
                return types.size() - 1;
            });
            tagListIndexes[count] = tagListIndex.computeIfAbsent(event.tags(), t -> {
                tagLists.add(t);
                return tagLists.size() - 1;
            });
            count++;
        }
        byIdOrder = idOrder();
    }

    /** Load-order positions sorted by id: the identity when ids came ascending (dense layouts). */
    private int[] idOrder() {
        boolean ascending = true;
        for (int row = 1; row < count && ascending; row++) {
            ascending = ids[row - 1] < ids[row];
        }
        if (ascending) {
            return IntStream.range(0, count).toArray();
        }
        return IntStream.range(0, count).boxed()
                .sorted(Comparator.comparingLong(row -> ids[row])).mapToInt(Integer::intValue).toArray();
    }

    private void grow() {
        int capacity = Math.max(1024, Math.multiplyExact(ids.length, 2));
        ids = Arrays.copyOf(ids, capacity);
        values = Arrays.copyOf(values, capacity);
        receivedAt = Arrays.copyOf(receivedAt, capacity);
        sizes = Arrays.copyOf(sizes, capacity);
        verified = Arrays.copyOf(verified, capacity);
        typeIndexes = Arrays.copyOf(typeIndexes, capacity);
        tagListIndexes = Arrays.copyOf(tagListIndexes, capacity);
    }

    @Override
    public void ingest(Iterable<Event> events, int batchSize) {
        throw new UnsupportedOperationException("the reference has no durable writes");
    }

    @Override
    public long pointReadValue(long id) {
        Event event = byId(id);
        return event == null ? ABSENT : event.value();
    }

    @Override
    public Event byId(long id) {
        for (int row = 0; row < count; row++) {
            if (ids[row] == id) {
                return event(row);
            }
        }
        return null;
    }

    @Override
    public long countValueAtLeast(long threshold) {
        return count(row -> values[row] >= threshold);
    }

    @Override
    public long countReceivedBetween(long fromMillis, long toMillisInclusive) {
        return count(row -> receivedAt[row] >= fromMillis && receivedAt[row] <= toMillisInclusive);
    }

    @Override
    public long countTypeVerifiedBetween(String type, long fromMillis, long toMillisInclusive) {
        return count(row -> types.get(typeIndexes[row]).equals(type) && verified[row]
                && receivedAt[row] >= fromMillis && receivedAt[row] <= toMillisInclusive);
    }

    @Override
    public long countVerified(boolean wanted) {
        return count(row -> verified[row] == wanted);
    }

    @Override
    public long countType(String type) {
        return count(row -> types.get(typeIndexes[row]).equals(type));
    }

    @Override
    public Map<String, Long> countByType() {
        Map<String, Long> counts = new TreeMap<>();
        for (int row = 0; row < count; row++) {
            counts.merge(types.get(typeIndexes[row]), 1L, Long::sum);
        }
        return counts;
    }

    @Override
    public long sumSizeOfType(String type) {
        long sum = 0;
        for (int row = 0; row < count; row++) {
            if (types.get(typeIndexes[row]).equals(type)) {
                sum += sizes[row];
            }
        }
        return sum;
    }

    @Override
    public List<Event> latest(int limit) {
        return before(Long.MAX_VALUE, limit);
    }

    @Override
    public List<Event> before(long cursor, int limit) {
        List<Event> page = new ArrayList<>();
        for (int i = count - 1; i >= 0 && page.size() < limit; i--) {
            int row = byIdOrder[i];
            if (ids[row] < cursor) {
                page.add(event(row));
            }
        }
        return page;
    }

    /** The reference answers every kind of question, the analyst's included. */
    @Override
    public boolean answers(PeerQuestion.Kind kind) {
        return true;
    }

    @Override
    public Object answer(PeerQuestion question) {
        return switch (question.kind()) {
            case COUNT_PER_HOUR_BETWEEN -> {
                long from = question.longArg(0);
                long to = question.longArg(1);
                yield countPer(row -> receivedAt[row] >= from && receivedAt[row] <= to,
                        row -> Math.floorDiv(receivedAt[row], HOUR_MILLIS) * HOUR_MILLIS);
            }
            case COUNT_PER_MONTH -> countPer(row -> true, row -> monthStart(receivedAt[row]));
            case COUNT_PER_TYPE_VERIFIED -> countPer(row -> true, row -> types.get(typeIndexes[row]) + "," + verified[row]);
            case COUNT_PER_TYPE_HOUR_OF_DAY -> countPer(row -> true,
                    row -> types.get(typeIndexes[row]) + "," + Math.floorMod(Math.floorDiv(receivedAt[row], HOUR_MILLIS), 24));
            case SUM_SIZE_PER_TYPE -> {
                Map<Object, Long> sums = new TreeMap<>();
                for (int row = 0; row < count; row++) {
                    sums.merge(types.get(typeIndexes[row]), sizes[row], Long::sum);
                }
                yield sums;
            }
            case TOP_BY_VALUE -> top(row -> true, values, question.longArg(0));
            case TOP_BY_RECEIVED_AT_OF_TYPE -> {
                String type = question.stringArg(0);
                yield top(row -> types.get(typeIndexes[row]).equals(type), receivedAt, question.longArg(1));
            }
            case VALUE_HISTOGRAM -> {
                long width = question.longArg(0);
                yield countPer(row -> true, row -> Math.floorDiv(values[row], width));
            }
            case MEDIAN_SIZE_OF_TYPE -> {
                String type = question.stringArg(0);
                yield median(sorted(row -> types.get(typeIndexes[row]).equals(type), sizes));
            }
            case VALUE_MEDIAN -> median(sorted(row -> true, values));
            case VALUE_QUANTILE_DISC -> {
                long[] sorted = sorted(row -> true, values);
                yield sorted.length == 0 ? null : sorted[quantileIndex(question.decimalArg(0), sorted.length)];
            }
            case COUNT_DISTINCT_VALUE_BETWEEN -> {
                long from = question.longArg(0);
                long to = question.longArg(1);
                yield IntStream.range(0, count)
                        .filter(row -> receivedAt[row] >= from && receivedAt[row] <= to)
                        .mapToLong(row -> values[row]).distinct().count();
            }
            default -> PeerEngine.super.answer(question);
        };
    }

    /**
     * The 0-based position of {@code quantile_disc(v, q)} among {@code n} ascending values, as
     * DuckDB computes it for a DECIMAL fraction: {@code max(1, n - floor(n - q * n)) - 1}, exactly.
     */
    static int quantileIndex(BigDecimal q, int n) {
        BigDecimal size = BigDecimal.valueOf(n);
        long floored = size.subtract(q.multiply(size)).setScale(0, RoundingMode.FLOOR).longValueExact();
        return (int) (Math.max(1, n - floored) - 1);
    }

    /** Epoch milliseconds of the first instant of the UTC month holding {@code millis}. */
    private static long monthStart(long millis) {
        LocalDate day = Instant.ofEpochMilli(millis).atZone(ZoneOffset.UTC).toLocalDate();
        return day.withDayOfMonth(1).atStartOfDay(ZoneOffset.UTC).toInstant().toEpochMilli();
    }

    private Map<Object, Long> countPer(IntPredicate matches, IntFunction<Object> key) {
        Map<Object, Long> counts = new TreeMap<>();
        for (int row = 0; row < count; row++) {
            if (matches.test(row)) {
                counts.merge(key.apply(row), 1L, Long::sum);
            }
        }
        return counts;
    }

    /**
     * The {@code k} matching records with the largest {@code column} values, ties by ascending id,
     * as [id, value]: a scan keeping the best {@code k} so far in a heap whose head is the worst of them.
     */
    private List<List<Long>> top(IntPredicate matches, long[] column, long k) {
        Comparator<Integer> best = Comparator.<Integer>comparingLong(row -> column[row]).reversed()
                .thenComparingLong(row -> ids[row]);
        PriorityQueue<Integer> kept = new PriorityQueue<>(best.reversed());
        for (int row = 0; row < count; row++) {
            if (matches.test(row)) {
                kept.add(row);
                if (kept.size() > k) {
                    kept.poll();
                }
            }
        }
        return kept.stream().sorted(best).map(row -> List.of(ids[row], column[row])).toList();
    }

    private long[] sorted(IntPredicate matches, long[] column) {
        return IntStream.range(0, count).filter(matches).mapToLong(row -> column[row]).sorted().toArray();
    }

    @Override
    public long sizeBytes() {
        return 0;
    }

    @Override
    public void close() {
        count = 0;
    }

    private Event event(int row) {
        return new Event(ids[row], values[row], types.get(typeIndexes[row]), verified[row], receivedAt[row], sizes[row],
                tagLists.get(tagListIndexes[row]));
    }

    private long count(IntPredicate matches) {
        long n = 0;
        for (int row = 0; row < count; row++) {
            if (matches.test(row)) {
                n++;
            }
        }
        return n;
    }

    /** SQL's median of integers: the mean of the middle two of the sorted values (null if none). */
    private static Double median(long[] sorted) {
        int n = sorted.length;
        if (n == 0) {
            return null;
        }
        double lo = sorted[(n - 1) / 2];
        double hi = sorted[n / 2];
        return lo + (hi - lo) * 0.5;
    }
}
