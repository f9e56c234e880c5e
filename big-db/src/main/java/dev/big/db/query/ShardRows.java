package dev.big.db.query;

import dev.big.engine.Fragment;
import dev.big.engine.Txn;
import dev.big.engine.coords.Coords;

/**
 * The rows (view ROWS) of one field, or of a table's existence field, for point reads: the
 * fragment of the shard read last is kept, so reads within a shard ask the state for it once.
 * A write transaction hands out one live fragment per key, so keeping it stays current there too.
 */
final class ShardRows {

    private final Txn txn;
    private final int fieldId;
    private long shard = -1;
    private Fragment fragment;

    ShardRows(Txn txn, int fieldId) {
        this.txn = txn;
        this.fieldId = fieldId;
    }

    /** Whether row {@code row} holds record {@code id} (not negative). */
    boolean contains(long row, long id) {
        long s = Coords.shard(id);
        if (s != shard) {
            fragment = txn.fragment(Coords.fragmentKey(fieldId, Coords.VIEW_ROWS, s));
            shard = s;
        }
        int column = Coords.column(id);
        return fragment.contains(Coords.containerKey(row, column), Coords.low(column));
    }
}
