package dev.big.db.query;

import dev.big.db.FieldType;
import dev.big.db.Filter;
import dev.big.db.InvalidInputException;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.engine.Txn;
import dev.big.engine.bsi.BsiReader;
import dev.big.engine.bsi.RangePredicate;
import dev.big.engine.coords.Coords;
import dev.big.engine.dict.Dictionary;
import dev.big.engine.dict.SetIds;
import dev.big.engine.rows.RowReader;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.roaringbitmap.RoaringBitmap;

/**
 * Turns a {@link Filter} into the set of matching columns of one shard, straight from rows and bit
 * planes. And-ed comparisons on integer fields are evaluated last, restricted to what the other
 * terms left, so their plane scans visit only those columns (and zone maps skip the rest).
 *
 * <p>Logic is SQL's three-valued logic: a comparison on a null field is unknown, so it matches
 * neither {@code x} nor {@code NOT x}. Each filter has a true set ({@link #evaluate}) and a false
 * set ({@link #evaluateFalse}); NOT swaps them, AND and OR combine them as Kleene logic does.
 */
public final class FilterEvaluator {

    private final Txn txn;
    private final TableInfo table;
    private final RowReader rows = new RowReader();
    private final Map<Integer, BsiReader> bsiReaders = new HashMap<>();
    private final Map<Integer, Dictionary> dictionaries = new HashMap<>();
    private final Map<Integer, SetIds> setIdsByField = new HashMap<>();
    /**
     * Container columns row fetches are limited to (bit c = column c). Inside an AND whose integer
     * comparisons' zone maps rule columns out, the other terms need not read those columns at all.
     */
    private int columnMask = RowReader.ALL_COLUMNS;

    public FilterEvaluator(Txn txn, TableInfo table) {
        this.txn = txn;
        this.table = table;
    }

    /** Checks {@code filter} against the schema (unknown fields, wrong constant types) without reading data. */
    public void validate(Filter filter) {
        switch (filter) {
            case Filter.All ignored -> { }
            case Filter.Compare compare -> constant(compare.field(), compare.op(), compare.value());
            case Filter.Between between -> {
                constant(between.field(), Filter.Op.GE, between.low());
                constant(between.field(), Filter.Op.LE, between.high());
            }
            case Filter.In in -> in.values().forEach(v -> constant(in.field(), Filter.Op.EQ, v));
            case Filter.IsNull isNull -> {
                if (!isId(isNull.field())) {
                    table.field(isNull.field());
                }
            }
            case Filter.Contains contains -> {
                FieldInfo field = table.field(contains.field());
                if (field.type() != FieldType.SET) {
                    throw new InvalidInputException("contains() needs a set field; '" + field.name() + "' is "
                            + field.type().label());
                }
            }
            case Filter.CompareFields fields -> FieldComparison.validate(table, fields);
            case Filter.And and -> and.filters().forEach(this::validate);
            case Filter.Or or -> or.filters().forEach(this::validate);
            case Filter.Not not -> validate(not.filter());
        }
    }

    /** The table's records in {@code shard}. */
    public RoaringBitmap all(long shard) {
        return rows.row(txn.fragment(table.existsFragment(shard)), 0, columnMask);
    }

    /** The columns of {@code shard} matching {@code filter}. */
    public RoaringBitmap evaluate(Filter filter, long shard) {
        return evaluate(filter, shard, null);
    }

