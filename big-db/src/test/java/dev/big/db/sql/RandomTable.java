package dev.big.db.sql;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.FieldType;
import dev.big.db.Row;
import dev.big.db.TableDef;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * A random table and its rows, the model both engines are loaded from: a random schema of int
 * (some with declared bounds), timestamp, decimal (scales 0 to 18), bool, keyed and set fields; per field a distribution
 * (small, wide, skewed, extreme and constant integers; second-spaced, random, pre-1970 and
 * colliding timestamps; Zipf-skewed or uniform strings including quotes, accents, the empty
 * string and characters beyond U+FFFF) and a share of nulls; dense or sparse ids, some spanning
 * several shards. After the bulk load a few single-record updates, deletes and puts may follow,
 * so zone maps stop being exact.
 *
 * <p>A set value is null, empty or holds 1 to 3 strings: big keeps an empty set apart from no
 * value, as DuckDB keeps {@code []} apart from NULL.
 */
final class RandomTable {

    /** One field: its definition, how its values are drawn, and the strings it draws from (keyed, set). */
    record Column(FieldDef def, Function<Random, Object> values, double nullShare, List<String> vocabulary, String mode) {
        String name() {
            return def.name();
        }

        FieldType type() {
            return def.type();
        }
    }

    static final long TS_BASE = 1_700_000_000_000L;

    private static final List<String> STRINGS = List.of("a", "b", "c", "it's", "é", "Zeta", "zeta", "a b", "", "type03",
            "\uD83D\uDE00", "\uFF5E", "x_1", "long value with spaces", "Ω", "b2");
    private static final List<String> TAGS = List.of("t0", "t1", "t2", "t3", "t4", "t5", "it's", "\uD83D\uDE00");

    final String name;
    final List<Column> columns;
    final TreeMap<Long, Map<String, Object>> rows = new TreeMap<>();
    final boolean sparse;
    private final Random random;
    private final boolean editable;

    private RandomTable(String name, List<Column> columns, boolean sparse, Random random, boolean editable) {
        this.name = name;
        this.columns = columns;
        this.sparse = sparse;
        this.random = random;
        this.editable = editable;
    }

    static RandomTable generate(Random random, String name) {
        int fieldCount = 1 + random.nextInt(7);
        List<Column> columns = new ArrayList<>();
        for (int i = 0; i < fieldCount; i++) {
            Column column = randomColumn(random, "f" + i);
            // Every other number column keeps an order index (decided without a draw, so a seed's
            // data stays what it was): counts, quantiles and top-N come from the index there and
            // from the planes elsewhere, and both must give DuckDB's answers.
            FieldType type = column.type();
            if (i % 2 == 0 && (type == FieldType.INT || type == FieldType.TIMESTAMP || type == FieldType.DECIMAL)) {
                column = new Column(column.def().withOrderIndex(), column.values(), column.nullShare(), column.vocabulary(),
                        column.mode());
            }
            columns.add(column);
        }
        RandomTable table = new RandomTable(name, columns, random.nextBoolean(), random, true);
        int[] sizes = {0, 1, 2, 17, 200, 1500, 4000};
        int count = sizes[random.nextInt(sizes.length)];
        // Sparse ids start in the first shards, or far out (shard numbers beyond 2^40).
        long id = !table.sparse ? 0 : random.nextInt(4) == 0 ? random.nextLong(1L << 60, 1L << 62) : random.nextInt(3 << 20);
        int[] gaps = {2, 100, 5000, 1 << 20};
        int gap = gaps[random.nextInt(gaps.length)];
        for (int i = 0; i < count; i++) {
            table.rows.put(id, table.randomValues());
            id += table.sparse ? 1 + random.nextInt(gap) : 1;
        }
        return table;
    }

    /** A table with the given fields and no rows, for hand-written cases: the caller puts the rows, with their ids. */
    static RandomTable fixed(String name, List<FieldDef> fields) {
        List<Column> columns = fields.stream().map(f -> new Column(f, r -> {
            throw new UnsupportedOperationException("fixed tables have no distribution");
        }, 0, List.of(), "fixed")).toList();
        return new RandomTable(name, columns, true, new Random(0), false);
    }

    /**
     * A table with the given columns and no rows, for generators of other tables (a join's
     * dimensions): the caller puts the rows, with their ids; the columns' vocabularies feed the
     * literals of conditions on them.
     */
    static RandomTable of(String name, List<Column> columns) {
        return new RandomTable(name, List.copyOf(columns), true, new Random(0), false);
    }

    TableDef def() {
        return new TableDef(name, columns.stream().map(Column::def).toList());
    }

