package dev.big.db.write;

import dev.big.db.InvalidInputException;
import dev.big.db.catalog.TableInfo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One table's changes in a batch, folded per record and sorted by record id: what the batch leaves
 * of each record (deleted, replaced, or some fields patched), whatever order the ops came in.
 * {@link BatchWriter} applies them.
 */
final class BatchChanges {

    /** The net effect of a batch on one record. */
    static final class Change {
        boolean delete;
        boolean replace;
        /** Whether the batch puts the record, even if it deletes it later: its id is then used. */
        boolean put;
        /** Whether the record must not exist before the batch: an insert is its first change. */
        boolean mustBeAbsent;
        /** The values to write; the op's own map until a later change to the same record needs a copy. */
        Map<String, Object> values = Map.of();
        boolean ownsValues;

        Map<String, Object> mutableValues() {
            if (!ownsValues) {
                values = new LinkedHashMap<>(values);
                ownsValues = true;
            }
            return values;
        }
    }

    final long[] ids;
    final Change[] changes;
    /** Whether each record existed before the batch (filled in by the writer, which reads the file). */
    final boolean[] existed;
    final int size;

    private BatchChanges(long[] ids, Change[] changes, int size) {
        this.ids = ids;
        this.changes = changes;
        this.existed = new boolean[size];
        this.size = size;
    }


    /** Sorts one table's ops by id (stably, so the order of changes to one record is kept) and folds each record's. */
    static BatchChanges fold(String table, List<WriteOp> ops) {
        boolean sorted = true;
        for (int i = 1; i < ops.size() && sorted; i++) {
            sorted = ops.get(i - 1).id() <= ops.get(i).id();
        }
        if (!sorted) {
            ops = new ArrayList<>(ops);
            ops.sort(Comparator.comparingLong(WriteOp::id));
        }
        long[] ids = new long[ops.size()];
        Change[] changes = new Change[ops.size()];
        int size = 0;
        for (WriteOp op : ops) {
            Change change;
            boolean first = size == 0 || ids[size - 1] != op.id();
            if (!first) {
                change = changes[size - 1];
            } else {
                change = new Change();
                ids[size] = op.id();
                changes[size++] = change;
            }
            switch (op) {
                case WriteOp.Insert insert -> {
                    if (!first && !change.delete) {
                        throw new InvalidInputException("table '" + table + "': record " + op.id() + " is "
                                + (change.put ? "written" : "updated") + " earlier in the same change, so it cannot be"
                                + " inserted; ids are unique: give each new record an id of its own");
                    }
                    change.mustBeAbsent |= first;
                    change.put = true;
                    change.delete = false;
                    change.replace = true;
                    change.values = insert.values();
                    change.ownsValues = false;
                }
                case WriteOp.Put put -> {
                    change.put = true;
                    change.delete = false;
                    change.replace = true;
                    change.values = put.values();
                    change.ownsValues = false;
                }
                case WriteOp.Patch patch -> {
                    if (change.delete) {
                        throw new InvalidInputException("table '" + table + "': record " + op.id()
                                + " is deleted earlier in the same batch; cannot update field '" + patch.field() + "'");
                    }
                    change.mutableValues().put(patch.field(), patch.value());
                }
                case WriteOp.Delete ignored -> {
                    change.delete = true;
                    change.replace = false;
                    change.values = Map.of();
                    change.ownsValues = false;
                }
            }
        }
        return new BatchChanges(ids, changes, size);
    }

    /** Marks a field a patch leaves alone (as opposed to null, which clears it). */
    static final Object UNTOUCHED = new Object();

    /**
     * Each field's new value per change: a value, null (clear), or {@link #UNTOUCHED}. Reading each
     * record's map once, in order, instead of looking every field up in every record's map.
     */
    Object[][] byField(TableInfo table) {
        Map<String, Integer> index = new HashMap<>();
        for (String name : table.fields().keySet()) {
            index.put(name, index.size());
        }
        Object[][] byField = new Object[index.size()][size];
        for (int i = 0; i < size; i++) {
            Change change = changes[i];
            if (change.delete) {
                continue;
            }
            if (!change.replace) {
                for (Object[] values : byField) {
                    values[i] = UNTOUCHED;
                }
            }
            for (Map.Entry<String, Object> e : change.values.entrySet()) {
                Integer f = index.get(e.getKey());
                if (f != null) {
                    byField[f][i] = e.getValue();
                }
            }
        }
        return byField;
    }
}