    /** Like {@link #evaluate(Filter, long)}, restricted to {@code within} when it is not null. */
    private RoaringBitmap evaluate(Filter filter, long shard, RoaringBitmap within) {
        RoaringBitmap result = switch (filter) {
            case Filter.All ignored -> within != null ? within.clone() : all(shard);
            case Filter.Compare compare -> compare(compare.field(), compare.op(), compare.value(), shard, within);
            case Filter.Between between -> between(between, shard, within);
            case Filter.In in -> {
                RoaringBitmap union = new RoaringBitmap();
                for (Object value : in.values()) {
                    union.or(compare(in.field(), Filter.Op.EQ, value, shard, within));
                }
                yield union;
            }
            case Filter.IsNull isNull -> {
                RoaringBitmap nulls = isId(isNull.field()) ? new RoaringBitmap() : nulls(table.field(isNull.field()), shard);
                yield nulls;
            }
            case Filter.Contains contains -> keyedRow(table.field(contains.field()), contains.value(), shard);
            case Filter.CompareFields fields -> new FieldComparison(txn, this, table).evaluate(fields, shard);
            case Filter.And and -> and(and.filters(), shard, within);
            case Filter.Or or -> {
                RoaringBitmap union = new RoaringBitmap();
                for (Filter child : or.filters()) {
                    union.or(evaluate(child, shard, within));
                }
                yield union;
            }
            case Filter.Not not -> evaluateFalse(not.filter(), shard);
        };
        if (within != null && !(filter instanceof Filter.All)) {
            result.and(within);
        }
        return result;
    }

    /** The columns of {@code shard} for which {@code filter} is false (not merely unknown). */
    public RoaringBitmap evaluateFalse(Filter filter, long shard) {
        return switch (filter) {
            case Filter.All ignored -> new RoaringBitmap();
            case Filter.Compare compare -> complementWithinPresent(compare.field(), compare, shard);
            case Filter.Between between -> complementWithinPresent(between.field(), between, shard);
            case Filter.In in -> complementWithinPresent(in.field(), in, shard);
            case Filter.Contains contains -> complementWithinPresent(contains.field(), contains, shard);
            case Filter.IsNull isNull -> isId(isNull.field()) ? all(shard) : present(table.field(isNull.field()), shard);
            case Filter.CompareFields fields -> {
                // False where both have values and the comparison does not hold.
                RoaringBitmap both = present(table.field(fields.left()), shard);
                both.and(present(table.field(fields.right()), shard));
                both.andNot(evaluate(fields, shard, null));
                yield both;
            }
            case Filter.And and -> {
                RoaringBitmap union = new RoaringBitmap();
                for (Filter child : and.filters()) {
                    union.or(evaluateFalse(child, shard));
                }
                yield union;
            }
            case Filter.Or or -> {
                RoaringBitmap intersection = null;
                for (Filter child : or.filters()) {
                    RoaringBitmap part = evaluateFalse(child, shard);
                    if (intersection == null) {
                        intersection = part;
                    } else {
                        intersection.and(part);
                    }
                    if (intersection.isEmpty()) {
                        break;
                    }
                }
                yield intersection == null ? all(shard) : intersection;
            }
            case Filter.Not not -> evaluate(not.filter(), shard);
        };
    }

    /** A comparison is false where its field has a value that does not match. */
    private RoaringBitmap complementWithinPresent(String fieldName, Filter comparison, long shard) {
        RoaringBitmap present = isId(fieldName) ? all(shard) : present(table.field(fieldName), shard);
        present.andNot(evaluate(comparison, shard, null));
        return present;
    }

    private RoaringBitmap and(List<Filter> filters, long shard, RoaringBitmap within) {
        List<Filter> planes = new ArrayList<>();
        int mask = columnMask;
        for (Filter child : filters) {
            if (isPlaneScan(child)) {
                planes.add(child);
                mask &= zoneColumns(child, shard);
            }
        }
        if (mask == 0) {
            return new RoaringBitmap();
        }
        int saved = columnMask;
        columnMask = mask;
        try {
            RoaringBitmap result = within;
            for (Filter child : filters) {
                if (planes.contains(child)) {
                    continue;
                }
                result = evaluate(child, shard, result);
                if (result.isEmpty()) {
                    return result;
                }
            }
            for (Filter child : planes) {
                result = evaluate(child, shard, result);
                if (result.isEmpty()) {
                    return result;
                }
            }
            return result != null ? result : all(shard);
        } finally {
            columnMask = saved;
        }
    }

