package dev.big.db.sql;

import dev.big.db.Filter;
import dev.big.db.InvalidInputException;
import dev.big.db.Snapshot;
import dev.big.db.Transaction;
import dev.big.db.query.EngineAccess;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import net.sf.jsqlparser.parser.CCJSqlParser;
import net.sf.jsqlparser.parser.CCJSqlParserConstants;
import net.sf.jsqlparser.parser.Token;
import net.sf.jsqlparser.parser.TokenMgrException;
import net.sf.jsqlparser.statement.Statement;

/**
 * Runs the supported SQL subset (docs/sql.md) on a snapshot: a compiler from SQL text to calls
 * of the typed query API ({@link Snapshot#count}, {@link Snapshot#aggregate},
 * {@link Snapshot#groupCount}, {@link Snapshot#ids}, {@link Snapshot#get}, ...) and the executor
 * around those calls. Records are read only through them. The rest is done here: checking that
 * a statement is in the subset; binding its names and literals against the table's definition,
 * which comes from the catalog; making one call per distinct aggregate; typing result values as
 * DuckDB does; ordering and cutting aggregate rows (ORDER BY, LIMIT); and EXPLAIN, which
 * describes the plan from the shards' record counts and stored zone maps. {@code COPY ... TO 'file'}
 * runs its query through a cursor and writes the rows to the file ({@link CopyRunner}).
 *
 * <p>A statement goes through four steps:
 * <ol>
 *   <li>parse: JSqlParser ({@link SqlParser});
 *   <li>compile: {@link QueryCompiler} checks the statement is in the subset and builds a
 *       {@link Query}, which knows no schema;
 *   <li>bind: against the snapshot's schema, {@link PredicateBinder} checks column types and
 *       literals and builds the typed {@link Filter};
 *   <li>run: {@link AggregateRunner} or {@link ListingRunner} call the typed API and shape the rows;
 *       or {@link PlanExplainer} describes what they would do.
 * </ol>
 * The first two steps are cached by statement text and by {@link StatementTemplate} (the text with
 * its literals taken out), so repeated statements and statements that differ only in literals
 * (cursors, ids, time windows, keys) skip parsing.
 */
public final class SqlEngine {

    private static final int CACHE_CAPACITY = 1024;
    /** Longer statements (long IN lists, say) are compiled every time, so the cache stays small. */
    private static final int MAX_CACHED_CHARS = 8192;
    private static final StatementCache CACHE = new StatementCache(CACHE_CAPACITY);

