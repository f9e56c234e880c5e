package dev.big.trino;

import dev.big.db.TimeTruncation;
import io.airlift.slice.Slice;
import io.trino.spi.TrinoException;
import io.trino.spi.connector.AggregateFunction;
import io.trino.spi.connector.AggregationApplicationResult;
import io.trino.spi.connector.Assignment;
import io.trino.spi.connector.ColumnHandle;
import io.trino.spi.connector.ColumnMetadata;
import io.trino.spi.connector.ConnectorMetadata;
import io.trino.spi.connector.ConnectorSession;
import io.trino.spi.connector.ConnectorTableHandle;
import io.trino.spi.connector.ConnectorTableMetadata;
import io.trino.spi.connector.ConnectorTableVersion;
import io.trino.spi.connector.Constraint;
import io.trino.spi.connector.ConstraintApplicationResult;
import io.trino.spi.connector.LimitApplicationResult;
import io.trino.spi.connector.ProjectionApplicationResult;
import io.trino.spi.connector.RelationColumnsMetadata;
import io.trino.spi.connector.SchemaTableName;
import io.trino.spi.connector.SortItem;
import io.trino.spi.connector.SortOrder;
import io.trino.spi.connector.TopNApplicationResult;
import io.trino.spi.expression.Call;
import io.trino.spi.expression.ConnectorExpression;
import io.trino.spi.expression.Constant;
import io.trino.spi.expression.FunctionName;
import io.trino.spi.expression.Variable;
import io.trino.spi.predicate.Domain;
import io.trino.spi.predicate.TupleDomain;
import io.trino.spi.session.PropertyMetadata;
import io.trino.spi.statistics.TableStatistics;
import io.trino.spi.type.BooleanType;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

import static io.trino.spi.StandardErrorCode.NOT_SUPPORTED;
import static io.trino.spi.expression.StandardFunctions.AND_FUNCTION_NAME;

/**
 * Schema {@code default}, one table per table name found in the files, and what the connector
 * takes over from Trino's plan: filters ({@link FilterTranslator}), per-split limits and top-n on
 * {@code id} (never guaranteed: Trino still applies them across splits), and aggregations that
 * big can compute whole ({@link PushedAggregation}). Trino runs no final step above a pushed
 * aggregation, so a handle that takes one is read as a single split over every file; that is only
 * done in {@code shared} placement (where one node reads every file) and while the session property
 * {@value #AGGREGATION_PUSHDOWN} is on. Other aggregations Trino computes, over the cheap pages the
 * splits return (row counts only for {@code count(*)}, runs or dictionary pages for a keyed column).
 */
final class BigMetadata implements ConnectorMetadata {

    static final String SCHEMA = "default";
    /** The session property that lets the connector take over aggregations (default: the catalog's {@code big.aggregation-pushdown}). */
    static final String AGGREGATION_PUSHDOWN = "aggregation_pushdown_enabled";
    /** The session property of a split's target record count ({@link BigSplitManager}). */
    static final String SPLIT_RECORDS = "split_records";

    private final BigTables tables;
    private final BigConfig config;

    BigMetadata(BigTables tables, BigConfig config) {
        this.tables = tables;
        this.config = config;
    }

    /** The session properties of a big catalog. */
    static List<PropertyMetadata<?>> sessionProperties(BigConfig config) {
        return List.of(PropertyMetadata.booleanProperty(AGGREGATION_PUSHDOWN,
                "Let big compute count, sum, min and max (with at most one keyed or bool group-by column) in one split"
                        + " over every file, instead of Trino over many splits (shared placement only)",
                config.aggregationPushdown(), false),
                PropertyMetadata.longProperty(SPLIT_RECORDS,
                        "How many records a split aims to hold (1: a split per container column of 65,536 ids)",
                        config.splitRecords(), value -> {
                            if (value < 1) {
                                throw new IllegalArgumentException(SPLIT_RECORDS + " must be at least 1, not " + value);
                            }
                        }, false));
    }

    @Override
    public List<String> listSchemaNames(ConnectorSession session) {
        return List.of(SCHEMA);
    }

    @Override
    public List<SchemaTableName> listTables(ConnectorSession session, Optional<String> schemaName) {
        if (schemaName.isPresent() && !schemaName.get().equals(SCHEMA)) {
            return List.of();
        }
        return tables.tables().keySet().stream().map(t -> new SchemaTableName(SCHEMA, t)).toList();
    }