    /**
     * The container columns of {@code shard} where an integer comparison can match, from its
     * field's zone map: columns holding values whose [min, max] meets the compared range.
     */
    private int zoneColumns(Filter comparison, long shard) {
        String fieldName = comparison instanceof Filter.Compare c ? c.field() : ((Filter.Between) comparison).field();
        FieldInfo field = table.field(fieldName);
        dev.big.engine.bsi.ZoneMap zone = bsi(field).zone(shard);
        long lo;
        long hi;
        switch (comparison) {
            case Filter.Compare c -> {
                long v = (Long) constantValue(fieldName, c.op(), c.value());
                switch (c.op()) {
                    case EQ -> { lo = v; hi = v; }
                    case GE -> { lo = v; hi = Long.MAX_VALUE; }
                    case GT -> {
                        if (v == Long.MAX_VALUE) {
                            return 0;
                        }
                        lo = v + 1;
                        hi = Long.MAX_VALUE;
                    }
                    case LE -> { lo = Long.MIN_VALUE; hi = v; }
                    case LT -> {
                        if (v == Long.MIN_VALUE) {
                            return 0;
                        }
                        lo = Long.MIN_VALUE;
                        hi = v - 1;
                    }
                    default -> { lo = Long.MIN_VALUE; hi = Long.MAX_VALUE; }
                }
            }
            case Filter.Between b -> {
                lo = (Long) constantValue(fieldName, Filter.Op.GE, b.low());
                hi = (Long) constantValue(fieldName, Filter.Op.LE, b.high());
            }
            default -> throw new IllegalStateException("not a plane comparison: " + comparison);
        }
        int mask = 0;
        for (int c = 0; c < dev.big.engine.bsi.ZoneMap.COLUMNS; c++) {
            if (zone.count(c) > 0 && zone.min(c) <= hi && zone.max(c) >= lo) {
                mask |= 1 << c;
            }
        }
        return mask;
    }

    /** Whether a term is a comparison answered by scanning bit planes (cheaper when restricted first). */
    private boolean isPlaneScan(Filter filter) {
        String field = switch (filter) {
            case Filter.Compare compare -> compare.field();
            case Filter.Between between -> between.field();
            default -> null;
        };
        return field != null && !isId(field) && table.field(field).type().isInteger();
    }

    private RoaringBitmap between(Filter.Between between, long shard, RoaringBitmap within) {
        if (isId(between.field())) {
            return idRange(asLong("id", between.low()), asLong("id", between.high()), shard);
        }
        FieldInfo field = table.field(between.field());
        if (!field.type().isInteger()) {
            throw new InvalidInputException("BETWEEN needs an int or timestamp field; '" + field.name() + "' is "
                    + field.type().label());
        }
        long low = constant(field.name(), Filter.Op.GE, between.low());
        long high = constant(field.name(), Filter.Op.LE, between.high());
        return bsi(field).matches(shard, RangePredicate.between(low, high), within);
    }