    /** Prepared statements by text, so a statement run again by text is neither lexed nor classified again. */
    private static final Map<String, PreparedSql> PREPARED = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, PreparedSql> eldest) {
            return size() > CACHE_CAPACITY;
        }
    };

    /**
     * {@code sql} prepared ({@link PreparedSql}): from a cache by text, so the convenience calls
     * by text ({@code Db.sql}, {@link #execute}) cost what a prepared statement costs once a
     * statement has been seen. Refuses malformed SQL, and SQL without {@code ?} outside big's subset.
     */
    public static PreparedSql prepared(String sql) {
        Objects.requireNonNull(sql, "sql");
        if (sql.length() > MAX_CACHED_CHARS) {
            return PreparedSql.of(sql);
        }
        synchronized (PREPARED) {
            PreparedSql cached = PREPARED.get(sql);
            if (cached != null) {
                return cached;
            }
        }
        PreparedSql prepared = PreparedSql.of(sql);
        synchronized (PREPARED) {
            PREPARED.put(sql, prepared);
        }
        return prepared;
    }

    /** Parses, plans and runs {@code sql} on {@code snapshot}. */
    public static SqlResult execute(Snapshot snapshot, String sql) {
        Objects.requireNonNull(snapshot, "snapshot");
        return prepared(sql).execute(snapshot, List.of());
    }

    /**
     * Runs {@code sql}, whose {@code ?} stand for {@code parameters} in order, on {@code snapshot}.
     * The values are bound by type, never written into the statement's text (docs/sql.md,
     * "Parameters"); statements that differ only in the values of their parameters are compiled
     * once. A wrong count of values, a value of a type big does not bind, or one that does not suit
     * its column is refused with {@link InvalidInputException}.
     */
    public static SqlResult execute(Snapshot snapshot, String sql, List<?> parameters) {
        Objects.requireNonNull(snapshot, "snapshot");
        return prepared(sql).execute(snapshot, parameters);
    }

    /**
     * The statement a template of bound {@code ?} ({@link ParameterMarkers#template}) compiles to,
     * refusing it unless it uses each of its {@code values} values once ({@code sql} is the
     * statement as written, for messages).
     */
    static CompiledStatement compileWithParameters(String template, int values, String sql) {
        try {
            QueryCompiler compiler = new QueryCompiler(true);
            CompiledStatement compiled = compiler.compile(SqlParser.parse(template));
            BitSet used = compiler.parameters();
            if (used.cardinality() != values || used.nextClearBit(0) != values) {
                throw new UnsupportedSqlException("a parameter (?) where big takes only a constant written in the statement,"
                        + " in \"" + SqlErrors.shorten(sql) + "\"; parameters stand for values compared with or written"
                        + " into columns, and for LIMIT");
            }
            return compiled;
        } catch (StackOverflowError e) {
            throw tooDeep();
        }
    }

    /** {@code e} with its message quoting the bound parameters as {@code ?}, as the caller wrote them. */
    static InvalidInputException asWritten(InvalidInputException e) {
        String message = StatementTemplate.quoteParametersAsWritten(e.getMessage());
        if (message.equals(e.getMessage())) {
            return e;
        }
        InvalidInputException rewritten = e instanceof UnsupportedSqlException
                ? new UnsupportedSqlException(message) : new InvalidInputException(message);
        rewritten.setStackTrace(e.getStackTrace());
        return rewritten;
    }

    /**
     * Runs {@code sql} in {@code transaction}: a query sees the transaction's writes so far (and
     * so does a COPY's), an INSERT, UPDATE or DELETE writes as one change of it and answers one
     * row, the count of records it wrote. {@code ?} stand for {@code parameters} (none: the
     * statement has no ?).
     */
    public static SqlResult execute(Transaction transaction, String sql, List<?> parameters) {
        Objects.requireNonNull(transaction, "transaction");
        return prepared(sql).execute(transaction, parameters);
    }

    static SqlResult run(Transaction transaction, StatementCache.Prepared prepared) {
        WriteStatement write = prepared.statement().write();
        if (write != null) {
            return new WriteRunner(transaction, prepared.values()).run(write);
        }
        if (prepared.statement().schema() != null) {
            return SchemaRunner.run(transaction, prepared.statement().schema());
        }
        try (Snapshot view = transaction.read()) {
            return run(view, prepared, false).result();
        }
    }

    /** The refusal of a write run on a snapshot. */
    static final String WRITES_IN_A_SNAPSHOT = "INSERT, UPDATE, DELETE, CREATE INDEX and DROP INDEX write, and a snapshot"
            + " only reads: run them with Db.sql or Transaction.sql";

    /**
     * Whether {@code sql} is an INSERT, UPDATE or DELETE, or a CREATE or DROP (of an index, the DDL
     * big's SQL has; by its first word, after blanks and comments; it may still be malformed). Read by hand, not by the parser's lexer: every
     * {@code Db.sql} asks, and a lexer costs about 97 KB and 7 µs to make (JMH, a point read by id
     * went from 0.8 to 8.2 µs with it).
     */
    public static boolean isWrite(String sql) {
        Objects.requireNonNull(sql, "sql");
        int at = SqlText.afterBlanks(sql, 0);
        int length = wordLength(sql, at);
        return length == 6 && (sql.regionMatches(true, at, "INSERT", 0, 6) || sql.regionMatches(true, at, "UPDATE", 0, 6)
                || sql.regionMatches(true, at, "DELETE", 0, 6) || sql.regionMatches(true, at, "CREATE", 0, 6))
                || length == 4 && sql.regionMatches(true, at, "DROP", 0, 4);
    }

    /**
     * Whether {@code sql} is a COPY (by its first word, as {@link #isWrite}): it writes the answer
     * of a query to a file and answers the count of rows written (docs/sql.md, "COPY").
     */
    public static boolean isCopy(String sql) {
        Objects.requireNonNull(sql, "sql");
        int at = SqlText.afterBlanks(sql, 0);
        return wordLength(sql, at) == 4 && sql.regionMatches(true, at, "COPY", 0, 4);
    }

    /** How many letters stand at {@code at}. */
    private static int wordLength(String sql, int at) {
        int end = at;
        while (end < sql.length() && Character.isLetter(sql.charAt(end))) {
            end++;
        }
        return end - at;
    }

    /** How many {@code ?} parameters {@code sql} has (outside strings, quoted names and comments). */
    public static int parameterCount(String sql) {
        Objects.requireNonNull(sql, "sql");
        int count = 0;
        try {
            CCJSqlParser lexer = SqlParser.newParser(sql);
            for (Token token = lexer.getNextToken(); token.kind != CCJSqlParserConstants.EOF; token = lexer.getNextToken()) {
                if (token.image.equals("?")) {
                    count++;
                }
            }
        } catch (TokenMgrException e) {
            throw new UnsupportedSqlException("malformed SQL: " + e.getMessage() + "\n" + SqlErrors.shorten(sql));
        }
        return count;
    }

    /** Runs {@code sql} compiled from its own text, bypassing templates and the cache (tests compare both ways). */
    static SqlResult executeWithoutTemplate(Snapshot snapshot, String sql) {
        return run(snapshot, new StatementCache.Prepared(compile(sql), List.of(), false), false).result();
    }

    /** Forgets every cached statement (tests start from an empty cache with it). */
    static void clearCache() {
        CACHE.clear();
        synchronized (PREPARED) {
            PREPARED.clear();
        }
    }

    static StatementCache.Prepared prepare(String sql) {
        if (sql.length() > MAX_CACHED_CHARS) {
            return new StatementCache.Prepared(compile(sql), List.of(), false);
        }
        StatementCache.Prepared cached = CACHE.statement(sql);
        if (cached != null) {
            return cached;
        }
        StatementCache.Prepared prepared = null;
        StatementTemplate template = StatementTemplate.of(sql);
        if (template != null) {
            Optional<CompiledStatement> compiled = CACHE.template(template.text());
            if (compiled == null) {
                compiled = Optional.ofNullable(compileTemplate(template));
                CACHE.putTemplate(template.text(), compiled);
            }
            if (compiled.isPresent()) {
                prepared = new StatementCache.Prepared(compiled.get(), template.values(), true);
            }
        }
        if (prepared == null) {
            prepared = new StatementCache.Prepared(compile(sql), List.of(), false);
        }
        CACHE.putStatement(sql, prepared);
        return prepared;
    }

    /** The statement itself compiled; its errors are the ones the caller sees. */
    static CompiledStatement compile(String sql) {
        try {
            Statement statement = SqlParser.parse(sql);
            return new QueryCompiler(false).compile(statement);
        } catch (StackOverflowError e) {
            throw tooDeep();
        }
    }

    /**
     * Parsing and compiling recurse once per operator of a chain (JSqlParser builds {@code a AND b
     * AND c} as nested pairs, and its toString recurses through them), so a chain of thousands
     * overflows the stack. WHERE counts its connectives first ({@link PredicateCompiler#requireFewConnectives});
     * HAVING, FILTER and select-list arithmetic are caught here instead. Both steps only build
     * objects of their own — no pin, lock or cache entry is held while they run — so unwinding
     * from the overflow leaves nothing behind.
     */
    private static UnsupportedSqlException tooDeep() {
        return new UnsupportedSqlException("the statement chains too many operators for big to compile (thousands of"
                + " AND, OR, NOT or arithmetic terms in one expression); write many values of one field as"
                + " field IN (v1, v2, ...), or split the statement (" + SqlErrors.SEE_DOCS + ")");
    }

    /** The compiled template, or null when it does not compile or does not use each of its values once. */
    private static CompiledStatement compileTemplate(StatementTemplate template) {
        try {
            QueryCompiler compiler = new QueryCompiler(true);
            CompiledStatement compiled = compiler.compile(SqlParser.parse(template.text()));
            BitSet used = compiler.parameters();
            int count = template.values().size();
            return used.cardinality() == count && used.nextClearBit(0) == count ? compiled : null;
        } catch (InvalidInputException | StackOverflowError e) {
            // Compiled from the statement's own text instead, which reports the failure.
            return null;
        }
    }

    /**
     * A statement's answer: whole ({@code result}), or, asked to stream, a cursor (over the whole
     * answer when it is not a listing).
     */
    record Answer(SqlResult result, SqlCursor cursor) {
        @Override
        public SqlCursor cursor() {
            return cursor != null ? cursor : SqlCursor.of(result);
        }
    }

    static Answer run(Snapshot snapshot, StatementCache.Prepared prepared, boolean stream) {
        if (prepared.statement().write() != null || prepared.statement().schema() != null) {
            throw new UnsupportedSqlException(WRITES_IN_A_SNAPSHOT);
        }
        Query query = prepared.statement().query();
        if (query instanceof JoinQuery join) {
            JoinRunner runner = new JoinRunner(snapshot, join, prepared.values(), prepared.fromTemplate());
            int limit = limitOf(new PredicateBinder(runner.binding().table(0), prepared.values()), query);
            if (prepared.statement().explain()) {
                return new Answer(runner.explain(limit), null);
            }
            return stream && join.listing() != null ? new Answer(null, runner.cursor(limit)) : new Answer(runner.run(limit), null);
        }
        TableBinding table = TableBinding.of(EngineAccess.of(snapshot), query.table());
        PredicateBinder binder = new PredicateBinder(table, prepared.values());
        Filter where = binder.bind(query.where());
        int limit = limitOf(binder, query);
        AggregateRunner runner = null;
        if (query instanceof AggregateQuery aggregate) {
            runner = new AggregateRunner(snapshot, table, aggregate, where, binder, prepared.values(), prepared.fromTemplate());
        }
        if (prepared.statement().explain()) {
            return new Answer(PlanExplainer.explain(snapshot, table, query, where, limit, runner), null);
        }
        if (stream && query instanceof ListingQuery listing) {
            ListingRunner listingRunner = new ListingRunner(snapshot, table, listing);
            return new Answer(null, new SqlCursor(listingRunner.names(), listingRunner.types(),
                    listingRunner.rows(where, listing.order(), limit), null));
        }
        return new Answer(switch (query) {
            case AggregateQuery aggregate -> runner.run(limit);
            case ListingQuery listing -> new ListingRunner(snapshot, table, listing).run(where, listing.order(), limit);
            case JoinQuery join -> throw new IllegalStateException("joins are run above");
        }, null);
    }

    /**
     * Runs {@code sql} (a query; {@code ?} stand for {@code parameters}) on {@code snapshot} and
     * returns its answer as a cursor that reads as it goes: a listing's records are read while the
     * cursor moves, in pages of ids, so memory stays bounded however many it lists. The snapshot
     * must stay open while the cursor is read; closing the cursor leaves it open. A COPY writes its
     * file before this returns; its cursor holds the one row of its count.
     */
    public static SqlCursor open(Snapshot snapshot, String sql, List<?> parameters) {
        Objects.requireNonNull(snapshot, "snapshot");
        return prepared(sql).open(snapshot, parameters);
    }

    /** {@code query}'s LIMIT as its parameters bind it, capped at Integer.MAX_VALUE; -1 when it has none. */
    private static int limitOf(PredicateBinder binder, Query query) {
        return query.limit() == null ? -1 : (int) Math.min(Integer.MAX_VALUE, limitOf(binder, query.limit()));
    }

    private static long limitOf(PredicateBinder binder, Literal.IntLiteral limit) {
        long value = binder.longValue(limit, "LIMIT " + limit.sql());
        if (value < 0) {
            throw SqlErrors.unsupported("negative LIMIT", "LIMIT " + limit.sql(), "LIMIT takes a non-negative integer");
        }
        return value;
    }

    private SqlEngine() {}
}