    List<Column> columns(FieldType type) {
        return columns.stream().filter(c -> c.type() == type).toList();
    }

    /** Creates the table in {@code db}, bulk loads the rows, then maybe applies a few single-record writes to both. */
    void load(Db db) {
        db.createTable(def());
        List<Row> records = new ArrayList<>();
        for (var row : rows.entrySet()) {
            Row record = Row.of(row.getValue());
            records.add(sparse ? record.withId(row.getKey()) : record);
        }
        db.bulkLoad(name, records);
        if (!editable || rows.isEmpty() || random.nextInt(10) >= 3) {
            return;
        }
        int edits = 1 + random.nextInt(5);
        for (int i = 0; i < edits; i++) {
            long id = existingId();
            switch (random.nextInt(3)) {
                case 0 -> {
                    Column column = columns.get(random.nextInt(columns.size()));
                    Object value = random.nextInt(3) == 0 ? null : draw(column);
                    db.update(name, id, column.name(), value);
                    if (value == null) {
                        rows.get(id).remove(column.name());
                    } else {
                        rows.get(id).put(column.name(), value);
                    }
                }
                case 1 -> {
                    db.delete(name, id);
                    rows.remove(id);
                }
                default -> {
                    long newId = rows.lastKey() + 1 + random.nextInt(1000);
                    Map<String, Object> values = randomValues();
                    db.put(name, newId, Row.of(values));
                    rows.put(newId, values);
                }
            }
            if (rows.isEmpty()) {
                return;
            }
        }
    }

    long existingId() {
        Long id = rows.ceilingKey(rows.firstKey() + (long) (random.nextDouble() * (rows.lastKey() - rows.firstKey())));
        return id != null ? id : rows.firstKey();
    }

    private Map<String, Object> randomValues() {
        Map<String, Object> values = new LinkedHashMap<>();
        for (Column column : columns) {
            if (random.nextDouble() >= column.nullShare()) {
                values.put(column.name(), draw(column));
            }
        }
        return values;
    }

    /** A value of {@code column}'s distribution (never null). */
    Object draw(Column column) {
        return column.values().apply(random);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("table " + name + " (" + rows.size() + " rows, " + (sparse ? "sparse" : "dense")
                + " ids");
        if (!rows.isEmpty()) {
            text.append(' ').append(rows.firstKey()).append("..").append(rows.lastKey());
        }
        text.append("):");
        for (Column column : columns) {
            text.append(' ').append(column.def()).append(" [").append(column.mode()).append(", nulls ")
                    .append(column.nullShare()).append(']');
        }
        return text.toString();
    }

    // ------------------------------------------------------------------ distributions

    private static Column randomColumn(Random random, String name) {
        double[] nullShares = {0, 0, 0.05, 0.3, 0.9, 1.0};
        double nullShare = nullShares[random.nextInt(nullShares.length)];
        return switch (random.nextInt(7)) {
            case 6 -> decimalColumn(random, name, nullShare);
            case 0 -> intColumn(random, name, nullShare);
            case 1 -> boundedIntColumn(random, name, nullShare);
            case 2 -> timestampColumn(random, name, nullShare);
            case 3 -> {
                double trueShare = new double[] {0.5, 0.99, 0.01, 1.0}[random.nextInt(4)];
                yield new Column(FieldDef.bool(name), r -> r.nextDouble() < trueShare, nullShare, List.of(),
                        "true " + trueShare);
            }
            case 4 -> {
                List<String> vocabulary = vocabulary(random, STRINGS, 1 + random.nextInt(STRINGS.size()));
                boolean zipf = random.nextBoolean();
                yield new Column(FieldDef.keyed(name), r -> pick(r, vocabulary, zipf), nullShare, vocabulary,
                        (zipf ? "zipf " : "uniform ") + vocabulary.size());
            }
            default -> {
                List<String> vocabulary = vocabulary(random, TAGS, 1 + random.nextInt(TAGS.size()));
                yield new Column(FieldDef.set(name), r -> {
                    TreeSet<String> set = new TreeSet<>();
                    int n = r.nextInt(4);
                    for (int i = 0; i < n; i++) {
                        set.add(vocabulary.get(r.nextInt(vocabulary.size())));
                    }
                    return set;
                }, nullShare, vocabulary, "tags " + vocabulary.size());
            }
        };
    }