    private RoaringBitmap compare(String fieldName, Filter.Op op, Object value, long shard, RoaringBitmap within) {
        if (isId(fieldName)) {
            long id = asLong("id", value);
            return switch (op) {
                case EQ -> idRange(id, id, shard);
                case NE -> {
                    RoaringBitmap all = all(shard);
                    all.andNot(idRange(id, id, shard));
                    yield all;
                }
                case LT -> id == Long.MIN_VALUE ? new RoaringBitmap() : idRange(Long.MIN_VALUE, id - 1, shard);
                case LE -> idRange(Long.MIN_VALUE, id, shard);
                case GT -> id == Long.MAX_VALUE ? new RoaringBitmap() : idRange(id + 1, Long.MAX_VALUE, shard);
                case GE -> idRange(id, Long.MAX_VALUE, shard);
            };
        }
        FieldInfo field = table.field(fieldName);
        return switch (field.type()) {
            case INT, TIMESTAMP -> bsi(field).matches(shard, RangePredicate.of(rangeOp(op), constant(fieldName, op, value)), within);
            case BOOL -> {
                boolean b = (Boolean) constantValue(fieldName, op, value);
                long fragment = field.rowsFragment(shard);
                yield switch (op) {
                    case EQ -> rows.row(txn.fragment(fragment), b ? 1 : 0, columnMask);
                    case NE -> rows.row(txn.fragment(fragment), b ? 0 : 1, columnMask);
                    default -> throw unsupported(field, op);
                };
            }
            case KEYED -> {
                String s = (String) constantValue(fieldName, op, value);
                yield switch (op) {
                    case EQ -> keyedRow(field, s, shard);
                    case NE -> {
                        RoaringBitmap present = bsi(field).existing(shard, within);
                        present.andNot(keyedRow(field, s, shard));
                        yield present;
                    }
                    default -> throw unsupported(field, op);
                };
            }
            case SET -> throw new InvalidInputException("set field '" + field.name()
                    + "' is tested with contains(field, value) (SQL: list_contains(" + field.name() + ", 'x'))");
        };
    }

    /**
     * How many records of {@code shard} {@code filter} matches, counted from the cells of one row
     * alone (no container is read), when the filter is one row of a rows fragment: keyed field =
     * value, bool field = or != a constant, contains(set field, value). Otherwise -1.
     */
    public long rowCount(Filter filter, long shard) {
        return switch (filter) {
            case Filter.Compare c when !isId(c.field()) && c.op() == Filter.Op.EQ
                    && table.field(c.field()).type() == FieldType.KEYED ->
                    keyedRowCount(table.field(c.field()), (String) constantValue(c.field(), c.op(), c.value()), shard);
            case Filter.Compare c when !isId(c.field()) && table.field(c.field()).type() == FieldType.BOOL
                    && (c.op() == Filter.Op.EQ || c.op() == Filter.Op.NE) -> {
                boolean value = (Boolean) constantValue(c.field(), c.op(), c.value());
                boolean row = c.op() == Filter.Op.EQ ? value : !value;
                yield rows.cardinality(txn.fragment(table.field(c.field()).rowsFragment(shard)), row ? 1 : 0);
            }
            case Filter.Contains contains -> keyedRowCount(table.field(contains.field()), contains.value(), shard);
            default -> -1;
        };
    }

    private long keyedRowCount(FieldInfo field, String value, long shard) {
        OptionalLong id = dictionary(field).id(value);
        return id.isEmpty() ? 0 : rows.cardinality(txn.fragment(field.rowsFragment(shard)), id.getAsLong());
    }

    private RoaringBitmap keyedRow(FieldInfo field, String value, long shard) {
        OptionalLong id = dictionary(field).id(value);
        if (id.isEmpty()) {
            return new RoaringBitmap();
        }
        return rows.row(txn.fragment(field.rowsFragment(shard)), id.getAsLong(), columnMask);
    }

    private RoaringBitmap nulls(FieldInfo field, long shard) {
        RoaringBitmap result = all(shard);
        result.andNot(present(field, shard));
        return result;
    }

    /** The records of {@code shard} that have a value in {@code field}. */
    public RoaringBitmap present(FieldInfo field, long shard) {
        return switch (field.type()) {
            case INT, TIMESTAMP, KEYED -> bsi(field).existing(shard, null);
            case BOOL -> {
                var tree = txn.fragment(field.rowsFragment(shard));
                RoaringBitmap any = rows.row(tree, 0);
                any.or(rows.row(tree, 1));
                yield any;
            }
            case SET -> {
                if (field.hasSetIds()) {
                    yield bsi(field).existing(shard, null);
                }
                RoaringBitmap any = new RoaringBitmap();
                txn.fragment(field.rowsFragment(shard)).forEachCell(0, -1L, view -> {
                    RoaringBitmap part = new RoaringBitmap();
                    part.append((char) Coords.containerColumnOfKey(view.key()), view.toContainer());
                    any.or(part);
                    return true;
                });
                yield any;
            }
        };
    }

