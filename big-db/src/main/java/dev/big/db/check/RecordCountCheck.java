package dev.big.db.check;

import dev.big.db.catalog.RecordCounts;
import dev.big.db.catalog.TableInfo;
import dev.big.engine.Cell;
import dev.big.engine.Fragment;
import dev.big.engine.coords.Coords;
import dev.big.page.BigException;
import dev.big.page.MetaPage;

/**
 * A table's existence fragments against what is kept beside them: the record count in each
 * fragment's summary (what {@code count(*)} and exports answer from) against the records its
 * existence row holds, counted from the cells' cardinalities; no row but row 0; and the
 * catalog's next record id (where {@code append} goes on) above every record id in use. One
 * walk of each existence fragment.
 */
final class RecordCountCheck {

    static void check(CheckScope scope, TableInfo table) {
        long largestId = -1;
        for (long shard : scope.fragments.shards(table.existsFieldId(), Coords.VIEW_ROWS)) {
            long fragment = table.existsFragment(shard);
            Fragment tree = scope.txn.fragment(fragment);
            long[] held = {0};
            long[] lastKey = {-1};
            long[] otherRow = {-1};
            tree.forEachCell(0, -1L, view -> {
                if (Coords.rowOfKey(view.key()) != 0) {
                    otherRow[0] = view.key();
                    return false;
                }
                held[0] += view.cardinality();
                lastKey[0] = view.key();
                return true;
            });
            String where = "table " + table.name() + ", shard " + shard;
            if (otherRow[0] >= 0) {
                scope.problem("record count", where + ": the existence fragment holds row " + Coords.rowOfKey(otherRow[0])
                        + " (container key " + otherRow[0] + "), but it keeps row 0 only");
            }
            byte[] summary = scope.txn.summary(fragment);
            boolean rowCounts = scope.txn.formatVersion() >= MetaPage.VERSION_ROW_COUNTS;
            if (!rowCounts && summary.length != 0 && summary.length != Long.BYTES) {
                scope.problem("record count", where + ": the record count kept with the existence fragment is "
                        + summary.length + " bytes long, not " + Long.BYTES);
            }
            long says;
            try {
                says = RecordCounts.count(scope.txn, fragment, summary);
            } catch (BigException e) {
                scope.problem("record count", where + ": " + e.getMessage());
                continue;
            }
            if (says != held[0]) {
                scope.problem("record count", where + ": the record count kept with the existence fragment says " + says
                        + ", its existence row holds " + held[0] + " records; the table's counts answer from the former");
            }
            if (lastKey[0] >= 0) {
                Cell last = tree.find(lastKey[0]);
                int column = Coords.firstColumnOfKey(lastKey[0]) | last.toContainer().last();
                largestId = Math.max(largestId, Coords.recordId(shard, column));
            }
        }
        if (largestId >= table.nextRecordId()) {
            scope.problem("next record id", "table " + table.name() + ": the catalog's next record id is "
                    + table.nextRecordId() + ", at or below record " + largestId + ", the largest in use: append would"
                    + " hand out the ids of records that exist and overwrite them");
        }
    }

    private RecordCountCheck() {}
}
