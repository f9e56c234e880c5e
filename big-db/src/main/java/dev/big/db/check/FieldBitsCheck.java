package dev.big.db.check;

import dev.big.db.FieldType;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.engine.Cell;
import dev.big.engine.Fragment;
import dev.big.engine.bsi.BsiLayout;
import dev.big.engine.coords.Coords;
import dev.big.page.ContainerKind;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeSet;

/**
 * A table's field fragments against its existence rows and dictionaries, shard by shard:
 *
 * <ul>
 * <li>every bit of a field belongs to a record of the table (a deleted record leaves none), or
 *     aggregates count what no count of the table does;
 * <li>a bool field's records are true or false, not both, and it has no row but those two;
 * <li>a keyed field's records have one value each;
 * <li>every row of a keyed or set field is an id its dictionary holds, below the next
 *     dictionary id, or its records read as damaged;
 * <li>a keyed or set field's rows and id planes (what reading a record back answers from) give
 *     each record the same value ({@link RowsAgainstIdPlanes}).
 * </ul>
 *
 * One pass over each fragment, each container read where it lies against its column's words
 * ({@link ColumnWords}): an array costs its values, a bitmap page its 1,024 words. A keyed or
 * set field's row containers are also compared record by record with its decoded id planes in
 * the same pass, so that costs a look-up per record bit.
 */
final class FieldBitsCheck {

    private static final int COLUMNS = Coords.CONTAINERS_PER_ROW;

    private final CheckScope scope;
    private final TableInfo table;
    private final Map<Integer, long[]> dictionaryIds;
    private final ColumnWords columnWords = new ColumnWords();
    private final RowsAgainstIdPlanes rowsAgainstIdPlanes;
    /** The table's existence rows of the shard being checked, by container column (null: none). */
    private final long[][] exists = new long[COLUMNS][];
    /** The union of a bool or keyed field's rows, by container column (null: no row there yet). */
    private final long[][] valuesHeld = new long[COLUMNS][];
    private final long[] overlaps = new long[COLUMNS];
    private long shard;

    private FieldBitsCheck(CheckScope scope, TableInfo table, Map<Integer, long[]> dictionaryIds) {
        this.scope = scope;
        this.table = table;
        this.dictionaryIds = dictionaryIds;
        this.rowsAgainstIdPlanes = new RowsAgainstIdPlanes(scope, table, columnWords);
    }

    /** {@code dictionaryIds}: the ids of each keyed or set field whose dictionary could be read, ascending. */
    static void check(CheckScope scope, TableInfo table, Map<Integer, long[]> dictionaryIds) {
        FieldBitsCheck check = new FieldBitsCheck(scope, table, dictionaryIds);
        TreeSet<Long> shards = new TreeSet<>(scope.fragments.shards(table.existsFieldId(), Coords.VIEW_ROWS));
        for (FieldInfo field : table.fields().values()) {
            shards.addAll(scope.fragments.shards(field.fieldId(), Coords.VIEW_ROWS));
            shards.addAll(scope.fragments.shards(field.fieldId(), Coords.VIEW_BSI));
        }
        for (long shard : shards) {
            check.shard = shard;
            check.readRow0(scope.txn.fragment(table.existsFragment(shard)), check.exists);
            for (FieldInfo field : table.fields().values()) {
                check.checkField(field);
            }
        }
        check.rowsAgainstIdPlanes.finish();
    }

    /** Fills {@code out} with row 0 of {@code tree}, by container column (null where it is empty). */
    private void readRow0(Fragment tree, long[][] out) {
        for (int c = 0; c < COLUMNS; c++) {
            Cell cell = tree.find(Coords.containerKeyOf(0, c));
            out[c] = cell != null ? ColumnWords.of(cell) : null;
        }
    }

