package dev.big.trino;

import io.trino.spi.connector.AggregateFunction;
import io.trino.spi.connector.ColumnHandle;
import io.trino.spi.connector.SortOrder;
import io.trino.spi.expression.ConnectorExpression;
import io.trino.spi.expression.Variable;
import io.trino.spi.type.BigintType;
import io.trino.spi.type.DoubleType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An aggregation the connector computes whole, in place of Trino's: at most one group-by column
 * (keyed, bool, or a timestamp truncated by {@code date_trunc}) and aggregates big answers from
 * its bitmaps ({@link BigAggregateColumn}). Trino runs no final step above a pushed aggregation,
 * so a table handle that carries one is read as a single split holding every file's commit
 * ({@link BigAggregateSplit}), never as many. Being all the groups in one place, it can also take
 * an {@code ORDER BY ... LIMIT n} or a {@code LIMIT n} over them whole: {@code orderBy} (positions
 * in a result row: the group-by column first, then the aggregates) and {@code limit} ({@code -1}
 * for none). Crosses nodes as JSON.
 */
public record PushedAggregation(BigColumnHandle groupBy, List<BigAggregateColumn> aggregates, List<Ordering> orderBy, long limit) {

    /** One key of the groups' order: a position in a result row, and its direction and place of nulls. */
    public record Ordering(int position, SortOrder order) {}

    public PushedAggregation {
        aggregates = List.copyOf(aggregates);
        orderBy = List.copyOf(orderBy);
    }

    /** Groups in no particular order, all of them. */
    static PushedAggregation of(BigColumnHandle groupBy, List<BigAggregateColumn> aggregates) {
        return new PushedAggregation(groupBy, aggregates, List.of(), -1);
    }

    /** The first {@code count} groups in {@code order} (empty: any {@code count} groups). */
    PushedAggregation withTopN(List<Ordering> order, long count) {
        return new PushedAggregation(groupBy, aggregates, order, count);
    }

    /** The columns of a result row, in order: the group-by column (if any), then the aggregates. */
    List<ColumnHandle> resultColumns() {
        List<ColumnHandle> columns = new ArrayList<>();
        if (groupBy != null) {
            columns.add(groupBy);
        }
        columns.addAll(aggregates);
        return columns;
    }

    /**
     * What big can compute of Trino's aggregation, or empty when some part is beyond it: more than
     * one grouping set or group-by column, a group-by column that is not keyed, bool or a truncated
     * timestamp ({@code date_trunc}, which groups only count(*) and aggregates of int and timestamp
     * columns), a {@code DISTINCT}, {@code FILTER} or {@code ORDER BY} inside an aggregate, or a
     * function other than count, sum and avg of an int column, and min and max of an int or
     * timestamp column.
     */
    static Optional<PushedAggregation> of(List<AggregateFunction> functions, Map<String, ColumnHandle> assignments,
            List<List<ColumnHandle>> groupingSets) {
        if (groupingSets.size() != 1 || groupingSets.getFirst().size() > 1) {
            return Optional.empty();
        }
        BigColumnHandle groupBy = null;
        if (!groupingSets.getFirst().isEmpty()) {
            groupBy = (BigColumnHandle) groupingSets.getFirst().getFirst();
            if (groupBy.kind() != ColumnKind.KEYED && groupBy.kind() != ColumnKind.BOOL && groupBy.truncation() == null) {
                return Optional.empty();
            }
        }
        List<BigAggregateColumn> aggregates = new ArrayList<>();
        for (AggregateFunction function : functions) {
            if (function.isDistinct() || function.getFilter().isPresent() || !function.getSortItems().isEmpty()) {
                return Optional.empty();
            }
            Optional<BigAggregateColumn> aggregate = aggregate(function, assignments, "big_aggregate_" + aggregates.size());
            if (aggregate.isEmpty()) {
                return Optional.empty();
            }
            aggregates.add(aggregate.get());
        }
        if (groupBy != null && groupBy.truncation() != null && !aggregates.stream().allMatch(PushedAggregation::overTimeBuckets)) {
            return Optional.empty();
        }
        return Optional.of(of(groupBy, aggregates));
    }

    /** Whether big computes {@code aggregate} per time bucket ({@link dev.big.db.Snapshot#timeGroups}): of the records, or of an int or timestamp column. */
    private static boolean overTimeBuckets(BigAggregateColumn aggregate) {
        return aggregate.function() == BigAggregateColumn.Function.COUNT_ALL
                || aggregate.argument().kind() == ColumnKind.INT || aggregate.argument().kind() == ColumnKind.TIMESTAMP;
    }

    private static Optional<BigAggregateColumn> aggregate(AggregateFunction function, Map<String, ColumnHandle> assignments, String name) {
        List<ConnectorExpression> arguments = function.getArguments();
        if (function.getFunctionName().equals("count") && arguments.isEmpty()) {
            return Optional.of(new BigAggregateColumn(name, BigAggregateColumn.Function.COUNT_ALL, null));
        }
        if (arguments.size() != 1 || !(arguments.getFirst() instanceof Variable variable)) {
            return Optional.empty();
        }
        BigColumnHandle column = (BigColumnHandle) assignments.get(variable.getName());
        ColumnKind kind = column.kind();
        BigAggregateColumn.Function result = switch (function.getFunctionName()) {
            case "count" -> kind == ColumnKind.ID ? BigAggregateColumn.Function.COUNT_ALL // an id is never null
                    : kind == ColumnKind.FILE ? null : BigAggregateColumn.Function.COUNT;
            case "sum" -> kind == ColumnKind.INT && function.getOutputType().equals(BigintType.BIGINT) ? BigAggregateColumn.Function.SUM : null;
            case "min" -> kind == ColumnKind.INT || kind == ColumnKind.TIMESTAMP ? BigAggregateColumn.Function.MIN : null;
            case "max" -> kind == ColumnKind.INT || kind == ColumnKind.TIMESTAMP ? BigAggregateColumn.Function.MAX : null;
            case "avg" -> kind == ColumnKind.INT && function.getOutputType().equals(DoubleType.DOUBLE) ? BigAggregateColumn.Function.AVG : null;
            default -> null;
        };
        if (result == null) {
            return Optional.empty();
        }
        return Optional.of(new BigAggregateColumn(name, result, result == BigAggregateColumn.Function.COUNT_ALL ? null : column));
    }
}