    private static Column intColumn(Random random, String name, double nullShare) {
        long constant = random.nextInt(2001) - 1000;
        long[] extremes = {0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE + 1, 1L << 40, -(1L << 40), 1L << 62, 255, 256, -256};
        return switch (random.nextInt(5)) {
            case 0 -> new Column(FieldDef.intField(name), r -> (long) r.nextInt(21) - 10, nullShare, List.of(), "small");
            case 1 -> new Column(FieldDef.intField(name), r -> r.nextLong(-1_000_000, 1_000_001), nullShare, List.of(), "wide");
            case 2 -> new Column(FieldDef.intField(name), r -> (long) Math.floor(Math.pow(r.nextDouble(), 4) * 1000)
                    * (r.nextInt(4) == 0 ? -1 : 1), nullShare, List.of(), "skewed");
            case 3 -> new Column(FieldDef.intField(name), r -> r.nextInt(3) == 0 ? nextLongNotMin(r) : extremes[r.nextInt(extremes.length)],
                    nullShare, List.of(), "extreme");
            default -> new Column(FieldDef.intField(name), r -> constant, nullShare, List.of(), "constant " + constant);
        };
    }

    /** Unscaled values small, wide, at the 18-digit edge, or constant, at a scale of 0 to 18. */
    private static Column decimalColumn(Random random, String name, double nullShare) {
        int scale = new int[] {0, 1, 2, 2, 4, 9, 18}[random.nextInt(7)];
        long largest = 999_999_999_999_999_999L;
        long constant = random.nextInt(20_001) - 10_000;
        FieldDef def = FieldDef.decimal(name, scale);
        return switch (random.nextInt(4)) {
            case 0 -> new Column(def, r -> BigDecimal.valueOf(r.nextInt(41) - 20, scale), nullShare, List.of(), "small");
            case 1 -> new Column(def, r -> BigDecimal.valueOf(r.nextLong(-100_000_000, 100_000_001), scale), nullShare,
                    List.of(), "wide");
            case 2 -> new Column(def, r -> BigDecimal.valueOf(any(r, List.of(largest, -largest, 0L, 1L, -1L,
                    r.nextLong(-largest, largest + 1))), scale), nullShare, List.of(), "edge");
            default -> new Column(def, r -> BigDecimal.valueOf(constant, scale), nullShare, List.of(), "constant " + constant);
        };
    }

    private static <T> T any(Random random, List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    private static long nextLongNotMin(Random random) {
        long value = random.nextLong();
        return value == Long.MIN_VALUE ? 0 : value;
    }

    private static Column boundedIntColumn(Random random, String name, double nullShare) {
        long[][] bounds = {{-1000, 1000}, {1_000_000, 2_000_000}, {0, 1}, {-5, -5}, {-(1L << 40), 1L << 40}};
        long[] b = bounds[random.nextInt(bounds.length)];
        return new Column(FieldDef.intField(name, b[0], b[1]), r -> b[0] + (long) (r.nextDouble() * (b[1] - b[0] + 1)),
                nullShare, List.of(), "bounded " + b[0] + ".." + b[1]);
    }

    private static Column timestampColumn(Random random, String name, double nullShare) {
        return switch (random.nextInt(4)) {
            case 0 -> new Column(FieldDef.timestamp(name), r -> Instant.ofEpochMilli(TS_BASE + r.nextInt(4000) * 1000L
                    + r.nextInt(601) - 300), nullShare, List.of(), "seconds");
            case 1 -> new Column(FieldDef.timestamp(name), r -> Instant.ofEpochMilli(TS_BASE + r.nextLong(7L * 86_400_000)),
                    nullShare, List.of(), "week");
            case 2 -> new Column(FieldDef.timestamp(name), r -> Instant.ofEpochMilli(r.nextLong(-500_000_000_000L, 500_000_000_000L)),
                    nullShare, List.of(), "around 1970");
            default -> new Column(FieldDef.timestamp(name), r -> Instant.ofEpochMilli(TS_BASE + r.nextInt(10)), nullShare,
                    List.of(), "colliding");
        };
    }

    private static List<String> vocabulary(Random random, List<String> pool, int size) {
        List<String> shuffled = new ArrayList<>(pool);
        java.util.Collections.shuffle(shuffled, random);
        return List.copyOf(shuffled.subList(0, size));
    }

    /** A value of {@code vocabulary}: uniform, or Zipf with exponent 1 (the first most frequent). */
    static String pick(Random random, List<String> vocabulary, boolean zipf) {
        if (!zipf) {
            return vocabulary.get(random.nextInt(vocabulary.size()));
        }
        double harmonic = 0;
        for (int i = 1; i <= vocabulary.size(); i++) {
            harmonic += 1.0 / i;
        }
        double u = random.nextDouble() * harmonic;
        for (int i = 1; i <= vocabulary.size(); i++) {
            u -= 1.0 / i;
            if (u <= 0) {
                return vocabulary.get(i - 1);
            }
        }
        return vocabulary.getLast();
    }
}
