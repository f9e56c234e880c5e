package dev.big.db.sql;

import dev.big.db.InvalidInputException;
import dev.big.db.Snapshot;
import dev.big.db.Transaction;
import dev.big.db.query.EngineAccess;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A statement of big's SQL prepared once to run many times ({@code Db.prepare}, JDBC's
 * {@code PreparedStatement}), as DuckDB's and SQLite's prepared statements are: classified once (a
 * query, a write or a COPY), lexed once, and compiled once per kinds of the values bound to its
 * {@code ?} (almost always one: a column takes one kind), so a run binds its values and reads,
 * with no lexing, parsing or classifying.
 *
 * <p>A statement is compiled when it first runs (one with {@code ?} when it first runs with values
 * of some kinds: it can only be compiled knowing what its parameters stand for), so its errors
 * come from its first run, whichever entry point it came through. Compiled forms hold no schema, so a prepared
 * statement stays valid across commits and schema changes (each run binds against the schema of
 * the commit it reads) and may be shared by threads.
 */
public final class PreparedSql {

    /** What a statement does, and so where it runs and what it answers. */
    public enum Kind {
        /** SELECT (or EXPLAIN SELECT): runs on a snapshot and answers rows. */
        QUERY,
        /**
         * INSERT, UPDATE or DELETE: runs in a transaction and answers the count of records it wrote;
         * also CREATE INDEX and DROP INDEX, which answer a count of 0.
         */
        WRITE,
        /** COPY (query) TO 'file': runs its query on a snapshot, writes the file, answers the count of rows. */
        COPY
    }

    private final String sql;
    private final Kind kind;
    /** The statement's {@code ?}, or null when it has none (or is a COPY, which prepares its query when it runs). */
    private final ParameterMarkers markers;
    /** The compiled statement when it has no {@code ?}, once it first ran. */
    private volatile StatementCache.Prepared literal;
    /** Compiled forms by the signature of their values' kinds ({@link ParameterMarkers.Bound#signature()}). */
    private final Map<String, CompiledStatement> bySignature = new ConcurrentHashMap<>(2);

    private PreparedSql(String sql, Kind kind, ParameterMarkers markers) {
        this.sql = sql;
        this.kind = kind;
        this.markers = markers;
    }

    /** Prepares {@code sql}: refuses it now if it does not lex (with {@code ?}); the rest is checked when it compiles. */
    static PreparedSql of(String sql) {
        Objects.requireNonNull(sql, "sql");
        Kind kind = SqlEngine.isCopy(sql) ? Kind.COPY : SqlEngine.isWrite(sql) ? Kind.WRITE : Kind.QUERY;
        if (kind != Kind.COPY && sql.indexOf('?') >= 0) {
            ParameterMarkers markers = ParameterMarkers.of(sql);
            if (markers.count() > 0) {
                return new PreparedSql(sql, kind, markers);
            }
        }
        return new PreparedSql(sql, kind, null);
    }

    /** The statement as written. */
    public String sql() {
        return sql;
    }

    public Kind kind() {
        return kind;
    }

    /** How many {@code ?} the statement has (for a COPY, those of its query). */
    public int parameterCount() {
        if (kind == Kind.COPY) {
            return SqlEngine.parameterCount(sql);
        }
        return markers == null ? 0 : markers.count();
    }

    /**
     * Runs the query (or COPY) on {@code snapshot}, {@code ?} standing for {@code parameters} in
     * order; the answer whole.
     */
    public SqlResult execute(Snapshot snapshot, List<?> parameters) {
        Objects.requireNonNull(snapshot, "snapshot");
        Objects.requireNonNull(parameters, "parameters");
        return switch (kind) {
            case COPY -> CopyRunner.run(snapshot, sql, parameters);
            case WRITE -> throw new UnsupportedSqlException(SqlEngine.WRITES_IN_A_SNAPSHOT);
            case QUERY -> run(parameters, prepared -> SqlEngine.run(snapshot, prepared, false).result());
        };
    }

    /**
     * Runs the query (or COPY) on {@code snapshot} and returns a cursor that reads its answer as it
     * goes; {@code snapshot} must stay open while the cursor is read.
     */
    public SqlCursor open(Snapshot snapshot, List<?> parameters) {
        Objects.requireNonNull(snapshot, "snapshot");
        Objects.requireNonNull(parameters, "parameters");
        if (kind == Kind.COPY) {
            return SqlCursor.of(CopyRunner.run(snapshot, sql, parameters));
        }
        if (kind == Kind.WRITE) {
            return SqlCursor.of(execute(snapshot, parameters));
        }
        return run(parameters, prepared -> SqlEngine.run(snapshot, prepared, true).cursor());
    }

    /**
     * Runs the statement in {@code transaction}: a query (or a COPY's query) sees the
     * transaction's writes so far; a write is one change of it, answering the count of records
     * it wrote.
     */
    public SqlResult execute(Transaction transaction, List<?> parameters) {
        Objects.requireNonNull(transaction, "transaction");
        Objects.requireNonNull(parameters, "parameters");
        if (kind == Kind.COPY) {
            try (Snapshot view = transaction.read()) {
                return CopyRunner.run(view, sql, parameters);
            }
        }
        return run(parameters, prepared -> SqlEngine.run(transaction, prepared));
    }

    /**
     * What the statement answers and takes, from binding against {@code snapshot}'s schema alone
     * (nothing is read or run): its result columns with their declared types, and the type each
     * {@code ?} stands for ({@link ColumnType.Kind#UNKNOWN} where no column tells). A write or a
     * COPY answers one column, {@code count}.
     */
    public record Description(List<String> columns, List<ColumnType> types, List<ColumnType> parameters) {
        public Description {
            columns = List.copyOf(columns);
            types = List.copyOf(types);
            parameters = List.copyOf(parameters);
        }
    }

