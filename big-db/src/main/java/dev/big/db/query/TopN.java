package dev.big.db.query;

import dev.big.db.Filter;
import dev.big.db.InvalidInputException;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.engine.bsi.BsiReader;
import dev.big.engine.bsi.OrderIndex;
import dev.big.engine.bsi.RangePredicate;
import dev.big.engine.coords.Coords;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.roaringbitmap.IntIterator;
import org.roaringbitmap.RoaringBitmap;

/**
 * The first records in the order of an int or timestamp field ({@code ORDER BY v [DESC], id LIMIT k}),
 * from the bit planes: the k-th value in that order is found by counting ({@link ValueRank}: a
 * binary search whose probes are range counts), every record beyond it is one range scan, and the
 * ties at it are taken in id order until k are found. Only the k records chosen are read (for
 * their values, to put them in order), never the other matches. Without a filter, a field's order
 * index gives the k-th value instead of the counting.
 *
 * <p>NULLs come last unless {@code nullsFirst} (DuckDB's default for both directions); they and
 * ties are in id order, ascending or descending as asked.
 */
public final class TopN {

    private final QueryEngine engine;
    private final TableInfo table;
    private final FilterEvaluator evaluator;

    public TopN(QueryEngine engine, String tableName) {
        this(engine, engine.catalog().table(tableName));
    }

    /** Top-N listings of {@code table}, a table of {@code engine}'s catalog (as a binder found it). */
    public TopN(QueryEngine engine, TableInfo table) {
        this.engine = engine;
        this.table = table;
        this.evaluator = engine.evaluator(table);
    }

    /** The ids of the first {@code limit} matching records (all when negative) in the order described above. */
    public long[] ids(String fieldName, Filter where, boolean descending, boolean nullsFirst, boolean idsDescending, int limit) {
        FieldInfo field = table.field(fieldName);
        if (!field.type().isInteger()) {
            throw new InvalidInputException("top-N listings order by an int or timestamp field; '" + fieldName + "' is "
                    + field.type().label());
        }
        evaluator.validate(where);
        BsiReader reader = evaluator.bsi(field);
        List<ValueRank.Part> values = new ArrayList<>();
        List<ValueRank.Part> nulls = new ArrayList<>();
        for (long[] entry : engine.shards(table)) {
            long shard = entry[0];
            RoaringBitmap matching = where instanceof Filter.All ? evaluator.all(shard) : evaluator.evaluate(where, shard);
            RoaringBitmap present = reader.existing(shard, matching);
            if (!present.isEmpty()) {
                values.add(new ValueRank.Part(shard, present));
            }
            RoaringBitmap absent = RoaringBitmap.andNot(matching, present);
            if (!absent.isEmpty()) {
                nulls.add(new ValueRank.Part(shard, absent));
            }
        }
        long wanted = limit < 0 ? Long.MAX_VALUE : limit;
        List<Long> out = new ArrayList<>();
        if (nullsFirst) {
            inIdOrder(nulls, idsDescending, wanted, out);
        }
        // Over every record, a field's order index gives the k-th value in a few node reads.
        ValueRanks ranks = where instanceof Filter.All && field.def().orderIndex()
                ? ValueRanks.of(OrderIndex.of(engine.txn(), field.bsi())) : null;
        out.addAll(firstValues(reader, values, ranks, descending, idsDescending, wanted - out.size()));
        if (!nullsFirst) {
            inIdOrder(nulls, idsDescending, wanted - out.size(), out);
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    /**
     * The first {@code wanted} records with values, in value order, ties by id; {@code ranks}
     * ranks the values of every part when known (else they are ranked from the planes).
     */
    private List<Long> firstValues(BsiReader reader, List<ValueRank.Part> values, ValueRanks ranks, boolean descending,
                                   boolean idsDescending, long wanted) {
        if (wanted <= 0 || values.isEmpty()) {
            return List.of();
        }
        ValueRanks rank = ranks != null ? ranks : new ValueRank(reader, values);
        long k = Math.min(wanted, rank.count());
        long threshold = rank.smallest(descending ? rank.count() - k : k - 1);
        RangePredicate beyond = RangePredicate.of(descending ? RangePredicate.Op.GT : RangePredicate.Op.LT, threshold);
        List<long[]> chosen = new ArrayList<>();
        List<ValueRank.Part> ties = new ArrayList<>();
        for (ValueRank.Part part : values) {
            RoaringBitmap clear = reader.matches(part.shard(), beyond, part.records());
            collect(reader, part.shard(), clear, chosen);
            ties.add(new ValueRank.Part(part.shard(),
                    reader.matches(part.shard(), RangePredicate.of(RangePredicate.Op.EQ, threshold), part.records())));
        }
        List<Long> tied = new ArrayList<>();
        inIdOrder(ties, idsDescending, k - chosen.size(), tied);
        for (long id : tied) {
            chosen.add(new long[] {threshold, id});
        }
        Comparator<long[]> byValue = Comparator.comparingLong(v -> v[0]);
        Comparator<long[]> byId = Comparator.comparingLong(v -> v[1]);
        chosen.sort((descending ? byValue.reversed() : byValue).thenComparing(idsDescending ? byId.reversed() : byId));
        List<Long> ids = new ArrayList<>(chosen.size());
        chosen.forEach(v -> ids.add(v[1]));
        return ids;
    }

    /** Appends (value, id) of each record of {@code columns}: one point read per record, for the few chosen. */
    private static void collect(BsiReader reader, long shard, RoaringBitmap columns, List<long[]> out) {
        IntIterator it = columns.getIntIterator();
        while (it.hasNext()) {
            long id = Coords.recordId(shard, it.next());
            out.add(new long[] {reader.get(id).orElseThrow(), id});
        }
    }

    /** Appends up to {@code wanted} ids of the parts' records in id order. */
    private static void inIdOrder(List<ValueRank.Part> parts, boolean descending, long wanted, List<Long> out) {
        List<ValueRank.Part> ordered = new ArrayList<>(parts);
        ordered.sort(Comparator.comparingLong(ValueRank.Part::shard));
        if (descending) {
            java.util.Collections.reverse(ordered);
        }
        long left = wanted;
        for (ValueRank.Part part : ordered) {
            if (left <= 0) {
                return;
            }
            IntIterator columns = descending ? part.records().getReverseIntIterator() : part.records().getIntIterator();
            while (columns.hasNext() && left > 0) {
                out.add(Coords.recordId(part.shard(), columns.next()));
                left--;
            }
        }
    }
}
