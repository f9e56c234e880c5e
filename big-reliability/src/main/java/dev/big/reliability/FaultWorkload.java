package dev.big.reliability;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Ingester;
import dev.big.db.Row;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * A deterministic multi-commit workload through every write path of the user API, with the model
 * of the table after each step, for fault and crash injection: step 0 creates the table, every
 * later step is one commit: an ingest batch, a single append, a put at a sparse id in a far shard,
 * an update, a delete, a mixed ingest batch (puts, updates, deletes), a small bulk load, or a new
 * field. {@link #model(int)} is the table after the first {@code n} steps.
 */
public final class FaultWorkload {

    public static final String TABLE = "events";

    /** One step: one commit. */
    public sealed interface Step {
        void apply(Db db);
    }

    record CreateTable() implements Step {
        public void apply(Db db) {
            db.createTable(EventRecords.table());
        }
    }

    record IngestBatch(List<Row> records) implements Step {
        public void apply(Db db) {
            try (Ingester ingester = db.ingest(records.size() + 1)) {
                for (Row record : records) {
                    ingester.append(TABLE, record);
                }
                ingester.flush();
            }
        }
    }

    record Append(Row record) implements Step {
        public void apply(Db db) {
            db.append(TABLE, record);
        }
    }

    record Put(long id, Row record) implements Step {
        public void apply(Db db) {
            db.put(TABLE, id, record);
        }
    }

    record Update(long id, String field, Object value) implements Step {
        public void apply(Db db) {
            db.update(TABLE, id, field, value);
        }
    }

    record Delete(long id) implements Step {
        public void apply(Db db) {
            db.delete(TABLE, id);
        }
    }

    /** A change in a mixed batch. */
    sealed interface Change {}

    record PutChange(long id, Row record) implements Change {}

    record UpdateChange(long id, String field, Object value) implements Change {}

    record DeleteChange(long id) implements Change {}

    record MixedBatch(List<Change> changes) implements Step {
        public void apply(Db db) {
            try (Ingester ingester = db.ingest(changes.size() + 1)) {
                for (Change change : changes) {
                    switch (change) {
                        case PutChange p -> ingester.put(TABLE, p.id(), p.record());
                        case UpdateChange u -> ingester.update(TABLE, u.id(), u.field(), u.value());
                        case DeleteChange d -> ingester.delete(TABLE, d.id());
                    }
                }
                ingester.flush();
            }
        }
    }

    record BulkLoad(List<Row> records) implements Step {
        public void apply(Db db) {
            db.bulkLoad(TABLE, records);
        }
    }

    record AddField(String name) implements Step {
        public void apply(Db db) {
            db.addField(TABLE, FieldDef.intField(name));
        }
    }

    private final List<Step> steps = new ArrayList<>();
    private final List<DbModel> models = new ArrayList<>();

    /** The workload of {@code stepCount} steps (the first creates the table) drawn from {@code seed}. */
    public FaultWorkload(long seed, int stepCount) {
        SplittableRandom random = new SplittableRandom(seed);
        DbModel model = DbModel.none();
        models.add(model.copy());
        for (int i = 0; i < stepCount; i++) {
            Step step = i == 0 ? new CreateTable() : nextStep(random, model);
            if (i == 0) {
                model = DbModel.emptyTable(List.of("value", "kind", "flag", "at", "tags"));
            } else {
                applyToModel(step, model);
            }
            steps.add(step);
            models.add(model.copy());
        }
    }

    public List<Step> steps() {
        return List.copyOf(steps);
    }

    /** The table after the first {@code done} steps. */
    public DbModel model(int done) {
        return models.get(done);
    }

    private static Step nextStep(SplittableRandom random, DbModel model) {
        List<Long> ids = model.ids();
        int kind = random.nextInt(ids.isEmpty() ? 3 : 9);
        return switch (kind) {
            case 0 -> new IngestBatch(records(random, model, 1 + random.nextInt(random.nextBoolean() ? 20 : 300)));
            case 1 -> new Append(record(random, model.fields()));
            case 2 -> new BulkLoad(records(random, model, 1 + random.nextInt(400)));
            case 3 -> new Put(sparseId(random), record(random, model.fields()));
            case 4 -> new Update(pick(random, ids), pickField(random, model.fields()), null);
            case 5 -> {
                String field = pickField(random, model.fields());
                yield new Update(pick(random, ids), field, value(random, field));
            }
            case 6 -> new Delete(pick(random, ids));
            case 7 -> new MixedBatch(changes(random, model, ids));
            default -> model.fields().size() < 8 && random.nextInt(3) == 0
                    ? new AddField("extra" + model.fields().size())
                    : new IngestBatch(records(random, model, 1 + random.nextInt(100)));
        };
    }

    /** Changes drawn against a working copy of the model, so an update never targets a record the batch deleted. */
    private static List<Change> changes(SplittableRandom random, DbModel model, List<Long> ids) {
        DbModel working = model.copy();
        List<Change> changes = new ArrayList<>();
        int n = 1 + random.nextInt(60);
        for (int i = 0; i < n; i++) {
            List<Long> existing = working.ids();
            int what = existing.isEmpty() ? 0 : random.nextInt(4);
            switch (what) {
                case 0, 1 -> {
                    long id = what == 0 ? sparseId(random) : pick(random, ids);
                    Row record = record(random, model.fields());
                    changes.add(new PutChange(id, record));
                    working.put(id, record);
                }
                case 2 -> {
                    long id = pick(random, existing);
                    String field = pickField(random, model.fields());
                    Object value = value(random, field);
                    changes.add(new UpdateChange(id, field, value));
                    working.update(id, field, value);
                }
                default -> {
                    long id = pick(random, existing);
                    changes.add(new DeleteChange(id));
                    working.delete(id);
                }
            }
        }
        return changes;
    }

    private static void applyToModel(Step step, DbModel model) {
        switch (step) {
            case CreateTable c -> throw new IllegalStateException("the table is created once, as step 0");
            case IngestBatch b -> b.records().forEach(model::append);
            case Append a -> model.append(a.record());
            case BulkLoad b -> b.records().forEach(model::append);
            case Put p -> model.put(p.id(), p.record());
            case Update u -> model.update(u.id(), u.field(), u.value());
            case Delete d -> model.delete(d.id());
            case MixedBatch m -> {
                for (Change change : m.changes()) {
                    switch (change) {
                        case PutChange p -> model.put(p.id(), p.record());
                        case UpdateChange u -> model.update(u.id(), u.field(), u.value());
                        case DeleteChange d -> model.delete(d.id());
                    }
                }
            }
            case AddField f -> model.addField(f.name());
        }
    }

    /** An id near the start of one of 40 shards: far from the dense ids, and from container-column ends. */
    private static long sparseId(SplittableRandom random) {
        return ((long) (1 + random.nextInt(40)) << 20) + random.nextInt(2_000);
    }

    private static long pick(SplittableRandom random, List<Long> ids) {
        return ids.get(random.nextInt(ids.size()));
    }

    private static String pickField(SplittableRandom random, List<String> fields) {
        return fields.get(random.nextInt(fields.size()));
    }

    private static List<Row> records(SplittableRandom random, DbModel model, int n) {
        List<Row> records = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            records.add(record(random, model.fields()));
        }
        return records;
    }

    private static Row record(SplittableRandom random, List<String> fields) {
        Row.Builder builder = Row.builder();
        for (String field : fields) {
            if (random.nextInt(8) != 0) {
                builder.set(field, value(random, field));
            }
        }
        return builder.build();
    }

    private static Object value(SplittableRandom random, String field) {
        return switch (field) {
            case "value" -> random.nextBoolean() ? (long) random.nextInt(1000) : random.nextLong(-1L << 40, 1L << 40);
            case "kind" -> "kind" + random.nextInt(random.nextBoolean() ? 5 : 500);
            case "flag" -> random.nextBoolean();
            case "at" -> Instant.ofEpochMilli(EventRecords.FIRST_AT_MILLIS + random.nextLong(1L << 36));
            case "tags" -> {
                TreeSet<String> tags = new TreeSet<>();
                int n = 1 + random.nextInt(4);
                for (int t = 0; t < n; t++) {
                    tags.add("tag" + random.nextInt(12));
                }
                yield tags;
            }
            default -> random.nextLong(-1_000_000, 1_000_000);
        };
    }
}
