package dev.big.db.query;

import dev.big.db.Filter;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.db.field.ScalarKind;
import dev.big.engine.bsi.BsiLayout;
import dev.big.engine.bsi.RangePredicate;
import dev.big.engine.bsi.ZoneMap;
import dev.big.engine.bsi.ZoneVerdict;
import dev.big.engine.coords.Coords;
import java.util.ArrayList;
import java.util.List;

/**
 * Which container columns (65,536 ids each) of a shard a filter can match, decided before any
 * record is read: an id range by arithmetic on the ids, an integer comparison or IN list by its
 * field's zone map ({@link ZoneVerdict}, the engine's rule); any other term may match anywhere.
 * Every term of an AND must match, so its container columns are those all its terms leave; an OR
 * or a NOT leaves every container column.
 *
 * <p>The one place this is decided: {@link FilterEvaluator} reads rows only in these container columns,
 * {@link QueryPlan} records them per shard (which EXPLAIN prints), and a distributed scan makes
 * work only of them (big-trino's splits, through {@code ShardScan.recordsPerColumn(Filter, long)}).
 */
public final class ColumnPruning {

    /** Every container column of a shard. */
    public static final int ALL_COLUMNS = ZoneVerdict.ALL_COLUMNS;

    private final TableInfo table;
    private final FieldBitmaps fields;

    ColumnPruning(TableInfo table, FieldBitmaps fields) {
        this.table = table;
        this.fields = fields;
    }

    /**
     * The terms every match of {@code filter} satisfies: an AND's terms (nested ANDs flattened),
     * none for every record, else the filter itself.
     */
    public static List<Filter> conjuncts(Filter filter) {
        return switch (filter) {
            case Filter.All ignored -> List.of();
            case Filter.And and -> {
                List<Filter> terms = new ArrayList<>(and.filters().size());
                for (Filter term : and.filters()) {
                    terms.addAll(conjuncts(term));
                }
                yield terms;
            }
            default -> List.of(filter);
        };
    }

    /** What each of {@code filter}'s {@link #conjuncts} says about the container columns of {@code shard} (an unmodifiable list). */
    public List<TermColumns> terms(Filter filter, long shard) {
        if (!(filter instanceof Filter.And) && !(filter instanceof Filter.All)) {
            return List.of(term(filter, shard)); // one term: the common case, made without copies
        }
        List<Filter> conjuncts = conjuncts(filter);
        TermColumns[] terms = new TermColumns[conjuncts.size()];
        for (int i = 0; i < terms.length; i++) {
            terms[i] = term(conjuncts.get(i), shard);
        }
        return List.of(terms);
    }

    /** The container columns of {@code shard} where {@code filter} can match (bit c is container column c). */
    public int containerColumns(Filter filter, long shard) {
        return containerColumnsOf(conjuncts(filter), shard);
    }

    /** The container columns of {@code shard} where every one of {@code conjuncts} can match. */
    int containerColumnsOf(List<Filter> conjuncts, long shard) {
        int columns = ALL_COLUMNS;
        for (Filter term : conjuncts) {
            columns &= term(term, shard).containerColumns();
            if (columns == 0) {
                break;
            }
        }
        return columns;
    }

    /** The container columns every one of {@code terms} leaves. */
    public static int containerColumns(List<TermColumns> terms) {
        int columns = ALL_COLUMNS;
        for (TermColumns term : terms) {
            columns &= term.containerColumns();
        }
        return columns;
    }

    /** What one term says about the container columns of {@code shard}. */
    public TermColumns term(Filter term, long shard) {
        return switch (term) {
            case Filter.Compare c when FilterEvaluator.isId(c.field()) -> idTerm(term, idBounds(c), shard);
            case Filter.Between b when FilterEvaluator.isId(b.field()) -> idTerm(term, idBounds(b), shard);
            case Filter.In in when FilterEvaluator.isId(in.field()) -> idTerm(term, idBounds(in), shard);
            case Filter.In in when isInteger(in.field()) -> values(in, table.field(in.field()), shard);
            default -> isRange(term) ? range(term, shard) : new TermColumns(term, TermColumns.By.NONE, ALL_COLUMNS, null);
        };
    }

    /**
     * Whether {@code term} is an integer comparison: one range of its field's stored numbers,
     * found by a scan of its planes (which the evaluator runs last, restricted to what the other
     * terms left).
     */
    public boolean isRange(Filter term) {
        String field = switch (term) {
            case Filter.Compare compare -> compare.field();
            case Filter.Between between -> between.field();
            default -> null;
        };
        return field != null && isInteger(field);
    }

    /** The integer field a term {@link #isRange} compares. */
    public FieldInfo rangeField(Filter term) {
        return table.field(term instanceof Filter.Compare c ? c.field() : ((Filter.Between) term).field());
    }

    private boolean isInteger(String field) {
        return !FilterEvaluator.isId(field) && table.field(field).type().isInteger();
    }

