package dev.big.db.query;

import dev.big.db.FieldType;
import dev.big.db.Filter;
import dev.big.db.InvalidInputException;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.db.field.ScalarKind;
import dev.big.engine.Txn;
import dev.big.engine.bsi.BsiReader;
import dev.big.engine.bsi.RangePredicate;
import dev.big.engine.coords.Coords;
import dev.big.engine.dict.Dictionary;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import org.roaringbitmap.RoaringBitmap;

/**
 * Evaluates a comparison of two fields of one record ({@link Filter.CompareFields}) in one shard:
 * int and timestamp fields plane by plane ({@link BsiReader#compareWith}, a word of 64 records at
 * a time, as a range scan against a constant), or — when their bases differ — one range scan of the
 * right field per distinct value of the left; keyed fields per dictionary value the left field
 * holds in the shard (its row AND the right field's row of the same string); bool fields as
 * {@code (false AND false) OR (true AND true)}.
 */
final class FieldComparison {

    private final Txn txn;
    private final FilterEvaluator evaluator;
    private final TableInfo table;

    FieldComparison(Txn txn, FilterEvaluator evaluator, TableInfo table) {
        this.txn = txn;
        this.evaluator = evaluator;
        this.table = table;
    }

    static void validate(TableInfo table, Filter.CompareFields fields) {
        FieldInfo left = table.field(fields.left());
        FieldInfo right = table.field(fields.right());
        if (left.type() != right.type() || left.type() == FieldType.SET) {
            throw new InvalidInputException("fields '" + left.name() + "' (" + left.type().label() + ") and '" + right.name()
                    + "' (" + right.type().label() + ") cannot be compared: compare two int, two timestamp, two keyed or"
                    + " two bool fields");
        }
        if (left.def().scale() != right.def().scale()) {
            throw new InvalidInputException("decimal fields '" + left.name() + "' (scale " + left.def().scale() + ") and '"
                    + right.name() + "' (scale " + right.def().scale() + ") are compared only at one scale");
        }
        boolean ordered = fields.op() != Filter.Op.EQ && fields.op() != Filter.Op.NE;
        if (ordered && !left.type().isInteger()) {
            throw new InvalidInputException(left.type().label() + " fields '" + left.name() + "' and '" + right.name()
                    + "' are compared with =, != and <> only");
        }
    }

    RoaringBitmap evaluate(Filter.CompareFields fields, long shard) {
        FieldInfo left = table.field(fields.left());
        FieldInfo right = table.field(fields.right());
        boolean negate = fields.op() == Filter.Op.NE && !left.type().isInteger();
        RoaringBitmap equal = switch (left.type()) {
            case INT, TIMESTAMP, DECIMAL -> {
                BsiReader a = evaluator.bsi(left);
                BsiReader b = evaluator.bsi(right);
                RangePredicate.Op op = ScalarKind.rangeOp(fields.op());
                yield left.bsi().base() == right.bsi().base() ? a.compareWith(b, shard, op, null)
                        : byLeftValues(a, b, shard, fields.op());
            }
            case KEYED -> keyedEqual(left, right, shard);
            case BOOL -> {
                RoaringBitmap falses = evaluator.rows().row(txn.fragment(left.rowsFragment(shard)), 0);
                falses.and(evaluator.rows().row(txn.fragment(right.rowsFragment(shard)), 0));
                RoaringBitmap trues = evaluator.rows().row(txn.fragment(left.rowsFragment(shard)), 1);
                trues.and(evaluator.rows().row(txn.fragment(right.rowsFragment(shard)), 1));
                falses.or(trues);
                yield falses;
            }
            case SET -> throw new IllegalStateException("validated: set fields are not compared");
        };
        if (!negate) {
            return equal;
        }
        RoaringBitmap both = evaluator.present(left, shard);
        both.and(evaluator.present(right, shard));
        both.andNot(equal);
        return both;
    }

    /** Fields of different bases: per distinct value v of the left field, the right field compared with v by a range scan. */
    private RoaringBitmap byLeftValues(BsiReader a, BsiReader b, long shard, Filter.Op op) {
        RoaringBitmap both = a.existing(shard, null);
        both.and(b.existing(shard, null));
        RoaringBitmap result = new RoaringBitmap();
        // a op b  <=>  b flipped(op) a
        Filter.Op flipped = switch (op) {
            case LT -> Filter.Op.GT;
            case LE -> Filter.Op.GE;
            case GT -> Filter.Op.LT;
            case GE -> Filter.Op.LE;
            default -> op;
        };
        new BucketPartition(a, shard, Bucketing.Identity.ofNumbers()).split(both, (value, records) ->
                result.or(b.matches(shard, RangePredicate.of(ScalarKind.rangeOp(flipped), value), records)));
        return result;
    }

    /** Records whose two keyed fields hold the same string: per value of the left field in the shard, its row AND the right's row. */
    private RoaringBitmap keyedEqual(FieldInfo left, FieldInfo right, long shard) {
        Dictionary leftValues = evaluator.dictionary(left);
        Dictionary rightValues = evaluator.dictionary(right);
        Map<Long, RoaringBitmap> rows = new LinkedHashMap<>();
        txn.fragment(left.rowsFragment(shard)).forEachCell(0, -1L, view -> {
            RoaringBitmap part = new RoaringBitmap();
            part.append((char) Coords.containerColumnOfKey(view.key()), view.toContainer());
            rows.merge(Coords.rowOfKey(view.key()), part, (x, y) -> RoaringBitmap.or(x, y));
            return true;
        });
        RoaringBitmap result = new RoaringBitmap();
        for (var row : rows.entrySet()) {
            OptionalLong other = left.fieldId() == right.fieldId() ? OptionalLong.of(row.getKey())
                    : rightValues.id(leftValues.value(row.getKey()));
            if (other.isPresent()) {
                RoaringBitmap same = evaluator.rows().row(txn.fragment(right.rowsFragment(shard)), other.getAsLong());
                same.and(row.getValue());
                result.or(same);
            }
        }
        return result;
    }
}
