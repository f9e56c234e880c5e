package dev.big.cli;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.FieldType;
import dev.big.db.TableDef;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Where a load goes and what it reads: the database (created from a schema file, or with a table
 * inferred from the first input under {@code --create}), the table, and the inputs as the
 * {@link Loader} opens them, each as CSV or JSON Lines (decompressed if named {@code .gz}) or Parquet.
 */
final class LoadTarget implements AutoCloseable {

    /** An input file as given: its path (null for stdin), name for messages and size (-1 if unknown). */
    record InputFile(Path path, String name, long sizeBytes) {}

    private final Path database;
    private final String table;
    private final List<InputFile> inputs;
    private final String explicitFormat;
    private final ReadOptions options;
    /** The fields that are to keep an order index (--order-index), as given. */
    private final List<String> orderIndexed;
    /** The first input, opened to infer the table from and handed to the loader as it is (stdin opens once). */
    private OpenedInput firstInput;
    private SchemaInference.Inferred inferred;

    LoadTarget(Path database, String table, List<InputFile> inputs, String explicitFormat, ReadOptions options,
               List<String> orderIndexed) {
        this.database = database;
        this.table = table;
        this.inputs = inputs;
        this.explicitFormat = explicitFormat;
        this.options = options;
        this.orderIndexed = List.copyOf(orderIndexed);
    }

    /**
     * The database, opened for writing: created with the schema file's tables first if
     * {@code schema} is given, or with TABLE inferred from the first input if {@code create} is
     * and TABLE does not exist.
     */
    Db open(Path schema, boolean create) {
        Db db = openOrCreate(schema, create);
        boolean success = false;
        try {
            addOrderIndexes(db);
            success = true;
            return db;
        } finally {
            if (!success) {
                db.close();
            }
        }
    }

    private Db openOrCreate(Path schema, boolean create) {
        if (schema != null) {
            return withSchema(schema);
        }
        if (!create) {
            return Databases.openForWriting(database);
        }
        if (!Files.exists(database)) {
            TableDef def = infer();
            Inputs.newFile(database, "database");
            return Db.create(database, List.of(def));
        }
        Db db = Databases.openForWriting(database);
        boolean success = false;
        try {
            if (db.schema().stream().noneMatch(t -> t.name().equals(table))) {
                db.createTable(infer());
            }
            success = true;
            return db;
        } finally {
            if (!success) {
                db.close();
            }
        }
    }

    /** The table inferred by {@link #open}, or null if it existed or came from a schema file. */
    SchemaInference.Inferred inferred() {
        return inferred;
    }

    private TableDef infer() {
        InputFile first = inputs.getFirst();
        if (isParquet(first)) {
            inferred = SchemaInference.inferParquet(table, first.path(), first.name(), options);
        } else {
            firstInput = OpenedInput.open(first.path(), first.name());
            inferred = SchemaInference.infer(table, firstInput, isJsonl(first), options);
        }
        TableDef def = withOrderIndexes(inferred.table());
        inferred = new SchemaInference.Inferred(def, inferred.rows(), inferred.input());
        return def;
    }

    /**
     * {@code def} with an order index on each field of --order-index, so a table that --create
     * makes has them from its first write (and a refused name creates nothing).
     */
    private TableDef withOrderIndexes(TableDef def) {
        if (orderIndexed.isEmpty()) {
            return def;
        }
        List<FieldDef> fields = new ArrayList<>(def.fields());
        for (String name : orderIndexed) {
            FieldDef field = orderIndexedField(def, name);
            fields.set(fields.indexOf(field), field.orderIndex() ? field : field.withOrderIndex());
        }
        return new TableDef(def.name(), fields);
    }

    /** Builds the order index of each field of --order-index the table has without one (an existing table). */
    private void addOrderIndexes(Db db) {
        if (orderIndexed.isEmpty()) {
            return;
        }
        TableDef def = tableDef(db);
        List<FieldDef> missing = new ArrayList<>();
        for (String name : orderIndexed) {
            FieldDef field = orderIndexedField(def, name);
            if (!field.orderIndex() && !missing.contains(field)) {
                missing.add(field);
            }
        }
        for (FieldDef field : missing) {
            db.createOrderIndex(def.name(), field.name());
        }
    }