    @Override
    public ConnectorTableHandle getTableHandle(ConnectorSession session, SchemaTableName tableName,
            Optional<ConnectorTableVersion> startVersion, Optional<ConnectorTableVersion> endVersion) {
        if (startVersion.isPresent() || endVersion.isPresent()) {
            throw new TrinoException(NOT_SUPPORTED, "big tables are read at the commit a query starts on; FOR VERSION/TIMESTAMP AS OF is not supported");
        }
        if (!tableName.getSchemaName().equals(SCHEMA)) {
            return null;
        }
        return tables.tables().containsKey(tableName.getTableName()) ? BigTableHandle.of(tableName.getTableName()) : null;
    }

    private List<BigColumnHandle> columns(BigTableHandle table) {
        List<BigColumnHandle> columns = tables.tables().get(table.table());
        if (columns == null) {
            throw new TrinoException(io.trino.spi.StandardErrorCode.TABLE_NOT_FOUND, "big table '" + table.table()
                    + "' is in no file of this catalog any more");
        }
        return columns;
    }

    @Override
    public ConnectorTableMetadata getTableMetadata(ConnectorSession session, ConnectorTableHandle table) {
        BigTableHandle handle = (BigTableHandle) table;
        return new ConnectorTableMetadata(new SchemaTableName(SCHEMA, handle.table()),
                columns(handle).stream().map(BigColumnHandle::metadata).toList());
    }

    @Override
    public Map<String, ColumnHandle> getColumnHandles(ConnectorSession session, ConnectorTableHandle tableHandle) {
        Map<String, ColumnHandle> handles = new LinkedHashMap<>();
        for (BigColumnHandle column : columns((BigTableHandle) tableHandle)) {
            handles.put(column.name(), column);
        }
        return handles;
    }

    /** Row count and per column nulls, distinct values, range and size, from what the files keep beside their data ({@link BigStatistics}). */
    @Override
    public TableStatistics getTableStatistics(ConnectorSession session, ConnectorTableHandle tableHandle) {
        BigTableHandle handle = (BigTableHandle) tableHandle;
        return BigStatistics.of(tables.files(), handle, columns(handle));
    }

    @Override
    public ColumnMetadata getColumnMetadata(ConnectorSession session, ConnectorTableHandle tableHandle, ColumnHandle columnHandle) {
        return columnHandle instanceof BigAggregateColumn aggregate ? aggregate.metadata() : ((BigColumnHandle) columnHandle).metadata();
    }

    @Override
    public Iterator<RelationColumnsMetadata> streamRelationColumns(ConnectorSession session, Optional<String> schemaName,
            UnaryOperator<Set<SchemaTableName>> relationFilter) {
        if (schemaName.isPresent() && !schemaName.get().equals(SCHEMA)) {
            return List.<RelationColumnsMetadata>of().iterator();
        }
        Map<String, List<BigColumnHandle>> all = tables.tables();
        Set<SchemaTableName> names = relationFilter.apply(Set.copyOf(all.keySet().stream().map(t -> new SchemaTableName(SCHEMA, t)).toList()));
        return names.stream()
                .map(n -> RelationColumnsMetadata.forTable(n, all.get(n.getTableName()).stream().map(BigColumnHandle::metadata).toList()))
                .iterator();
    }

