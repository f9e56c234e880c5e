package dev.big.db.query;

import dev.big.db.catalog.FieldInfo;
import dev.big.engine.Txn;
import dev.big.engine.bsi.BsiReader;
import dev.big.engine.coords.Coords;
import dev.big.engine.dict.SetIds;
import dev.big.engine.rows.SetRows;
import java.util.Collections;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A set field: a record's set id from its bit planes and that set's members, or, for a field
 * from before set ids, the record's bits in the field's rows. A field with set ids reads an
 * empty set as empty; one without reads it as no value (it cannot tell them apart).
 */
public final class SetReader implements FieldReader {

    private final FieldInfo field;
    private final Txn txn;
    private final DictionaryNames names;
    /** The set id planes and the sets, or null for a field without set ids. */
    private final BsiReader setIdPlanes;
    private final SetIds sets;
    private final long[] out = new long[1];

    SetReader(Txn txn, FieldInfo field) {
        this.field = field;
        this.txn = txn;
        this.names = new DictionaryNames(txn, field);
        this.setIdPlanes = field.hasSetIds() ? new BsiReader(txn, field.bsi()) : null;
        this.sets = field.hasSetIds() ? new SetIds(txn, field.dict()) : null;
    }

    @Override
    public FieldInfo field() {
        return field;
    }

    /** The string with dictionary id {@code dictionaryId}. */
    public String name(long dictionaryId) {
        return names.name(dictionaryId);
    }

    /** How many values the field's dictionary holds at this state. */
    public long dictionarySize() {
        return names.size();
    }

    @Override
    public boolean has(long id) {
        if (id < 0) {
            return false;
        }
        return setIdPlanes != null ? setIdPlanes.has(id) : !legacyRows(id).isEmpty();
    }

    /** Record {@code id}'s set, sorted and unmodifiable, or null when it has none. */
    @Override
    public SortedSet<String> value(long id) {
        if (id < 0) {
            return null;
        }
        TreeSet<String> values = new TreeSet<>();
        if (setIdPlanes != null) {
            if (!setIdPlanes.read(id, out)) {
                return null;
            }
            for (long member : sets.members(out[0])) {
                values.add(names.name(member));
            }
            return Collections.unmodifiableSortedSet(values);
        }
        for (long member : legacyRows(id)) {
            values.add(names.name(member));
        }
        return values.isEmpty() ? null : Collections.unmodifiableSortedSet(values);
    }

    private List<Long> legacyRows(long id) {
        return SetRows.of(txn, field.nextDictId(), field.rowsFragment(Coords.shard(id)), Coords.column(id));
    }
}
