package dev.big.db;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A child JVM's job for {@link BulkLoadWideTableTest}: bulk-loads a table of {@code fields}
 * fields (every kind in turn) and {@code records} records generated on the fly (so the input
 * itself takes no memory), then checks sampled records and counts. Prints {@code ok N} and exits
 * 0 when everything matched. An optional fourth argument is the load's buffer budget in bytes.
 */
public final class WideTableLoad {

    static TableDef schema(int fields) {
        List<FieldDef> defs = new ArrayList<>();
        for (int f = 0; f < fields; f++) {
            defs.add(switch (f % 8) {
                case 0, 1, 2 -> FieldDef.intField("i" + f);
                case 3 -> FieldDef.timestamp("t" + f);
                case 4 -> FieldDef.bool("b" + f);
                case 5, 6 -> FieldDef.keyed("k" + f);
                default -> FieldDef.set("s" + f);
            });
        }
        return new TableDef("wide", defs);
    }

    /** Field {@code f}'s value in record {@code id}: a pure function, so the checks need no copy of the input. */
    static Object value(TableDef schema, int f, long id) {
        long mix = id * 0x9E3779B97F4A7C15L + f * 0xC2B2AE3D27D4EB4FL;
        mix ^= mix >>> 29;
        if ((mix & 15) == 0) {
            return null;
        }
        long small = (mix >>> 8) & 1023;
        return switch (schema.fields().get(f).type()) {
            case INT -> small - 500;
            case TIMESTAMP -> Instant.ofEpochMilli(1_700_000_000_000L + small * 1000);
            case DECIMAL -> java.math.BigDecimal.valueOf(small - 500, schema.fields().get(f).scale());
            case BOOL -> (small & 1) == 0;
            case KEYED -> "v" + (small & 31);
            case SET -> new TreeSet<>(Set.of("a" + (small & 7), "b" + (small >>> 7 & 3)));
        };
    }

    static Row record(TableDef schema, long id) {
        Row.Builder builder = Row.builder();
        for (int f = 0; f < schema.fields().size(); f++) {
            builder.set(schema.fields().get(f).name(), value(schema, f, id));
        }
        return builder.build();
    }

    public static void main(String[] args) {
        Path file = Path.of(args[0]);
        int fields = Integer.parseInt(args[1]);
        int records = Integer.parseInt(args[2]);
        long budget = args.length > 3 ? Long.parseLong(args[3]) : Db.DEFAULT_BULK_LOAD_BUFFER_BYTES;
        TableDef schema = schema(fields);
        try (Db db = Db.create(file, List.of(schema))) {
            Iterable<Row> input = () -> new Iterator<>() {
                long next;

                @Override
                public boolean hasNext() {
                    return next < records;
                }

                @Override
                public Row next() {
                    return record(schema, next++);
                }
            };
            long loaded = db.bulkLoad("wide", input, ProgressListener.NONE, budget);
            check(loaded == records, "loaded " + loaded + " of " + records);
            try (Snapshot snapshot = db.read()) {
                check(snapshot.count("wide") == records, "count(*) " + snapshot.count("wide"));
                for (long id = 0; id < records; id += 997) {
                    Optional<Row> read = snapshot.get("wide", id);
                    check(read.isPresent(), "record " + id + " missing");
                    Map<String, Object> got = read.get().values();
                    for (int f = 0; f < fields; f++) {
                        Object expected = value(schema, f, id);
                        Object actual = got.get(schema.fields().get(f).name());
                        check(java.util.Objects.equals(expected, actual),
                                "record " + id + " field " + schema.fields().get(f).name() + ": " + actual + " != " + expected);
                    }
                }
            }
        }
        System.out.println("ok " + records);
    }

    private static void check(boolean condition, String problem) {
        if (!condition) {
            System.out.println("mismatch: " + problem);
            System.exit(2);
        }
    }

    private WideTableLoad() {}
}