    @Override
    public Optional<ConstraintApplicationResult<ConnectorTableHandle>> applyFilter(ConnectorSession session, ConnectorTableHandle handle,
            Constraint constraint) {
        BigTableHandle table = (BigTableHandle) handle;
        if (table.aggregation() != null) {
            return Optional.empty(); // its columns are the aggregation's
        }
        TupleDomain<ColumnHandle> summary = constraint.getSummary();
        List<PushedFilter> pushed = new ArrayList<>();
        Map<ColumnHandle, Domain> remaining = new LinkedHashMap<>();
        for (Map.Entry<ColumnHandle, Domain> entry : summary.getDomains().orElseThrow().entrySet()) {
            Optional<PushedFilter> filter = FilterTranslator.domain((BigColumnHandle) entry.getKey(), entry.getValue());
            if (filter.isPresent()) {
                pushed.add(filter.get());
            } else {
                remaining.put(entry.getKey(), entry.getValue());
            }
        }
        List<ConnectorExpression> conjuncts = FilterTranslator.conjuncts(constraint.getExpression());
        List<ConnectorExpression> rest = new ArrayList<>();
        for (ConnectorExpression conjunct : conjuncts) {
            Optional<PushedFilter> filter = FilterTranslator.expression(conjunct, constraint.getAssignments());
            if (filter.isPresent()) {
                pushed.add(filter.get());
            } else {
                rest.add(conjunct);
            }
        }
        // Only what is new: Trino calls applyFilter again with the same constraint, and a handle that
        // keeps changing would make its optimizer loop.
        List<PushedFilter> known = table.filter().conjuncts();
        List<PushedFilter> added = pushed.stream().filter(f -> !known.contains(f)).toList();
        if (added.isEmpty() && remaining.size() == summary.getDomains().orElseThrow().size() && rest.size() == conjuncts.size()) {
            return Optional.empty();
        }
        List<PushedFilter> all = new ArrayList<>(known);
        all.addAll(added);
        ConnectorExpression remainingExpression = rest.isEmpty() ? Constant.TRUE
                : rest.size() == 1 ? rest.getFirst() : new Call(BooleanType.BOOLEAN, AND_FUNCTION_NAME, rest);
        return Optional.of(new ConstraintApplicationResult<>(table.withFilter(PushedFilter.and(all)),
                TupleDomain.withColumnDomains(remaining), remainingExpression, false));
    }

    /**
     * Takes over {@code date_trunc(unit, column)} of a timestamp column as a column of its own (a
     * truncated {@link BigColumnHandle}), so that an aggregation grouped by it can be pushed
     * ({@link #applyAggregation}); a scan reads it truncated. Every other projection stays Trino's.
     */
    @Override
    public Optional<ProjectionApplicationResult<ConnectorTableHandle>> applyProjection(ConnectorSession session, ConnectorTableHandle handle,
            List<ConnectorExpression> projections, Map<String, ColumnHandle> assignments) {
        BigTableHandle table = (BigTableHandle) handle;
        if (table.aggregation() != null) {
            return Optional.empty(); // its columns are the aggregation's
        }
        List<ConnectorExpression> results = new ArrayList<>(projections.size());
        Map<String, Assignment> outputs = new LinkedHashMap<>();
        for (ConnectorExpression projection : projections) {
            Optional<BigColumnHandle> truncated = truncated(projection, assignments);
            if (truncated.isEmpty()) {
                results.add(projection);
                continue;
            }
            String variable = "date_trunc_" + truncated.get().truncation().name().toLowerCase(Locale.ROOT) + "_" + truncated.get().name();
            while (assignments.containsKey(variable)) {
                variable += "_";
            }
            results.add(new Variable(variable, projection.getType()));
            outputs.put(variable, new Assignment(variable, truncated.get(), projection.getType()));
        }
        if (outputs.isEmpty()) {
            return Optional.empty();
        }
        // The scan's outputs become exactly these assignments: keep the columns the other projections read.
        assignments.forEach((variable, column) -> outputs.putIfAbsent(variable, new Assignment(variable, column, ((BigColumnHandle) column).type())));
        return Optional.of(new ProjectionApplicationResult<>(table, results, List.copyOf(outputs.values()), false));
    }

    /** {@code projection} as a truncated column, when it is {@code date_trunc} of a timestamp column to a unit big knows. */
    private static Optional<BigColumnHandle> truncated(ConnectorExpression projection, Map<String, ColumnHandle> assignments) {
        if (!(projection instanceof Call call) || !call.getFunctionName().equals(DATE_TRUNC) || call.getArguments().size() != 2
                || !(call.getArguments().get(0) instanceof Constant unit) || !(unit.getValue() instanceof Slice unitName)
                || !(call.getArguments().get(1) instanceof Variable variable)
                || !(assignments.get(variable.getName()) instanceof BigColumnHandle column)
                || column.kind() != ColumnKind.TIMESTAMP || column.truncation() != null || !projection.getType().equals(column.type())) {
            return Optional.empty();
        }
        return TimeTruncation.named(unitName.toStringUtf8()).map(column::truncatedTo);
    }

    private static final FunctionName DATE_TRUNC = new FunctionName("date_trunc");

    @Override
    public Optional<LimitApplicationResult<ConnectorTableHandle>> applyLimit(ConnectorSession session, ConnectorTableHandle handle, long limit) {
        BigTableHandle table = (BigTableHandle) handle;
        if (table.aggregation() != null) {
            return topNOfGroups(table, List.of(), limit);
        }
        if (table.limit() >= 0 && table.limit() <= limit) {
            return Optional.empty();
        }
        // Each split stops after `limit` rows; Trino still applies the limit across splits.
        return Optional.of(new LimitApplicationResult<>(table.withLimit(limit), false, false));
    }

