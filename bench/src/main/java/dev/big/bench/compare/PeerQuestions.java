package dev.big.bench.compare;

import dev.big.bench.compare.PeerQuestion.Kind;
import dev.big.workload.Event;
import dev.big.workload.EventGenerator;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The questions the engines must agree on, with parameters chosen from the loaded events so that
 * each shape is asked at its edges as well as in the middle:
 *
 * <ul>
 *   <li>point reads and whole records of ids spread over the data, and of ids that are absent
 *       (past the largest id, in the gaps of a sparse layout);</li>
 *   <li>{@code value >= t} for t = -1, 0, 1, 2^19, 2^20 - 1, 2^20 (above every value) and
 *       {@code Long.MAX_VALUE};</li>
 *   <li>timestamp windows: one hour in the middle, everything, one millisecond at an event,
 *       before the first event, after the last, and an inverted window;</li>
 *   <li>type-and-verified-in-a-window for the most common type, the least common one and one that
 *       never occurs; the same types for counts and sums;</li>
 *   <li>verified true and false; group-by-type; the latest records and pages before cursors
 *       below, inside, between and past the ids;</li>
 *   <li>the analyst's questions ({@link Kind#analyst}), over the same windows and types: time
 *       buckets, two group keys, top-N listings, histograms, medians and quantiles.</li>
 * </ul>
 */
public final class PeerQuestions {

    private static final long HOUR_MILLIS = 3_600_000;
    private static final long DAY_MILLIS = 24 * HOUR_MILLIS;
    private static final int SAMPLED_IDS = 25;
    private static final String NEVER_SEEN_TYPE = "no-such-type";

    /** The questions for {@code events}, which must be re-iterable (they are scanned three times). */
    public static List<PeerQuestion> standard(Iterable<Event> events) {
        BruteForcePeer reference = new BruteForcePeer();
        reference.load(events, 1);
        return standard(events, reference.countByType());
    }

    /** The questions for {@code events}, given the records per type (as {@link PeerEngine#countByType}). */
    public static List<PeerQuestion> standard(Iterable<Event> events, Map<String, Long> typeCounts) {
        DataSummary data = DataSummary.of(events, SAMPLED_IDS);
        List<String> typesByCount = new ArrayList<>(typeCounts.keySet());
        typesByCount.sort((a, b) -> Long.compare(typeCounts.get(b), typeCounts.get(a)));
        String mostCommon = typesByCount.isEmpty() ? EventGenerator.typeNames().getFirst() : typesByCount.getFirst();
        String leastCommon = typesByCount.isEmpty() ? EventGenerator.typeNames().getLast() : typesByCount.getLast();

        List<PeerQuestion> questions = new ArrayList<>();
        List<Long> ids = new ArrayList<>(data.sampledIds());
        ids.add(data.maxId() + 1);
        ids.add(data.maxId() + (1L << 40));
        ids.add((1L << 20) - 1);       // in the gap after shard 0's records in a sparse layout
        ids.add((1L << 20) * 3 + 1);   // a small id in shard 3
        for (long id : ids) {
            questions.add(PeerQuestion.of(Kind.POINT_READ_VALUE, id));
            questions.add(PeerQuestion.of(Kind.BY_ID, id));
        }

        long limit = EventGenerator.VALUE_LIMIT;
        for (long threshold : new long[] {-1, 0, 1, limit / 2, limit - 1, limit, Long.MAX_VALUE}) {
            questions.add(PeerQuestion.of(Kind.COUNT_VALUE_AT_LEAST, threshold));
        }

        long middle = data.firstReceivedAt() + (data.lastReceivedAt() - data.firstReceivedAt()) / 2;
        long[][] windows = {
            {middle, middle + HOUR_MILLIS - 1},
            {data.firstReceivedAt(), data.lastReceivedAt()},
            {data.sampledReceivedAt(), data.sampledReceivedAt()},
            {data.firstReceivedAt() - HOUR_MILLIS, data.firstReceivedAt() - 1},
            {data.lastReceivedAt() + 1, data.lastReceivedAt() + HOUR_MILLIS},
            {middle + HOUR_MILLIS, middle},
        };
        for (long[] window : windows) {
            questions.add(PeerQuestion.of(Kind.COUNT_RECEIVED_BETWEEN, window[0], window[1]));
        }
        for (String type : List.of(mostCommon, leastCommon, NEVER_SEEN_TYPE)) {
            for (long[] window : new long[][] {windows[0], windows[1]}) {
                questions.add(PeerQuestion.of(Kind.COUNT_TYPE_VERIFIED_BETWEEN, type, window[0], window[1]));
            }
            questions.add(PeerQuestion.of(Kind.COUNT_TYPE, type));
            questions.add(PeerQuestion.of(Kind.SUM_SIZE_OF_TYPE, type));
        }
        questions.add(PeerQuestion.of(Kind.COUNT_VERIFIED, true));
        questions.add(PeerQuestion.of(Kind.COUNT_VERIFIED, false));
        questions.add(PeerQuestion.of(Kind.COUNT_BY_TYPE));

        for (int n : new int[] {1, 10, 50}) {
            questions.add(PeerQuestion.of(Kind.LATEST, n));
        }
        analyst(questions, data, windows, typesByCount, mostCommon, leastCommon);

        List<Long> cursors = new ArrayList<>(List.of(0L, 1L, data.maxId(), data.maxId() + 1, Long.MAX_VALUE));
        cursors.addAll(data.sampledIds().subList(0, Math.min(3, data.sampledIds().size())));
        cursors.add(1L << 20);         // the first id of shard 1: below it only shard 0's records
        cursors.add((1L << 20) * 3 + 1);
        for (long cursor : cursors) {
            questions.add(PeerQuestion.of(Kind.BEFORE, cursor, 10));
        }
        return List.copyOf(questions);
    }