    private RoaringBitmap idRange(long low, long high, long shard) {
        long first = Coords.recordId(shard, 0);
        long last = Coords.recordId(shard, (int) (Coords.SHARD_WIDTH - 1));
        long from = Math.max(low, first);
        long to = Math.min(high, last);
        if (from > to) {
            return new RoaringBitmap();
        }
        RoaringBitmap range = RoaringBitmap.bitmapOfRange(Coords.column(from), Coords.column(to) + 1L);
        range.and(all(shard));
        return range;
    }

    /** The constant of a comparison, converted to the field's stored form; throws on a type mismatch. */
    Object constantValue(String fieldName, Filter.Op op, Object value) {
        return isId(fieldName) ? asLong("id", value) : constantOf(table.field(fieldName), op, value);
    }

    private long constant(String fieldName, Filter.Op op, Object value) {
        Object constant = constantValue(fieldName, op, value);
        return constant instanceof Long l ? l : 0;
    }

    private Object constantOf(FieldInfo field, Filter.Op op, Object value) {
        return switch (field.type()) {
            case INT -> asLong(field.name(), value);
            case TIMESTAMP -> {
                if (value instanceof Instant instant) {
                    yield instant.toEpochMilli();
                }
                yield asLong(field.name(), value);
            }
            case BOOL -> {
                if (!(value instanceof Boolean)) {
                    throw new InvalidInputException("field '" + field.name() + "' is bool; compare it with true or false, not "
                            + value);
                }
                if (op != Filter.Op.EQ && op != Filter.Op.NE) {
                    throw unsupported(field, op);
                }
                yield value;
            }
            case KEYED -> {
                if (!(value instanceof String)) {
                    throw new InvalidInputException("field '" + field.name() + "' is keyed; compare it with a string, not " + value);
                }
                if (op != Filter.Op.EQ && op != Filter.Op.NE) {
                    throw unsupported(field, op);
                }
                yield value;
            }
            case SET -> throw new InvalidInputException("set field '" + field.name()
                    + "' is tested with contains(field, value) (SQL: list_contains(" + field.name() + ", 'x'))");
        };
    }

    private static long asLong(String field, Object value) {
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        throw new InvalidInputException("field '" + field + "' is compared with an integer, not " + value
                + (value == null ? "" : " (" + value.getClass().getSimpleName() + ")"));
    }

    private static InvalidInputException unsupported(FieldInfo field, Filter.Op op) {
        return new InvalidInputException(field.type().label() + " field '" + field.name() + "' supports = and != (and IN), not "
                + op);
    }

    /** The engine's name for comparison {@code op}. */
    static RangePredicate.Op rangeOp(Filter.Op op) {
        return switch (op) {
            case EQ -> RangePredicate.Op.EQ;
            case NE -> RangePredicate.Op.NE;
            case LT -> RangePredicate.Op.LT;
            case LE -> RangePredicate.Op.LE;
            case GT -> RangePredicate.Op.GT;
            case GE -> RangePredicate.Op.GE;
        };
    }

    static boolean isId(String field) {
        return field.equals("id");
    }

    BsiReader bsi(FieldInfo field) {
        return bsiReaders.computeIfAbsent(field.fieldId(), id -> new BsiReader(txn, field.bsi()));
    }

    Dictionary dictionary(FieldInfo field) {
        return dictionaries.computeIfAbsent(field.fieldId(), id -> new Dictionary(txn, field.dict()));
    }

    SetIds setIds(FieldInfo field) {
        return setIdsByField.computeIfAbsent(field.fieldId(), id -> new SetIds(txn, field.dict()));
    }

    RowReader rows() {
        return rows;
    }
}
