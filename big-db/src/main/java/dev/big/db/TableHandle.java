package dev.big.db;

import dev.big.db.catalog.FieldInfo;
import dev.big.db.query.BoolReader;
import dev.big.db.query.FieldReader;
import dev.big.db.query.KeyedReader;
import dev.big.db.query.NumberReader;
import dev.big.db.query.SetReader;
import dev.big.db.query.TableReader;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.SortedSet;

/**
 * One table of a {@link Snapshot}, bound once for reading records by id ({@link
 * Snapshot#tableHandle}). Its {@link FieldHandle}s carry their field's readers, so a read looks
 * nothing up by name, checks nothing but the id, and boxes nothing:
 *
 * <pre>{@code
 * TableHandle events = snapshot.tableHandle("events");
 * FieldHandle value = events.field("value");
 * long v = events.getLong(id, value, -1);            // -1 where record id has no value
 * if (events.has(id, value)) { ... events.getLong(id, value) ... }
 * }</pre>
 *
 * <p>Getters by kind: {@link #getLong} for int, timestamp (epoch milliseconds) and decimal (the
 * unscaled number) fields, {@link #getInstant}, {@link #getDecimal}, {@link #getBoolean},
 * {@link #getString} (keyed), {@link #getSet}; {@link #get} for any field, as an object. A getter
 * of the wrong kind for its field is refused. Null is never a number: a getter that returns a
 * primitive throws {@link NoSuchElementException} where there is no value, unless it is given the
 * value to return instead ({@link #getLong(long, FieldHandle, long)}); the getters that return an
 * object return null. A record that does not exist, or a negative id, has no value.
 *
 * <p>The batch reads ({@link #readLongs}, {@link #readBooleans}, {@link #readStrings}) read one
 * field of many records into arrays, with a presence flag per record.
 *
 * <p>A handle belongs to its snapshot: one thread at a time, and only while the snapshot is open
 * (for a snapshot of a {@link Transaction}, while the transaction is); after that every call
 * throws {@link dev.big.page.DatabaseClosedException}.
 */
public final class TableHandle {

    private final Snapshot snapshot;
    private final TableReader reader;
    private final Map<String, FieldHandle> byName = new HashMap<>();
    private List<FieldHandle> fields;

    TableHandle(Snapshot snapshot, TableReader reader) {
        this.snapshot = snapshot;
        this.reader = reader;
    }

    /** The table's name. */
    public String name() {
        return reader.table().name();
    }

    /** The table's definition, as the snapshot's schema has it. */
    public TableDef def() {
        return reader.table().def();
    }

    /**
     * The handle of field {@code name} (the same one each time), or an {@code
     * InvalidInputException} naming the table's fields.
     */
    public FieldHandle field(String name) {
        FieldHandle field = byName.get(name);
        if (field == null) {
            snapshot.ensureOpen();
            FieldInfo info = reader.table().field(name);
            field = new FieldHandle(this, reader.field(info));
            byName.put(name, field);
        }
        return field;
    }

    /** The handles of every field of the table, in schema order. */
    public List<FieldHandle> fields() {
        if (fields == null) {
            List<FieldHandle> all = new ArrayList<>();
            for (String name : reader.table().fields().keySet()) {
                all.add(field(name));
            }
            fields = Collections.unmodifiableList(all);
        }
        return fields;
    }

    /** Whether record {@code id} exists. */
    public boolean exists(long id) {
        snapshot.ensureOpen();
        return reader.exists(id);
    }

    /** Whether record {@code id} has a value of {@code field} (false when there is no such record). */
    public boolean has(long id, FieldHandle field) {
        return bound(field).has(id);
    }

    /**
     * The number of an int, timestamp (epoch milliseconds) or decimal (unscaled: {@code 12.34} at
     * scale 2 is {@code 1234}) field; {@link NoSuchElementException} when record {@code id} has no
     * value.
     */
    public long getLong(long id, FieldHandle field) {
        NumberReader numbers = numbers(field, "getLong");
        if (!numbers.read(id)) {
            throw noValue(id, field, "getLong(id, field, ifNull)");
        }
        return numbers.stored();
    }

