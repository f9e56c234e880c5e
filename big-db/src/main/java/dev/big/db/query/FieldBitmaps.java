package dev.big.db.query;

import dev.big.db.FieldType;
import dev.big.db.Filter;
import dev.big.db.InvalidInputException;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.db.field.BoolKind;
import dev.big.db.field.FieldKinds;
import dev.big.db.field.KeyedKind;
import dev.big.db.field.ScalarKind;
import dev.big.db.field.SetKind;
import dev.big.engine.Txn;
import dev.big.engine.bsi.BsiReader;
import dev.big.engine.bsi.RangePredicate;
import dev.big.engine.coords.Coords;
import dev.big.engine.dict.Dictionary;
import dev.big.engine.dict.SetIds;
import dev.big.engine.rows.RowCounts;
import dev.big.engine.rows.RowReader;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.OptionalLong;
import org.roaringbitmap.RoaringBitmap;

/**
 * The bitmaps of one table's fields in one shard, fetched the way each field's kind stores them:
 * a comparison's matches (bit planes for bit-sliced kinds, a row for a bool or a keyed value, an
 * id range for the record id), the records with and without a value, a keyed value's row and its
 * count from the cells alone. It also owns the one conversion of a filter's constants (by the
 * field's kind) and the readers of one transaction, kept per field. {@link FilterEvaluator}
 * combines these bitmaps; this class knows nothing of AND, OR and NOT.
 */
public final class FieldBitmaps {

    private final Txn txn;
    private final TableInfo table;
    /** Made on first use: a point read by id never reads a row, and making it was a fifth of such a statement's allocation. */
    private RowReader rows;
    private final Map<Integer, BsiReader> bsiReaders = new HashMap<>();
    private final Map<Integer, Dictionary> dictionaries = new HashMap<>();
    private final Map<Integer, SetIds> setIdsByField = new HashMap<>();
    /**
     * Container columns row fetches are limited to (bit c = column c). Inside an AND whose integer
     * comparisons' zone maps rule columns out, the other terms need not read those columns at all.
     */
    private int columnMask = RowReader.ALL_COLUMNS;

    FieldBitmaps(Txn txn, TableInfo table) {
        this.txn = txn;
        this.table = table;
    }

    /** The transaction the bitmaps are read at. */
    Txn txn() {
        return txn;
    }

    /** The container columns row fetches are limited to now. */
    int columnMask() {
        return columnMask;
    }

    /** Limits row fetches to {@code mask} until the next call; returns the mask it replaces. */
    int restrict(int mask) {
        int previous = columnMask;
        columnMask = mask;
        return previous;
    }

    /** The table's records in {@code shard}. */
    public RoaringBitmap all(long shard) {
        return rows().row(txn.fragment(table.existsFragment(shard)), 0, columnMask);
    }

    RoaringBitmap between(Filter.Between between, long shard, RoaringBitmap within) {
        if (FilterEvaluator.isId(between.field())) {
            return idRange(asLong("id", between.low()), asLong("id", between.high()), shard);
        }
        FieldInfo field = table.field(between.field());
        if (!field.type().isInteger()) {
            throw new InvalidInputException("BETWEEN needs " + FieldKinds.labels(kind -> kind instanceof ScalarKind)
                    + " field; '" + field.name() + "' is "
                    + field.type().label());
        }
        return bsi(field).matches(shard, predicate(field, between), within);
    }