    private void checkField(FieldInfo field) {
        String where = CheckScope.name(table, field) + ", shard " + shard;
        boolean idPlanes = RowsAgainstIdPlanes.applies(field);
        if (idPlanes) {
            ColumnIds ids = rowsAgainstIdPlanes.start(field, shard);
            for (int c = 0; c < COLUMNS; c++) {
                if (ids.exists(c) != null) {
                    outsideExists(where, "the exists row of its bit planes", c, ids.exists(c));
                }
            }
        } else if (field.type().isInteger()) {
            Fragment planes = scope.txn.fragment(field.bsiFragment(shard));
            for (int c = 0; c < COLUMNS; c++) {
                Cell planeExists = planes.find(Coords.containerKeyOf(BsiLayout.EXISTS_ROW, c));
                if (planeExists != null) {
                    outsideExists(where, "the exists row of its bit planes", c, planeExists);
                }
            }
            return;
        }
        boolean oneValueEach = field.type() != FieldType.SET;
        Arrays.fill(valuesHeld, null);
        Arrays.fill(overlaps, 0);
        long[] badRow = {-1};
        scope.txn.fragment(field.rowsFragment(shard)).forEachCell(0, -1L, view -> {
            long row = Coords.rowOfKey(view.key());
            int c = Coords.containerColumnOfKey(view.key());
            if (view.kind() == ContainerKind.BYTES) {
                scope.problem("field bits", where + ": row " + row + ", container column " + c + " holds bytes, not"
                        + " records");
                return true;
            }
            outsideExists(where, "row " + row, c, view);
            if (idPlanes) {
                rowsAgainstIdPlanes.row(row, c, view);
            }
            if (!isRow(field, row) && badRow[0] != row) {
                badRow[0] = row;
                reportRow(field, where, row);
            }
            if (oneValueEach) {
                if (valuesHeld[c] == null) {
                    valuesHeld[c] = new long[ColumnWords.WORDS];
                }
                overlaps[c] += columnWords.orCountingOverlap(view, valuesHeld[c]);
            }
            return true;
        });
        if (idPlanes) {
            rowsAgainstIdPlanes.endShard();
        }
        if (!oneValueEach) {
            return;
        }
        for (int c = 0; c < COLUMNS; c++) {
            if (overlaps[c] > 0) {
                scope.problem("field bits", where + ", container column " + c + ": " + overlaps[c]
                        + " bit(s) more in the rows than records with a value: records hold two "
                        + (field.type() == FieldType.BOOL ? "values (true and false)" : "values") + " at once");
            }
        }
    }

    private void outsideExists(String where, String row, int c, long[] bits) {
        int outside = ColumnWords.countOutside(bits, exists[c]);
        if (outside > 0) {
            reportOutside(where, row, c, outside, ColumnWords.firstOutside(bits, exists[c]));
        }
    }

    private void outsideExists(String where, String row, int c, Cell bits) {
        int outside = columnWords.countOutside(bits, exists[c]);
        if (outside > 0) {
            reportOutside(where, row, c, outside, ColumnWords.firstOutside(bits, exists[c]));
        }
    }

    private void reportOutside(String where, String row, int c, int outside, int firstLow) {
        scope.problem("field bits", where + ", container column " + c + ": " + row + " has " + outside
                + " bit(s) of records the table does not hold (first: record " + recordId(shard, c, firstLow)
                + "): aggregates of the field count records no count of the table does");
    }

    /** Whether {@code row} of a bool, keyed or set field's rows can hold records. */
    private boolean isRow(FieldInfo field, long row) {
        if (field.type() == FieldType.BOOL) {
            return row == 0 || row == 1;
        }
        long[] ids = dictionaryIds.get(field.fieldId());
        return row < field.nextDictId() && (ids == null || Arrays.binarySearch(ids, row) >= 0);
    }

    private void reportRow(FieldInfo field, String where, long row) {
        if (field.type() == FieldType.BOOL) {
            scope.problem("field bits", where + ": row " + row + " holds records, but a bool field has rows 0 (false)"
                    + " and 1 (true) only");
        } else if (row >= field.nextDictId()) {
            scope.problem("next dictionary id", where + ": row " + row + " holds records, but the catalog's next"
                    + " dictionary id is " + field.nextDictId() + ": the next new value would get this id, and these"
                    + " records with it");
        } else {
            scope.problem("dictionary", where + ": row " + row + " holds records, but the dictionary has no value with"
                    + " id " + row + ": reading their value fails");
        }
    }

    private static long recordId(long shard, int containerColumn, int low) {
        return Coords.recordId(shard, (containerColumn << Coords.CONTAINER_BITS) | low);
    }
}