    /** {@link #getLong(long, FieldHandle)}, or {@code ifNull} when record {@code id} has no value. */
    public long getLong(long id, FieldHandle field, long ifNull) {
        NumberReader numbers = numbers(field, "getLong");
        return numbers.read(id) ? numbers.stored() : ifNull;
    }

    /** The point in time of a timestamp field, or null. */
    public Instant getInstant(long id, FieldHandle field) {
        NumberReader numbers = numbers(field, "getInstant");
        if (field.type() != FieldType.TIMESTAMP) {
            throw wrongKind(field, "getInstant", "timestamp");
        }
        return numbers.read(id) ? Instant.ofEpochMilli(numbers.stored()) : null;
    }

    /** The value of a decimal field, at the field's scale, or null. */
    public BigDecimal getDecimal(long id, FieldHandle field) {
        NumberReader numbers = numbers(field, "getDecimal");
        if (field.type() != FieldType.DECIMAL) {
            throw wrongKind(field, "getDecimal", "decimal");
        }
        return numbers.read(id) ? (BigDecimal) numbers.valueOf(numbers.stored()) : null;
    }

    /** The value of a bool field; {@link NoSuchElementException} when record {@code id} has none. */
    public boolean getBoolean(long id, FieldHandle field) {
        if (!(bound(field) instanceof BoolReader bools)) {
            throw wrongKind(field, "getBoolean", "bool");
        }
        int value = bools.read(id);
        if (value == BoolReader.NULL) {
            throw noValue(id, field, "has(id, field)");
        }
        return value == 1;
    }

    /** The string of a keyed field, or null. */
    public String getString(long id, FieldHandle field) {
        return keyed(field, "getString").value(id);
    }

    /**
     * The values of a set field, sorted and unmodifiable, or null when record {@code id} has none.
     * (A set field made before set ids existed reads an empty set as null.)
     */
    public SortedSet<String> getSet(long id, FieldHandle field) {
        if (!(bound(field) instanceof SetReader sets)) {
            throw wrongKind(field, "getSet", "set");
        }
        return sets.value(id);
    }

    /**
     * The value of any field as an object, as {@link Snapshot#value} gives it: Long, Instant,
     * BigDecimal, Boolean, String or a sorted Set of String; null when there is none.
     */
    public Object get(long id, FieldHandle field) {
        return bound(field).value(id);
    }

    /** The whole record {@code id}, or empty when there is none. */
    public Optional<Row> record(long id) {
        if (!exists(id)) {
            return Optional.empty();
        }
        Row.Builder record = Row.builder().id(id);
        for (FieldHandle field : fields()) {
            record.set(field.name(), field.reader().value(id));
        }
        return Optional.of(record.build());
    }

    /**
     * Reads {@code fields} of record {@code id} into {@code values} (each as {@link #get} gives it),
     * or returns false, leaving {@code values} as they were, when the record does not exist:
     * existence is read once, whatever the number of fields.
     */
    public boolean read(long id, FieldHandle[] fields, Object[] values) {
        for (FieldHandle field : fields) {
            bound(field);
        }
        if (!reader.exists(id)) {
            return false;
        }
        for (int f = 0; f < fields.length; f++) {
            values[f] = fields[f].reader().value(id);
        }
        return true;
    }

    /**
     * The numbers of an int, timestamp or decimal field (as {@link #getLong} gives them) for
     * {@code ids[0..count)}, in any order: {@code present[i]} says whether record {@code ids[i]}
     * has one, and {@code values[i]} is 0 where it has not. Returns how many have one.
     */
    public int readLongs(long[] ids, int count, FieldHandle field, long[] values, boolean[] present) {
        NumberReader numbers = numbers(field, "readLongs");
        int found = 0;
        for (int i = 0; i < count; i++) {
            boolean has = numbers.read(ids[i]);
            present[i] = has;
            values[i] = has ? numbers.stored() : 0;
            found += has ? 1 : 0;
        }
        return found;
    }

