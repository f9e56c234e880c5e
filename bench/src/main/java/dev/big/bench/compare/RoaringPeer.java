package dev.big.bench.compare;

import dev.big.workload.Event;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.roaringbitmap.IntIterator;
import org.roaringbitmap.RangeBitmap;
import org.roaringbitmap.RoaringBitmap;

/**
 * A hand-built in-memory bitmap index on RoaringBitmap: what bitmaps alone cost, with no file, no
 * pages, no checksums and no transactions, so the gap to big is the price of those.
 *
 * <p>Records sit at row positions in ascending id order ({@code rowIds[row]} is the id), so an
 * id is found by binary search and "ids after a cursor" is a slice. Per field:
 * <pre>
 * value, received_at   RangeBitmap (range counts) + a long[] column (point reads)
 *                      received_at is stored relative to the smallest timestamp, as RangeBitmap
 *                      holds only non-negative values
 * size                 long[] column (summed over a type's rows)
 * type                 one RoaringBitmap of rows per value + an int[] column of value ordinals
 * verified             one RoaringBitmap of rows per value
 * tags                 one RoaringBitmap of rows per value
 * </pre>
 *
 * <p>The load gathers columns and builds everything at the end (a RangeBitmap needs its maximum
 * up front), so {@code batchSize} means nothing here. Values and timestamps must not be negative,
 * and ids must be distinct. It has no durable writes ({@link #ingest} refuses), but a load leaves
 * the whole index serialized in its directory ({@link RoaringIndexFile}) so that a fresh JVM can
 * {@link #open} it and be measured without the JIT state of the load; that file's size is what
 * {@link #sizeBytes} reports.
 */
public final class RoaringPeer implements PeerEngine {

    private final Path dir;
    // The index; package-private for RoaringIndexFile, which writes and reads every field.
    long[] rowIds = new long[0];
    long[] values = new long[0];
    long[] receivedAt = new long[0];
    long[] sizes = new long[0];
    int[] typeOrdinals = new int[0];
    final List<String> typeNames = new ArrayList<>();
    final List<RoaringBitmap> rowsByType = new ArrayList<>();
    final Map<String, Integer> typeOrdinalByName = new HashMap<>();
    final Map<String, RoaringBitmap> rowsByTag = new TreeMap<>();
    final RoaringBitmap verifiedRows = new RoaringBitmap();
    final RoaringBitmap unverifiedRows = new RoaringBitmap();
    RangeBitmap valueIndex;
    long maxValue = -1;
    RangeBitmap receivedAtIndex;
    long receivedAtBase;
    long receivedAtSpan = -1;
    private boolean loaded;

    private RoaringPeer(Path dir) {
        this.dir = dir;
    }

    /** An empty index that will save itself in {@code dir} when loaded. */
    public static RoaringPeer create(Path dir) throws IOException {
        Files.createDirectories(dir);
        return new RoaringPeer(dir);
    }

    /** The index an earlier {@link #load} saved in {@code dir}, read into memory. */
    public static RoaringPeer open(Path dir) throws IOException {
        RoaringPeer peer = new RoaringPeer(dir);
        RoaringIndexFile.read(dir, peer);
        peer.loaded = true;
        return peer;
    }

    @Override
    public String name() {
        return "roaring";
    }

