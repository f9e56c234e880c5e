package dev.big.db.check;

import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.engine.coords.Coords;
import dev.big.engine.rows.RowCounts;
import dev.big.page.BigException;
import dev.big.page.MetaPage;

/**
 * The row counts a field's rows fragments keep (files of format {@link MetaPage#VERSION_ROW_COUNTS}
 * and later: {@link RowCounts}) against their cells: every row's count must be the records its
 * cells hold, since one-value counts, group counts and count(DISTINCT) answer from them. A fragment
 * that keeps none (too many rows) is counted from its cells by its readers and has nothing to
 * compare. The existence fragments' counts are the table's record counts ({@link RecordCountCheck}).
 */
final class RowCountsCheck {

    /** At most this many rows that disagree are named per fragment. */
    private static final int ROWS_NAMED = 5;

    static void check(CheckScope scope, TableInfo table, FieldInfo field) {
        if (scope.txn.formatVersion() < MetaPage.VERSION_ROW_COUNTS) {
            return;
        }
        String name = CheckScope.name(table, field);
        for (long shard : scope.fragments.shards(field.fieldId(), Coords.VIEW_ROWS)) {
            long fragment = field.rowsFragment(shard);
            byte[] summary = scope.txn.summary(fragment);
            if (summary.length == 0) {
                continue;
            }
            String where = name + ", shard " + shard;
            RowCounts kept;
            try {
                kept = RowCounts.decode(summary, scope.txn.file(), fragment);
            } catch (BigException e) {
                scope.problem("row counts", where + ": " + e.getMessage());
                continue;
            }
            RowCounts held = RowCounts.countCells(scope.txn.fragment(fragment));
            if (!kept.equals(held)) {
                scope.problem("row counts", where + ": the row counts kept with the fragment disagree with its cells ("
                        + differences(kept, held) + "); its one-value and group counts answer from the former");
            }
        }
    }

    /** The first rows whose counts differ, as "row R: kept K, cells hold H". */
    private static String differences(RowCounts kept, RowCounts held) {
        java.util.TreeSet<Long> rows = new java.util.TreeSet<>();
        for (int i = 0; i < kept.rows(); i++) {
            rows.add(kept.row(i));
        }
        for (int i = 0; i < held.rows(); i++) {
            rows.add(held.row(i));
        }
        StringBuilder text = new StringBuilder();
        int named = 0;
        for (long row : rows) {
            if (kept.count(row) != held.count(row)) {
                if (named++ == ROWS_NAMED) {
                    text.append(", ...");
                    break;
                }
                text.append(named == 1 ? "" : ", ").append("row ").append(row).append(": kept ").append(kept.count(row))
                        .append(", cells hold ").append(held.count(row));
            }
        }
        return text.toString();
    }

    private RowCountsCheck() {}
}