    @Override
    public Optional<TopNApplicationResult<ConnectorTableHandle>> applyTopN(ConnectorSession session, ConnectorTableHandle handle,
            long topNCount, List<SortItem> sortItems, Map<String, ColumnHandle> assignments) {
        BigTableHandle table = (BigTableHandle) handle;
        if (table.aggregation() != null) {
            List<PushedAggregation.Ordering> order = new ArrayList<>();
            List<ColumnHandle> results = table.aggregation().resultColumns();
            for (SortItem item : sortItems) {
                int position = results.indexOf(assignments.get(item.getName()));
                if (position < 0) {
                    return Optional.empty();
                }
                order.add(new PushedAggregation.Ordering(position, item.getSortOrder()));
            }
            return topNOfGroups(table, order, topNCount).map(limited ->
                    new TopNApplicationResult<>(limited.getHandle(), true, false));
        }
        if (sortItems.size() != 1 || !BigColumnHandle.ID.equals(assignments.get(sortItems.getFirst().getName()))) {
            return Optional.empty();
        }
        SortOrder order = sortItems.getFirst().getSortOrder();
        boolean descending = !order.isAscending();
        if (table.topN() >= 0 && table.topN() <= topNCount && table.topNDescending() == descending) {
            return Optional.empty();
        }
        if (table.topN() >= 0 && table.topNDescending() != descending) {
            return Optional.empty(); // a handle keeps one order of ids
        }
        // Each split returns its first (or last) topNCount ids in order; Trino merges the splits' rows.
        return Optional.of(new TopNApplicationResult<>(table.withTopN(topNCount, descending), false, false));
    }

    /**
     * The first {@code count} groups of a pushed aggregation in {@code order} (empty: any
     * {@code count}): guaranteed, since its one split holds every group, so Trino drops its own
     * limit or top-n. A limit over groups already cut keeps their order; an order over groups
     * already cut in another order (or in none) is left to Trino, which sorts the ones kept.
     */
    private static Optional<LimitApplicationResult<ConnectorTableHandle>> topNOfGroups(BigTableHandle table,
            List<PushedAggregation.Ordering> order, long count) {
        PushedAggregation aggregation = table.aggregation();
        if (aggregation.limit() < 0) {
            return Optional.of(new LimitApplicationResult<>(table.withAggregation(aggregation.withTopN(order, count)), true, false));
        }
        if ((!order.isEmpty() && !order.equals(aggregation.orderBy())) || aggregation.limit() <= count) {
            return Optional.empty();
        }
        return Optional.of(new LimitApplicationResult<>(table.withAggregation(aggregation.withTopN(aggregation.orderBy(), count)), true, false));
    }

    @Override
    public Optional<AggregationApplicationResult<ConnectorTableHandle>> applyAggregation(ConnectorSession session, ConnectorTableHandle handle,
            List<AggregateFunction> aggregates, Map<String, ColumnHandle> assignments, List<List<ColumnHandle>> groupingSets) {
        BigTableHandle table = (BigTableHandle) handle;
        if (!session.getProperty(AGGREGATION_PUSHDOWN, Boolean.class)
                || config.placement() != BigConfig.Placement.SHARED // one split must read every file
                || table.aggregation() != null || table.limit() >= 0 || table.topN() >= 0) {
            return Optional.empty();
        }
        Optional<PushedAggregation> pushed = PushedAggregation.of(aggregates, assignments, groupingSets);
        if (pushed.isEmpty()) {
            return Optional.empty();
        }
        List<ConnectorExpression> projections = new ArrayList<>();
        List<Assignment> outputs = new ArrayList<>();
        for (BigAggregateColumn column : pushed.get().aggregates()) {
            projections.add(new Variable(column.name(), column.type()));
            outputs.add(new Assignment(column.name(), column, column.type()));
        }
        Map<ColumnHandle, ColumnHandle> groupBy = pushed.get().groupBy() == null ? Map.of()
                : Map.of(pushed.get().groupBy(), pushed.get().groupBy());
        return Optional.of(new AggregationApplicationResult<>(table.withAggregation(pushed.get()), projections, outputs, groupBy, false));
    }
}
