package dev.big.bench.compare;

import dev.big.workload.Event;
import dev.big.workload.EventGenerator;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The questions the peers must agree on, with parameters chosen from the loaded events so that
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
 *   <li>verified true and false; group-by-type; latest ids and pages after cursors below, inside,
 *       between and past the ids.</li>
 * </ul>
 */
public final class PeerQuestions {

    private static final long HOUR_MILLIS = 3_600_000;
    private static final int SAMPLED_IDS = 25;

    /** The questions for {@code events}, which must be re-iterable (they are scanned three times). */
    public static List<PeerQuestion> standard(Iterable<Event> events) {
        DataSummary data = DataSummary.of(events, SAMPLED_IDS);
        BruteForcePeer reference = new BruteForcePeer();
        reference.load(events, 1);
        Map<String, Long> typeCounts = reference.countByType();
        List<String> typesByCount = new ArrayList<>(typeCounts.keySet());
        typesByCount.sort((a, b) -> Long.compare(typeCounts.get(b), typeCounts.get(a)));
        String mostCommon = typesByCount.isEmpty() ? EventGenerator.typeNames().getFirst() : typesByCount.getFirst();
        String leastCommon = typesByCount.isEmpty() ? EventGenerator.typeNames().getLast() : typesByCount.getLast();
        String neverSeen = "no-such-type";

        List<PeerQuestion> questions = new ArrayList<>();
        List<Long> ids = new ArrayList<>(data.sampledIds());
        ids.add(data.maxId() + 1);
        ids.add(data.maxId() + (1L << 40));
        ids.add((1L << 20) - 1);       // in the gap after shard 0's records in a sparse layout
        ids.add((1L << 20) * 3 + 1);   // a small id in shard 3
        for (long id : ids) {
            questions.add(new PeerQuestion("pointReadValue(" + id + ")", peer -> peer.pointReadValue(id)));
            questions.add(new PeerQuestion("byId(" + id + ")", peer -> peer.byId(id)));
        }

        long limit = EventGenerator.VALUE_LIMIT;
        for (long threshold : new long[] {-1, 0, 1, limit / 2, limit - 1, limit, Long.MAX_VALUE}) {
            questions.add(new PeerQuestion("countValueAtLeast(" + threshold + ")", peer -> peer.countValueAtLeast(threshold)));
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
            long from = window[0];
            long to = window[1];
            questions.add(new PeerQuestion("countReceivedBetween(" + from + ", " + to + ")",
                    peer -> peer.countReceivedBetween(from, to)));
        }
        for (String type : List.of(mostCommon, leastCommon, neverSeen)) {
            for (long[] window : new long[][] {windows[0], windows[1]}) {
                long from = window[0];
                long to = window[1];
                questions.add(new PeerQuestion("countTypeVerifiedBetween(" + type + ", " + from + ", " + to + ")",
                        peer -> peer.countTypeVerifiedBetween(type, from, to)));
            }
            questions.add(new PeerQuestion("countType(" + type + ")", peer -> peer.countType(type)));
            questions.add(new PeerQuestion("sumSizeOfType(" + type + ")", peer -> peer.sumSizeOfType(type)));
        }
        questions.add(new PeerQuestion("countVerified(true)", peer -> peer.countVerified(true)));
        questions.add(new PeerQuestion("countVerified(false)", peer -> peer.countVerified(false)));
        questions.add(new PeerQuestion("countByType()", PeerEngine::countByType));

        for (int n : new int[] {1, 10, 100}) {
            questions.add(new PeerQuestion("latestIds(" + n + ")", peer -> peer.latestIds(n)));
        }
        List<Long> cursors = new ArrayList<>(List.of(-1L, data.maxId() - 5, data.maxId(), Long.MAX_VALUE - 1));
        cursors.addAll(data.sampledIds().subList(0, Math.min(3, data.sampledIds().size())));
        cursors.add((1L << 20) - 1);
        for (long cursor : cursors) {
            questions.add(new PeerQuestion("idsAfter(" + cursor + ", 10)", peer -> peer.idsAfter(cursor, 10)));
        }
        return List.copyOf(questions);
    }

    private PeerQuestions() {}
}