    /**
     * The values of a bool field for {@code ids[0..count)}, with {@code present} as in {@link
     * #readLongs} ({@code values[i]} false where there is none). Returns how many have one.
     */
    public int readBooleans(long[] ids, int count, FieldHandle field, boolean[] values, boolean[] present) {
        if (!(bound(field) instanceof BoolReader bools)) {
            throw wrongKind(field, "readBooleans", "bool");
        }
        int found = 0;
        for (int i = 0; i < count; i++) {
            int value = bools.read(ids[i]);
            present[i] = value != BoolReader.NULL;
            values[i] = value == 1;
            found += present[i] ? 1 : 0;
        }
        return found;
    }

    /** The strings of a keyed field for {@code ids[0..count)}, null where there is none. Returns how many have one. */
    public int readStrings(long[] ids, int count, FieldHandle field, String[] values) {
        KeyedReader keyed = keyed(field, "readStrings");
        int found = 0;
        for (int i = 0; i < count; i++) {
            values[i] = keyed.value(ids[i]);
            found += values[i] != null ? 1 : 0;
        }
        return found;
    }

    /**
     * How many values the dictionary of a keyed or set field holds at this snapshot: the
     * dictionary ids a {@link ShardScan} reads lie in {@code [0, dictionarySize)}.
     */
    public long dictionarySize(FieldHandle field) {
        return dictionarySize(field, "dictionarySize");
    }

    private long dictionarySize(FieldHandle field, String getter) {
        return switch (bound(field)) {
            case KeyedReader keyed -> keyed.dictionarySize();
            case SetReader sets -> sets.dictionarySize();
            default -> throw wrongKind(field, getter, "keyed or set");
        };
    }

    /**
     * The string with dictionary id {@code dictionaryId} in a keyed or set field: each looked up
     * in the dictionary once per handle, then kept in an array by id.
     */
    public String dictionaryValue(FieldHandle field, long dictionaryId) {
        long size = dictionarySize(field, "dictionaryValue");
        if (dictionaryId < 0 || dictionaryId >= size) {
            throw new InvalidInputException("field '" + field.name() + "' of table '" + name() + "' has dictionary ids 0 to "
                    + (size - 1) + " at this snapshot, not " + dictionaryId);
        }
        return field.reader() instanceof KeyedReader keyed ? keyed.name(dictionaryId) : ((SetReader) field.reader()).name(dictionaryId);
    }

    /** {@code field}'s reader, once it is known to be this table's and the snapshot open. */
    private FieldReader bound(FieldHandle field) {
        if (field.table() != this) {
            throw new IllegalArgumentException("field handle " + field + " belongs to another table handle (another"
                    + " table, or another snapshot): take field handles from the table handle they are read through");
        }
        snapshot.ensureOpen();
        return field.reader();
    }

    private NumberReader numbers(FieldHandle field, String getter) {
        if (bound(field) instanceof NumberReader numbers) {
            return numbers;
        }
        throw wrongKind(field, getter, "int, timestamp or decimal");
    }

    private KeyedReader keyed(FieldHandle field, String getter) {
        if (bound(field) instanceof KeyedReader keyed) {
            return keyed;
        }
        throw wrongKind(field, getter, "keyed");
    }

    private static InvalidInputException wrongKind(FieldHandle field, String getter, String kinds) {
        return new InvalidInputException(getter + " reads " + kinds + " fields; field '" + field.name() + "' of table '"
                + field.table().name() + "' is " + field.type().label() + " (" + getterFor(field.type()) + " reads it)");
    }

    private static String getterFor(FieldType type) {
        return switch (type) {
            case INT -> "getLong";
            case TIMESTAMP -> "getLong or getInstant";
            case DECIMAL -> "getDecimal or getLong, unscaled";
            case BOOL -> "getBoolean";
            case KEYED -> "getString";
            case SET -> "getSet";
        };
    }

    private NoSuchElementException noValue(long id, FieldHandle field, String instead) {
        return new NoSuchElementException("record " + id + " of table '" + name() + "' has no value of field '"
                + field.name() + "' (or there is no such record); for records that may have none, use " + instead);
    }
}
