package dev.big.db.query;

import dev.big.db.Row;
import dev.big.db.catalog.Catalog;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.db.field.BoolKind;
import dev.big.db.field.KeyedKind;
import dev.big.db.field.ScalarKind;
import dev.big.db.field.SetKind;
import dev.big.engine.Fragment;
import dev.big.engine.Txn;
import dev.big.engine.coords.Coords;
import dev.big.engine.dict.Dictionary;
import dev.big.engine.rows.SetRows;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeSet;

/**
 * Reads single records of one committed state: whether a record exists (its existence bit) is
 * read once per call, then each field asked for from its planes or rows. Null is a field without
 * a value; a record that does not exist reads as empty (or null).
 */
public final class RecordReader {

    private final QueryEngine engine;
    private final Txn txn;
    private final Catalog catalog;

    RecordReader(QueryEngine engine, Txn txn, Catalog catalog) {
        this.engine = engine;
        this.txn = txn;
        this.catalog = catalog;
    }

    /** The whole record {@code id} of {@code table}, or empty if there is none. */
    public Optional<Row> get(String tableName, long id) {
        TableInfo table = catalog.table(tableName);
        if (id < 0) {
            return Optional.empty();
        }
        FilterEvaluator evaluator = engine.evaluator(table);
        if (!exists(table, id)) {
            return Optional.empty();
        }
        Row.Builder record = Row.builder().id(id);
        for (FieldInfo field : table.fields().values()) {
            record.set(field.name(), value(evaluator, field, id));
        }
        return Optional.of(record.build());
    }

    /**
     * The values of {@code fieldNames} of record {@code id}, in order (null where unset), or null if
     * the record does not exist: existence is read once, however many fields are read.
     */
    public Object[] values(String tableName, long id, List<String> fieldNames) {
        TableInfo table = catalog.table(tableName);
        FieldInfo[] fields = new FieldInfo[fieldNames.size()];
        for (int f = 0; f < fields.length; f++) {
            fields[f] = table.field(fieldNames.get(f));
        }
        if (id < 0 || !exists(table, id)) {
            return null;
        }
        FilterEvaluator evaluator = engine.evaluator(table);
        Object[] values = new Object[fields.length];
        for (int f = 0; f < fields.length; f++) {
            values[f] = value(evaluator, fields[f], id);
        }
        return values;
    }

    /** One field of record {@code id} (null when the record or the value is absent). */
    public Object value(String tableName, long id, String fieldName) {
        TableInfo table = catalog.table(tableName);
        FieldInfo field = table.field(fieldName);
        if (id < 0 || !exists(table, id)) {
            return null;
        }
        return value(engine.evaluator(table), field, id);
    }

    /** Whether record {@code id} of {@code tableName} exists. */
    public boolean exists(String tableName, long id) {
        return id >= 0 && exists(catalog.table(tableName), id);
    }

    private boolean exists(TableInfo table, long id) {
        int column = Coords.column(id);
        return txn.fragment(table.existsFragment(Coords.shard(id))).contains(Coords.containerKey(0, column), Coords.low(column));
    }

    private Object value(FilterEvaluator evaluator, FieldInfo field, long id) {
        long shard = Coords.shard(id);
        int column = Coords.column(id);
        return switch (field.kind()) {
            case ScalarKind scalar -> {
                OptionalLong stored = evaluator.bsi(field).get(id);
                yield stored.isPresent() ? scalar.value(stored.getAsLong()) : null;
            }
            case BoolKind bool -> {
                Fragment rows = txn.fragment(field.rowsFragment(shard));
                if (rows.contains(Coords.containerKey(1, column), Coords.low(column))) {
                    yield Boolean.TRUE;
                }
                yield rows.contains(Coords.containerKey(0, column), Coords.low(column)) ? Boolean.FALSE : null;
            }
            case KeyedKind keyed -> {
                OptionalLong dictId = evaluator.bsi(field).get(id);
                yield dictId.isPresent() ? evaluator.dictionary(field).value(dictId.getAsLong()) : null;
            }
            case SetKind set -> {
                TreeSet<String> values = new TreeSet<>();
                Dictionary dictionary = evaluator.dictionary(field);
                if (field.hasSetIds()) {
                    OptionalLong setId = evaluator.bsi(field).get(id);
                    if (setId.isEmpty()) {
                        yield null;
                    }
                    for (long row : evaluator.setIds(field).members(setId.getAsLong())) {
                        values.add(dictionary.value(row));
                    }
                    yield Collections.unmodifiableSortedSet(values);
                }
                for (long row : SetRows.of(txn, field.nextDictId(), field.rowsFragment(shard), column)) {
                    values.add(dictionary.value(row));
                }
                yield values.isEmpty() ? null : Collections.unmodifiableSortedSet(values);
            }
        };
    }

    private static Long boxed(OptionalLong value) {
        return value.isPresent() ? value.getAsLong() : null;
    }
}