    @Override
    public void load(Iterable<Event> events, int batchSize) {
        if (loaded) {
            throw new IllegalStateException("roaring peer: load is called once, on an empty index");
        }
        loaded = true;
        LongColumn ids = new LongColumn();
        LongColumn valueColumn = new LongColumn();
        LongColumn receivedAtColumn = new LongColumn();
        LongColumn sizeColumn = new LongColumn();
        LongColumn typeColumn = new LongColumn();
        LongColumn verifiedColumn = new LongColumn();
        LongColumn tagMaskColumn = new LongColumn();
        List<String> tagNames = new ArrayList<>();
        for (Event event : events) {
            if (event.value() < 0 || event.receivedAt() < 0) {
                throw new IllegalArgumentException("roaring peer holds non-negative values and timestamps only: " + event);
            }
            ids.add(event.id());
            valueColumn.add(event.value());
            receivedAtColumn.add(event.receivedAt());
            sizeColumn.add(event.size());
            typeColumn.add(typeOrdinal(event.type()));
            verifiedColumn.add(event.verified() ? 1 : 0);
            tagMaskColumn.add(tagMask(event.tags(), tagNames));
        }
        int rows = ids.size();
        rowIds = ids.toArray();
        Arrays.sort(rowIds);
        for (int row = 1; row < rows; row++) {
            if (rowIds[row] == rowIds[row - 1]) {
                throw new IllegalArgumentException("roaring peer needs distinct ids; " + rowIds[row] + " repeats");
            }
        }
        values = new long[rows];
        receivedAt = new long[rows];
        sizes = new long[rows];
        typeOrdinals = new int[rows];
        long[] tagMasks = new long[rows];
        boolean[] verified = new boolean[rows];
        for (int loadIndex = 0; loadIndex < rows; loadIndex++) {
            int row = Arrays.binarySearch(rowIds, ids.get(loadIndex));
            values[row] = valueColumn.get(loadIndex);
            receivedAt[row] = receivedAtColumn.get(loadIndex);
            sizes[row] = sizeColumn.get(loadIndex);
            typeOrdinals[row] = (int) typeColumn.get(loadIndex);
            verified[row] = verifiedColumn.get(loadIndex) == 1;
            tagMasks[row] = tagMaskColumn.get(loadIndex);
        }
        buildIndexes(rows, verified, tagMasks, tagNames);
    }

    private void buildIndexes(int rows, boolean[] verified, long[] tagMasks, List<String> tagNames) {
        receivedAtBase = Arrays.stream(receivedAt).min().orElse(0);
        maxValue = Arrays.stream(values).max().orElse(-1);
        receivedAtSpan = Arrays.stream(receivedAt).max().orElse(receivedAtBase - 1) - receivedAtBase;
        RangeBitmap.Appender valueAppender = RangeBitmap.appender(Math.max(maxValue, 0));
        RangeBitmap.Appender receivedAtAppender = RangeBitmap.appender(Math.max(receivedAtSpan, 0));
        List<RoaringBitmap> tagRows = new ArrayList<>();
        for (int t = 0; t < tagNames.size(); t++) {
            tagRows.add(new RoaringBitmap());
        }
        for (int row = 0; row < rows; row++) {
            valueAppender.add(values[row]);
            receivedAtAppender.add(receivedAt[row] - receivedAtBase);
            rowsByType.get(typeOrdinals[row]).add(row);
            (verified[row] ? verifiedRows : unverifiedRows).add(row);
            for (long mask = tagMasks[row]; mask != 0; mask &= mask - 1) {
                tagRows.get(Long.numberOfTrailingZeros(mask)).add(row);
            }
        }
        for (int t = 0; t < tagNames.size(); t++) {
            rowsByTag.put(tagNames.get(t), tagRows.get(t));
        }
        for (RoaringBitmap bitmap : rowsByType) {
            bitmap.runOptimize();
        }
        try {
            RoaringIndexFile.write(dir, this, valueAppender, receivedAtAppender);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save the roaring index in " + dir, e);
        }
        RoaringIndexFile.read(dir, this);
    }

    @Override
    public void ingest(Iterable<Event> events, int batchSize) {
        throw new UnsupportedOperationException("the roaring index lives in memory: it has no durable writes");
    }

    private int typeOrdinal(String type) {
        return typeOrdinalByName.computeIfAbsent(type, name -> {
            typeNames.add(name);
            rowsByType.add(new RoaringBitmap());
            return typeNames.size() - 1;
        });
    }

    /** The tags as bits of a mask, bit {@code t} for {@code tagNames.get(t)}, adding new names. */
    private static long tagMask(List<String> tags, List<String> tagNames) {
        long mask = 0;
        for (String tag : tags) {
            int t = tagNames.indexOf(tag);
            if (t < 0) {
                if (tagNames.size() == Long.SIZE) {
                    throw new IllegalArgumentException("roaring peer holds at most 64 distinct tags");
                }
                tagNames.add(tag);
                t = tagNames.size() - 1;
            }
            mask |= 1L << t;
        }
        return mask;
    }

    @Override
    public long pointReadValue(long id) {
        int row = rowOf(id);
        return row < 0 ? ABSENT : values[row];
    }

    @Override
    public long countValueAtLeast(long threshold) {
        if (threshold > maxValue) {
            return 0;
        }
        return threshold <= 0 ? rowIds.length : valueIndex.gteCardinality(threshold);
    }