    /** This statement's {@link Description} against the schema of {@code snapshot}. */
    public Description describe(Snapshot snapshot) {
        Objects.requireNonNull(snapshot, "snapshot");
        SqlResult count = SqlResult.ofCount(0);
        if (kind == Kind.COPY) {
            Description query = SqlEngine.prepared(CopyParser.parse(sql).query()).describe(snapshot);
            return new Description(count.columns(), count.types(), query.parameters());
        }
        CompiledStatement compiled = markers == null ? literal().statement() : placeholders();
        if (compiled.schema() != null) {
            return new Description(count.columns(), count.types(), List.of());
        }
        String tableName = compiled.write() != null ? compiled.write().table() : compiled.query().table();
        TableBinding table = TableBinding.of(EngineAccess.of(snapshot), tableName);
        JoinRunner join = compiled.query() instanceof JoinQuery joinQuery
                ? new JoinRunner(snapshot, joinQuery, markers == null ? literal().values() : List.of(), markers == null && literal().fromTemplate())
                : null;
        ColumnScope scope = join != null ? join.binding() : table;
        List<ColumnType> parameters = markers == null ? List.of() : ParameterTypes.of(compiled, scope, markers.count());
        if (compiled.write() != null) {
            return new Description(count.columns(), count.types(), parameters);
        }
        if (compiled.explain()) {
            return new Description(List.of("plan"), List.of(new ColumnType(ColumnType.Kind.VARCHAR, 0, false)), parameters);
        }
        return switch (compiled.query()) {
            case AggregateQuery aggregate -> describe(aggregate, table, parameters);
            case ListingQuery listing -> {
                ListingRunner runner = new ListingRunner(snapshot, table, listing);
                yield new Description(runner.names(), runner.types(), parameters);
            }
            case JoinQuery joinQuery when joinQuery.aggregate() != null -> describe(joinQuery.aggregate(), scope, parameters);
            case JoinQuery joinQuery -> {
                List<String> names = new java.util.ArrayList<>();
                List<ColumnType> types = join.listingTypes(names);
                yield new Description(markers == null ? names : names.stream().map(StatementTemplate::quoteParametersAsWritten).toList(),
                        types, parameters);
            }
        };
    }

    /** The description of aggregate {@code query} over the columns of {@code scope} (a table, or a join's tables). */
    private Description describe(AggregateQuery query, ColumnScope scope, List<ColumnType> parameters) {
        List<String> names = new java.util.ArrayList<>(query.visible());
        for (int i = 0; i < query.visible(); i++) {
            String name = query.outputs().get(i).name();
            names.add(markers == null ? StatementTemplate.asWritten(name, literal().values(), literal().fromTemplate())
                    : StatementTemplate.quoteParametersAsWritten(name));
        }
        return new Description(names, ResultTypes.of(query, scope, markers == null ? literal().values() : null), parameters);
    }

    /**
     * The statement compiled with its {@code ?} as placeholders of one kind, for its description:
     * integers first (a LIMIT takes only those), strings where a position refuses integers.
     */
    private CompiledStatement placeholders() {
        InvalidInputException refused = null;
        for (char kind : new char[] {'i', 's', 't'}) {
            try {
                return SqlEngine.compileWithParameters(markers.template(String.valueOf(kind).repeat(markers.count())),
                        markers.count(), sql);
            } catch (InvalidInputException e) {
                refused = e;
            }
        }
        throw SqlEngine.asWritten(refused);
    }

    /** The statement compiled from its text (it has no {@code ?}). */
    private StatementCache.Prepared literal() {
        StatementCache.Prepared literal = this.literal;
        if (literal == null) {
            literal = SqlEngine.prepare(sql);
            this.literal = literal;
        }
        return literal;
    }

    /** How a compiled statement with its values runs. */
    private interface Runner<T> {
        T run(StatementCache.Prepared prepared);
    }

    private <T> T run(List<?> parameters, Runner<T> runner) {
        if (markers == null) {
            if (!parameters.isEmpty()) {
                ParameterMarkers.of(sql); // refuses numbered and named parameters by name
                StatementTemplate.checkCount(0, parameters.size(), sql);
            }
            StatementCache.Prepared literal = literal();
            try {
                return runner.run(literal);
            } catch (InvalidInputException e) {
                if (!literal.fromTemplate()) {
                    throw e;
                }
                // A template's messages show parameters (:i0, :s1) where the statement has its literals:
                // fail again from the statement's own text, so the message quotes what the caller wrote.
                // Nothing was written: a write is bound whole before it writes.
                return runner.run(new StatementCache.Prepared(SqlEngine.compile(sql), List.of(), false));
            }
        }
        if (parameters.isEmpty()) {
            SqlEngine.compile(sql); // refuses each ? as a parameter without a value, quoting it
        }
        try {
            return runner.run(bind(parameters));
        } catch (InvalidInputException e) {
            throw SqlEngine.asWritten(e);
        }
    }

    /** The compiled form for {@code parameters}' kinds (compiled now if they are new) with their values, checked. */
    StatementCache.Prepared bind(List<?> parameters) {
        ParameterMarkers.Bound bound = markers.bind(parameters);
        CompiledStatement compiled = bySignature.get(bound.signature());
        if (compiled == null) {
            compiled = SqlEngine.compileWithParameters(markers.template(bound.signature()), bound.values().size(), sql);
            bySignature.put(bound.signature(), compiled);
        }
        return new StatementCache.Prepared(compiled, bound.values(), false);
    }

    @Override
    public String toString() {
        return "PreparedSql[" + kind + ": " + SqlErrors.shorten(sql) + "]";
    }
}
