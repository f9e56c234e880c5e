package dev.big.bench.compare;

import dev.big.bench.db.StandardTable;
import dev.big.db.Db;
import dev.big.db.Filter;
import dev.big.db.GroupCount;
import dev.big.db.Order;
import dev.big.db.Snapshot;
import dev.big.workload.Event;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * big answering through its typed API on one snapshot held open for as long as the engine is (as
 * Lucene answers from one point-in-time reader): {@code Snapshot.count} with a {@link Filter},
 * {@code aggregate}, {@code groupCount}, {@code ids} with a cursor, {@code get} and {@code value}.
 */
public final class BigApiPeer extends BigPeer {

    private static final String TABLE = StandardTable.NAME;

    private Snapshot snapshot;

    private BigApiPeer(Path dir) {
        super("big-api", dir);
    }

    /** An empty database in {@code dir}, for one load or ingest. */
    public static BigApiPeer create(Path dir) throws IOException {
        BigApiPeer peer = new BigApiPeer(dir);
        peer.createEmpty();
        return peer;
    }

    /** The database an earlier load left in {@code dir}. */
    public static BigApiPeer open(Path dir) {
        BigApiPeer peer = new BigApiPeer(dir);
        peer.openLoaded();
        return peer;
    }

    @Override
    void opened(Db db) {
        snapshot = db.read();
    }

    @Override
    public long pointReadValue(long id) {
        Object value = snapshot.value(TABLE, id, "value");
        return value == null ? ABSENT : (Long) value;
    }

    @Override
    public Event byId(long id) {
        return snapshot.get(TABLE, id).map(BigPeer::event).orElse(null);
    }

    @Override
    public long countValueAtLeast(long threshold) {
        return snapshot.count(TABLE, Filter.ge("value", threshold));
    }

    @Override
    public long countReceivedBetween(long fromMillis, long toMillisInclusive) {
        return snapshot.count(TABLE, Filter.between("received_at", fromMillis, toMillisInclusive));
    }

    @Override
    public long countTypeVerifiedBetween(String type, long fromMillis, long toMillisInclusive) {
        return snapshot.count(TABLE, Filter.and(Filter.eq("type", type), Filter.eq("verified", true),
                Filter.between("received_at", fromMillis, toMillisInclusive)));
    }

    @Override
    public long countVerified(boolean verified) {
        return snapshot.count(TABLE, Filter.eq("verified", verified));
    }

    @Override
    public long countType(String type) {
        return snapshot.count(TABLE, Filter.eq("type", type));
    }

    @Override
    public Map<String, Long> countByType() {
        return countsByType(typeGroups());
    }

    /** Group by type replies with big's own groups, before they are sorted into a map. */
    @Override
    public Object reply(PeerQuestion question) {
        return question.kind() == PeerQuestion.Kind.COUNT_BY_TYPE ? typeGroups() : answer(question);
    }

    @Override
    @SuppressWarnings("unchecked")
    public Object answerOf(PeerQuestion question, Object reply) {
        return question.kind() == PeerQuestion.Kind.COUNT_BY_TYPE ? countsByType((List<GroupCount>) reply) : reply;
    }

    private List<GroupCount> typeGroups() {
        return snapshot.groupCount(TABLE, "type", Filter.all(), -1);
    }

    private static Map<String, Long> countsByType(List<GroupCount> groups) {
        Map<String, Long> counts = new TreeMap<>();
        for (GroupCount group : groups) {
            counts.put(group.key(), group.count());
        }
        return counts;
    }

    @Override
    public long sumSizeOfType(String type) {
        return snapshot.sum(TABLE, "size", Filter.eq("type", type)).sum().longValueExact(); // the sum alone: no min/max walks
    }

    @Override
    public List<Event> latest(int limit) {
        return records(snapshot.ids(TABLE, Filter.all(), Order.DESC, limit, null));
    }

    @Override
    public List<Event> before(long cursor, int limit) {
        return records(snapshot.ids(TABLE, Filter.all(), Order.DESC, limit, cursor));
    }

    private List<Event> records(long[] ids) {
        List<Event> events = new ArrayList<>(ids.length);
        for (long id : ids) {
            events.add(byId(id));
        }
        return events;
    }

    @Override
    public void close() {
        try {
            if (snapshot != null) {
                snapshot.close();
            }
        } finally {
            super.close();
        }
    }
}