    private TermColumns range(Filter term, long shard) {
        FieldInfo field = rangeField(term);
        ZoneMap zone = fields.bsi(field).zone(shard);
        ZoneVerdict verdict = ZoneVerdict.of(zone, fields.predicate(field, term));
        return new TermColumns(term, TermColumns.By.RANGE, verdict.candidates(), zones(zone, verdict, field.base()));
    }

    /**
     * An IN list of an integer field: the zone map against its smallest to largest value, which
     * rules container columns out but (the values being apart) counts none whole unless there is
     * one value.
     */
    private TermColumns values(Filter.In in, FieldInfo field, long shard) {
        ScalarKind kind = (ScalarKind) field.kind();
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (Object value : in.values()) {
            long[] range = kind.compare(Filter.Op.EQ, value, field.name()).matchingRange();
            if (range != null) {
                lo = Math.min(lo, range[0]);
                hi = Math.max(hi, range[1]);
            }
        }
        ZoneMap zone = fields.bsi(field).zone(shard);
        ZoneVerdict verdict = lo > hi ? ZoneVerdict.nothingMatches(zone) : ZoneVerdict.of(zone, lo, hi, false);
        if (lo != hi) {
            verdict = new ZoneVerdict(verdict.skipped(), 0, verdict.candidates(), verdict.empty());
        }
        return new TermColumns(in, TermColumns.By.VALUES, verdict.candidates(), zones(zone, verdict, field.base()));
    }

    /** The zone map's say: what the container columns it counts whole hold, and the planes the scanned ones reach. */
    private static TermColumns.Zones zones(ZoneMap zone, ZoneVerdict verdict, long base) {
        int depth = 0;
        int planes = 0;
        for (int mask = verdict.scanned(); mask != 0; mask &= mask - 1) {
            int c = Integer.numberOfTrailingZeros(mask);
            int columnDepth = BsiLayout.depthOf(Math.max(Math.abs(zone.min(c) - base), Math.abs(zone.max(c) - base)));
            depth = Math.max(depth, columnDepth);
            planes += columnDepth;
        }
        return new TermColumns.Zones(verdict, verdict.wholeCount(zone), depth, planes);
    }

    // ------------------------------------------------------------------ ids

    private static TermColumns idTerm(Filter term, long[] bounds, long shard) {
        int columns = bounds == null ? ALL_COLUMNS : idColumns(bounds[0], bounds[1], shard);
        return new TermColumns(term, bounds == null ? TermColumns.By.NONE : TermColumns.By.ID_RANGE, columns, null);
    }

    /**
     * The ids a comparison of the id can match as [low, high] ([1, 0] for none), or null when it
     * may match anywhere ({@code !=}, or a constant that is not an integer, which the evaluation
     * refuses).
     */
    private static long[] idBounds(Filter.Compare compare) {
        if (!isIntegral(compare.value())) {
            return null;
        }
        long id = ((Number) compare.value()).longValue();
        return switch (compare.op()) {
            case EQ -> new long[] {id, id};
            case GE -> new long[] {id, Long.MAX_VALUE};
            case GT -> id == Long.MAX_VALUE ? new long[] {1, 0} : new long[] {id + 1, Long.MAX_VALUE};
            case LE -> new long[] {Long.MIN_VALUE, id};
            case LT -> id == Long.MIN_VALUE ? new long[] {1, 0} : new long[] {Long.MIN_VALUE, id - 1};
            case NE -> null;
        };
    }

    private static long[] idBounds(Filter.Between between) {
        if (!isIntegral(between.low()) || !isIntegral(between.high())) {
            return null;
        }
        return new long[] {((Number) between.low()).longValue(), ((Number) between.high()).longValue()};
    }

    private static long[] idBounds(Filter.In in) {
        long low = Long.MAX_VALUE;
        long high = Long.MIN_VALUE;
        for (Object value : in.values()) {
            if (!isIntegral(value)) {
                return null;
            }
            long id = ((Number) value).longValue();
            low = Math.min(low, id);
            high = Math.max(high, id);
        }
        return low > high ? new long[] {1, 0} : new long[] {low, high};
    }

    /** Whether {@code value} is an id constant the evaluation accepts. */
    private static boolean isIntegral(Object value) {
        return value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte;
    }

    /** The container columns of {@code shard} holding ids in [low, high]. */
    private static int idColumns(long low, long high, long shard) {
        long first = Coords.recordId(shard, 0);
        long last = first + Coords.SHARD_WIDTH - 1;
        long from = Math.max(low, first);
        long to = Math.min(high, last);
        if (from > to) {
            return 0;
        }
        int firstColumn = Coords.containerColumn(Coords.column(from));
        int lastColumn = Coords.containerColumn(Coords.column(to));
        return (int) (((1L << (lastColumn + 1)) - 1) & ~((1L << firstColumn) - 1));
    }
}