    @Override
    public long countReceivedBetween(long fromMillis, long toMillisInclusive) {
        long[] range = relativeRange(fromMillis, toMillisInclusive);
        return range == null ? 0 : receivedAtIndex.betweenCardinality(range[0], range[1]);
    }

    @Override
    public long countTypeVerifiedBetween(String type, long fromMillis, long toMillisInclusive) {
        long[] range = relativeRange(fromMillis, toMillisInclusive);
        RoaringBitmap typeRows = rowsOfType(type);
        if (range == null || typeRows == null) {
            return 0;
        }
        return receivedAtIndex.betweenCardinality(range[0], range[1], RoaringBitmap.and(typeRows, verifiedRows));
    }

    /** {@code [from, to]} in stored (relative) timestamps, clipped to what is stored; null if empty. */
    private long[] relativeRange(long fromMillis, long toMillisInclusive) {
        long from = Math.max(fromMillis, receivedAtBase);
        long to = Math.min(toMillisInclusive, receivedAtBase + receivedAtSpan);
        return from > to ? null : new long[] {from - receivedAtBase, to - receivedAtBase};
    }

    @Override
    public long countVerified(boolean verified) {
        return (verified ? verifiedRows : unverifiedRows).getLongCardinality();
    }

    @Override
    public long countType(String type) {
        RoaringBitmap rows = rowsOfType(type);
        return rows == null ? 0 : rows.getLongCardinality();
    }

    @Override
    public Map<String, Long> countByType() {
        return countsByType(typeCounts());
    }

    /** Group by type replies with the count of each type ordinal, before they are sorted into a map. */
    @Override
    public Object reply(PeerQuestion question) {
        return question.kind() == PeerQuestion.Kind.COUNT_BY_TYPE ? typeCounts() : answer(question);
    }

    @Override
    public Object answerOf(PeerQuestion question, Object reply) {
        return question.kind() == PeerQuestion.Kind.COUNT_BY_TYPE ? countsByType((long[]) reply) : reply;
    }

    private long[] typeCounts() {
        long[] counts = new long[typeNames.size()];
        for (int t = 0; t < counts.length; t++) {
            counts[t] = rowsByType.get(t).getLongCardinality();
        }
        return counts;
    }

    private Map<String, Long> countsByType(long[] typeCounts) {
        Map<String, Long> counts = new TreeMap<>();
        for (int t = 0; t < typeCounts.length; t++) {
            counts.put(typeNames.get(t), typeCounts[t]);
        }
        return counts;
    }

    @Override
    public long sumSizeOfType(String type) {
        RoaringBitmap rows = rowsOfType(type);
        if (rows == null) {
            return 0;
        }
        long sum = 0;
        for (IntIterator it = rows.getIntIterator(); it.hasNext(); ) {
            sum += sizes[it.next()];
        }
        return sum;
    }

    @Override
    public List<Event> latest(int limit) {
        return before(Long.MAX_VALUE, limit);
    }

    @Override
    public List<Event> before(long cursor, int limit) {
        int at = Arrays.binarySearch(rowIds, cursor);
        int end = at >= 0 ? at : -at - 1; // rows [0, end) have ids below the cursor
        List<Event> page = new ArrayList<>();
        for (int row = end - 1; row >= 0 && page.size() < limit; row--) {
            page.add(event(row));
        }
        return page;
    }

    @Override
    public Event byId(long id) {
        int row = rowOf(id);
        return row < 0 ? null : event(row);
    }

    private Event event(int row) {
        List<String> tags = new ArrayList<>();
        for (Map.Entry<String, RoaringBitmap> tag : rowsByTag.entrySet()) {
            if (tag.getValue().contains(row)) {
                tags.add(tag.getKey());
            }
        }
        return new Event(rowIds[row], values[row], typeNames.get(typeOrdinals[row]), verifiedRows.contains(row),
                receivedAt[row], sizes[row], tags);
    }

    @Override
    public long sizeBytes() {
        return RoaringIndexFile.sizeBytes(dir);
    }

    @Override
    public void close() {
        // Everything is on the heap.
    }

    private int rowOf(long id) {
        int row = Arrays.binarySearch(rowIds, id);
        return row < 0 ? -1 : row;
    }

    private RoaringBitmap rowsOfType(String type) {
        Integer ordinal = typeOrdinalByName.get(type);
        return ordinal == null ? null : rowsByType.get(ordinal);
    }
}