    /** The field of --order-index {@code name} (in any case, as headers match), refused unless it can take the index. */
    private FieldDef orderIndexedField(TableDef def, String name) {
        FieldDef field = def.field(name).orElse(null);
        for (int i = 0; field == null && i < def.fields().size(); i++) {
            if (def.fields().get(i).name().equalsIgnoreCase(name)) {
                field = def.fields().get(i);
            }
        }
        if (field == null) {
            throw new CliException(ExitCodes.USAGE, "--order-index " + name + ": table '" + def.name() + "' has no field '"
                    + name + "' (its fields: " + String.join(", ", def.fields().stream().map(FieldDef::name).toList()) + ")");
        }
        if (!(field.type() == FieldType.INT || field.type() == FieldType.DECIMAL || field.type() == FieldType.TIMESTAMP)) {
            throw new CliException(ExitCodes.USAGE, "--order-index " + name + ": field '" + field.name() + "' is "
                    + field.type().label() + "; only int, decimal and timestamp fields take an order index");
        }
        return field;
    }

    private Db withSchema(Path schema) {
        List<TableDef> tables = SchemaFile.read(schema);
        if (!Files.exists(database)) {
            Inputs.newFile(database, "database");
            return Db.create(database, tables);
        }
        Db db = Databases.openForWriting(database);
        boolean success = false;
        try {
            List<TableDef> existing = db.schema();
            for (TableDef wanted : tables) {
                Optional<TableDef> present = existing.stream().filter(t -> t.name().equals(wanted.name())).findFirst();
                if (present.isEmpty()) {
                    db.createTable(wanted);
                } else if (!withoutIndexes(present.get()).equals(withoutIndexes(wanted))) {
                    throw new CliException(ExitCodes.DATA_ERROR, "table '" + wanted.name() + "' of " + database
                            + " has fields " + present.get().fields() + ", not the " + wanted.fields() + " of " + schema);
                } else {
                    for (FieldDef field : wanted.fields()) {
                        if (field.orderIndex() && !present.get().field(field.name()).orElseThrow().orderIndex()) {
                            db.createOrderIndex(wanted.name(), field.name());
                        }
                    }
                }
            }
            success = true;
            return db;
        } finally {
            if (!success) {
                db.close();
            }
        }
    }

    /**
     * {@code def} with no field asking for an index: indexes do not change what a table holds, so
     * a table that gained one (CREATE INDEX) still matches its schema file, and one the file asks
     * for is built.
     */
    private static TableDef withoutIndexes(TableDef def) {
        return new TableDef(def.name(), def.fields().stream()
                .map(f -> new FieldDef(f.name(), f.type(), f.min(), f.max(), f.scale())).toList());
    }

    TableDef tableDef(Db db) {
        return db.schema().stream().filter(t -> t.name().equals(table)).findFirst().orElseThrow(() ->
                new CliException(ExitCodes.DATA_ERROR, "no table '" + table + "' in " + database + " (tables: "
                        + String.join(", ", db.schema().stream().map(TableDef::name).toList())
                        + "); pass --create to infer it from the file, or --schema FILE to create it"));
    }

    /** The inputs as the loader opens them, in order, read as rows of {@code def}. */
    List<Loader.Input> loaderInputs(TableDef def) {
        List<Loader.Input> loaderInputs = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            InputFile file = inputs.get(i);
            boolean first = i == 0;
            loaderInputs.add(new Loader.Input(file.name(), () -> {
                if (isParquet(file)) {
                    return new ParquetRows(file.path(), file.name(), def, options);
                }
                OpenedInput opened = first && firstInput != null ? firstInput : OpenedInput.open(file.path(), file.name());
                if (opened == firstInput) {
                    firstInput = null;
                }
                return isJsonl(file) ? new JsonlRows(opened, def, options) : new CsvRows(opened, def, options);
            }));
        }
        return loaderInputs;
    }

    /** Parquet if --format says so, or the name ends .parquet or .parq (any case). */
    private boolean isParquet(InputFile file) {
        if (explicitFormat != null) {
            return explicitFormat.equals("parquet");
        }
        String lower = file.name().toLowerCase(Locale.ROOT);
        return lower.endsWith(".parquet") || lower.endsWith(".parq");
    }

    /** JSON Lines if --format says so, or the name (without .gz) ends .jsonl, .ndjson or .json; else CSV. */
    private boolean isJsonl(InputFile file) {
        if (explicitFormat != null) {
            return explicitFormat.equals("jsonl");
        }
        String lower = file.name().toLowerCase(Locale.ROOT);
        if (OpenedInput.isGzipName(lower)) {
            lower = lower.substring(0, lower.length() - 3);
        }
        return lower.endsWith(".jsonl") || lower.endsWith(".ndjson") || lower.endsWith(".json");
    }

    /** Closes the first input if the load never reached it. */
    @Override
    public void close() {
        if (firstInput != null) {
            firstInput.close();
            firstInput = null;
        }
    }
}