    RoaringBitmap compare(String fieldName, Filter.Op op, Object value, long shard, RoaringBitmap within) {
        if (FilterEvaluator.isId(fieldName)) {
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
        return switch (field.kind()) {
            case ScalarKind scalar -> bsi(field).matches(shard, scalar.compare(op, value, fieldName), within);
            case BoolKind ignored -> {
                boolean b = (Boolean) constantValue(fieldName, op, value);
                long fragment = field.rowsFragment(shard);
                yield switch (op) {
                    case EQ -> rows().row(txn.fragment(fragment), b ? 1 : 0, columnMask);
                    case NE -> rows().row(txn.fragment(fragment), b ? 0 : 1, columnMask);
                    default -> throw unsupported(field, op);
                };
            }
            case KeyedKind ignored -> {
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
            case SetKind ignored -> throw new InvalidInputException("set field '" + field.name()
                    + "' is tested with contains(field, value) (SQL: list_contains(" + field.name() + ", 'x'))");
        };
    }

    /**
     * Whether {@code filter} is one row of a rows fragment, whose count in a shard the row's cells
     * hold (no container is read): keyed field = value, bool field = or != a constant,
     * contains(set field, value); or a keyed field IN a list of strings, one row per distinct value
     * (a record has one value of a keyed field, so the rows are disjoint and their counts add up).
     */
    public boolean countsFromCells(Filter filter) {
        return switch (filter) {
            case Filter.Compare c when !FilterEvaluator.isId(c.field()) -> switch (table.field(c.field()).type()) {
                case KEYED -> c.op() == Filter.Op.EQ;
                case BOOL -> c.op() == Filter.Op.EQ || c.op() == Filter.Op.NE;
                default -> false;
            };
            case Filter.Contains ignored -> true;
            case Filter.In in when !FilterEvaluator.isId(in.field()) -> table.field(in.field()).type() == FieldType.KEYED
                    && in.values().stream().allMatch(v -> v instanceof String);
            default -> false;
        };
    }

    /**
     * How many records of {@code shard} {@code filter} matches, counted from the cells of one row
     * alone (see {@link #countsFromCells}); -1 for any other filter.
     */
    public long rowCount(Filter filter, long shard) {
        return countsFromCells(filter) ? cellCount(filter, shard) : -1;
    }

    /** {@link #rowCount} of a filter known to be one row ({@link #countsFromCells}), as a plan on that path knows. */
    long cellCount(Filter filter, long shard) {
        return switch (filter) {
            case Filter.Contains contains -> keyedRowCount(table.field(contains.field()), contains.value(), shard);
            case Filter.In in -> {
                FieldInfo field = table.field(in.field());
                long count = 0;
                for (Object value : new LinkedHashSet<>(in.values())) {
                    count += keyedRowCount(field, (String) value, shard);
                }
                yield count;
            }
            case Filter.Compare c when table.field(c.field()).type() == FieldType.KEYED ->
                    keyedRowCount(table.field(c.field()), (String) constantValue(c.field(), c.op(), c.value()), shard);
            case Filter.Compare c -> {
                boolean value = (Boolean) constantValue(c.field(), c.op(), c.value());
                boolean row = c.op() == Filter.Op.EQ ? value : !value;
                yield rowCount(table.field(c.field()).rowsFragment(shard), row ? 1 : 0);
            }
            default -> throw new IllegalStateException("not one row: " + filter);
        };
    }

    private long keyedRowCount(FieldInfo field, String value, long shard) {
        OptionalLong id = dictionary(field).id(value);
        return id.isEmpty() ? 0 : rowCount(field.rowsFragment(shard), id.getAsLong());
    }

    /** The records of row {@code row} of rows fragment {@code fragment}: from the counts it keeps, else from its cells. */
    private long rowCount(long fragment, long row) {
        RowCounts counts = RowCounts.of(txn, fragment);
        return counts != null ? counts.count(row) : rows().cardinality(txn.fragment(fragment), row);
    }

    RoaringBitmap keyedRow(FieldInfo field, String value, long shard) {
        OptionalLong id = dictionary(field).id(value);
        if (id.isEmpty()) {
            return new RoaringBitmap();
        }
        return rows().row(txn.fragment(field.rowsFragment(shard)), id.getAsLong(), columnMask);
    }

    RoaringBitmap nulls(FieldInfo field, long shard) {
        RoaringBitmap result = all(shard);
        result.andNot(present(field, shard));
        return result;
    }

    /** The records of {@code shard} that have a value in {@code field}. */
    public RoaringBitmap present(FieldInfo field, long shard) {
        return switch (field.kind()) {
            case ScalarKind ignored -> bsi(field).existing(shard, null);
            case KeyedKind ignored -> bsi(field).existing(shard, null);
            case BoolKind ignored -> {
                var tree = txn.fragment(field.rowsFragment(shard));
                RoaringBitmap any = rows().row(tree, 0);
                any.or(rows().row(tree, 1));
                yield any;
            }
            case SetKind ignored -> {
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

    /**
     * The comparison {@code field op value} or {@code field BETWEEN low AND high} of a bit-sliced
     * field as one predicate on its stored numbers: the one conversion of the constants, by the
     * field's kind, on the way to the planes.
     */
    public RangePredicate predicate(FieldInfo field, Filter comparison) {
        return ((ScalarKind) field.kind()).predicate(comparison, field.name());
    }

    /** Refuses a constant that does not suit its field and operator (without reading data). */
    void checkConstant(String fieldName, Filter.Op op, Object value) {
        if (FilterEvaluator.isId(fieldName)) {
            asLong("id", value);
        } else if (table.field(fieldName).kind() instanceof ScalarKind scalar) {
            scalar.compare(op, value, fieldName);
        } else {
            constantValue(fieldName, op, value);
        }
    }

    /** The constant of a comparison on an id, bool or keyed field; throws on a type mismatch. */
    Object constantValue(String fieldName, Filter.Op op, Object value) {
        return FilterEvaluator.isId(fieldName) ? asLong("id", value) : constantOf(table.field(fieldName), op, value);
    }

    private Object constantOf(FieldInfo field, Filter.Op op, Object value) {
        return switch (field.kind()) {
            case ScalarKind scalar -> scalar.compare(op, value, field.name());
            case BoolKind ignored -> {
                if (!(value instanceof Boolean)) {
                    throw new InvalidInputException("field '" + field.name() + "' is bool; compare it with true or false, not "
                            + value);
                }
                if (op != Filter.Op.EQ && op != Filter.Op.NE) {
                    throw unsupported(field, op);
                }
                yield value;
            }
            case KeyedKind ignored -> {
                if (!(value instanceof String)) {
                    throw new InvalidInputException("field '" + field.name() + "' is keyed; compare it with a string, not " + value);
                }
                if (op != Filter.Op.EQ && op != Filter.Op.NE) {
                    throw unsupported(field, op);
                }
                yield value;
            }
            case SetKind ignored -> throw new InvalidInputException("set field '" + field.name()
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

    public BsiReader bsi(FieldInfo field) {
        return bsiReaders.computeIfAbsent(field.fieldId(), id -> new BsiReader(txn, field.bsi()));
    }

    public Dictionary dictionary(FieldInfo field) {
        return dictionaries.computeIfAbsent(field.fieldId(), id -> new Dictionary(txn, field.dict()));
    }

    public SetIds setIds(FieldInfo field) {
        return setIdsByField.computeIfAbsent(field.fieldId(), id -> new SetIds(txn, field.dict()));
    }

    public RowReader rows() {
        if (rows == null) {
            rows = new RowReader();
        }
        return rows;
    }
}