    /**
     * The analyst's questions (issue 17): per hour over a day around the middle, over everything,
     * over an empty and an inverted window; per month, per (type, verified), per (type, hour of
     * day), sums per type; the top 1 and 10 by value; the top 10 by time of the most and least
     * common type and of a type that never occurs; histograms of widths 65,536 and 1,000; medians
     * of every type that occurs (odd and even counts) and of one that does not; quantiles at 0, 0.5, 0.99 and 1; distinct values in every window.
     */
    private static void analyst(List<PeerQuestion> questions, DataSummary data, long[][] windows, List<String> types,
                                String mostCommon, String leastCommon) {
        long dayStart = Math.floorDiv(windows[0][0], DAY_MILLIS) * DAY_MILLIS;
        for (long[] window : new long[][] {{dayStart, dayStart + DAY_MILLIS - 1}, windows[1], windows[3], windows[5]}) {
            questions.add(PeerQuestion.of(Kind.COUNT_PER_HOUR_BETWEEN, window[0], window[1]));
        }
        questions.add(PeerQuestion.of(Kind.COUNT_PER_MONTH));
        questions.add(PeerQuestion.of(Kind.COUNT_PER_TYPE_VERIFIED));
        questions.add(PeerQuestion.of(Kind.COUNT_PER_TYPE_HOUR_OF_DAY));
        questions.add(PeerQuestion.of(Kind.SUM_SIZE_PER_TYPE));
        questions.add(PeerQuestion.of(Kind.TOP_BY_VALUE, 1));
        questions.add(PeerQuestion.of(Kind.TOP_BY_VALUE, 10));
        for (String type : List.of(mostCommon, leastCommon, NEVER_SEEN_TYPE)) {
            questions.add(PeerQuestion.of(Kind.TOP_BY_RECEIVED_AT_OF_TYPE, type, 10));
        }
        for (String type : types) {
            questions.add(PeerQuestion.of(Kind.MEDIAN_SIZE_OF_TYPE, type));
        }
        questions.add(PeerQuestion.of(Kind.MEDIAN_SIZE_OF_TYPE, NEVER_SEEN_TYPE));
        questions.add(PeerQuestion.of(Kind.VALUE_HISTOGRAM, 65_536));
        questions.add(PeerQuestion.of(Kind.VALUE_HISTOGRAM, 1_000));
        questions.add(PeerQuestion.of(Kind.VALUE_MEDIAN));
        for (String q : List.of("0", "0.5", "0.99", "1")) {
            questions.add(PeerQuestion.of(Kind.VALUE_QUANTILE_DISC, new BigDecimal(q)));
        }
        for (long[] window : windows) {
            questions.add(PeerQuestion.of(Kind.COUNT_DISTINCT_VALUE_BETWEEN, window[0], window[1]));
        }
    }

    private PeerQuestions() {}
}
