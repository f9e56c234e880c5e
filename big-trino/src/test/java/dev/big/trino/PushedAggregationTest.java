package dev.big.trino;

import io.trino.spi.connector.AggregateFunction;
import io.trino.spi.connector.ColumnHandle;
import io.trino.spi.connector.SortItem;
import io.trino.spi.connector.SortOrder;
import io.trino.spi.expression.Constant;
import io.trino.spi.expression.ConnectorExpression;
import io.trino.spi.expression.Variable;
import io.trino.spi.type.BigintType;
import io.trino.spi.type.DoubleType;
import io.trino.spi.type.Type;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What of Trino's aggregations big takes over, and what it leaves to Trino. */
final class PushedAggregationTest {

    private static final BigColumnHandle VALUE = new BigColumnHandle("value", ColumnKind.INT, 0);
    private static final BigColumnHandle AT = new BigColumnHandle("at", ColumnKind.TIMESTAMP, 0);
    private static final BigColumnHandle TYPE = new BigColumnHandle("type", ColumnKind.KEYED, 0);
    private static final BigColumnHandle OK = new BigColumnHandle("ok", ColumnKind.BOOL, 0);
    private static final BigColumnHandle TAGS = new BigColumnHandle("tags", ColumnKind.SET, 0);
    private static final BigColumnHandle PRICE = new BigColumnHandle("price", ColumnKind.DECIMAL, 2);
    private static final Map<String, ColumnHandle> ASSIGNMENTS = Map.of("value", VALUE, "at", AT, "type", TYPE, "ok", OK,
            "tags", TAGS, "price", PRICE, "id", BigColumnHandle.ID, "$file", BigColumnHandle.FILE);

    private static AggregateFunction call(String name, Type output, BigColumnHandle... arguments) {
        List<ConnectorExpression> args = java.util.Arrays.stream(arguments)
                .map(a -> (ConnectorExpression) new Variable(a.name(), a.type())).toList();
        return new AggregateFunction(name, output, args, List.of(), false, Optional.empty());
    }

    private static Optional<PushedAggregation> push(List<AggregateFunction> functions, List<ColumnHandle> groupBy) {
        return PushedAggregation.of(functions, ASSIGNMENTS, List.of(groupBy));
    }

    @Test
    void countsSumsMinsAndMaxesWithOneKeyedOrBoolGroupAreTaken() {
        var taken = push(List.of(call("count", BigintType.BIGINT), call("count", BigintType.BIGINT, TAGS),
                call("count", BigintType.BIGINT, BigColumnHandle.ID), call("sum", BigintType.BIGINT, VALUE),
                call("min", AT.type(), AT), call("max", BigintType.BIGINT, VALUE)), List.of(TYPE)).orElseThrow();
        assertThat(taken.groupBy()).isEqualTo(TYPE);
        assertThat(taken.aggregates()).extracting(BigAggregateColumn::function).containsExactly(
                BigAggregateColumn.Function.COUNT_ALL, BigAggregateColumn.Function.COUNT, BigAggregateColumn.Function.COUNT_ALL,
                BigAggregateColumn.Function.SUM, BigAggregateColumn.Function.MIN, BigAggregateColumn.Function.MAX);
        assertThat(taken.aggregates()).extracting(BigAggregateColumn::argument).containsExactly(null, TAGS, null, VALUE, AT, VALUE);
        assertThat(taken.aggregates()).extracting(BigAggregateColumn::name).doesNotHaveDuplicates();
        assertThat(taken.aggregates().get(4).type()).isEqualTo(AT.type());
        assertThat(push(List.of(call("count", BigintType.BIGINT)), List.of(OK))).isPresent();
        assertThat(push(List.of(call("sum", BigintType.BIGINT, VALUE)), List.of())).isPresent();
    }

    @Test
    void whatBigDoesNotComputeIsLeftToTrino() {
        AggregateFunction count = call("count", BigintType.BIGINT);
        // group-by columns: two, or of a kind big does not group by
        assertThat(push(List.of(count), List.of(TYPE, OK))).isEmpty();
        for (BigColumnHandle column : List.of(VALUE, AT, TAGS, PRICE, BigColumnHandle.ID, BigColumnHandle.FILE)) {
            assertThat(push(List.of(count), List.of(column))).as(column.name()).isEmpty();
        }
        // grouping sets
        assertThat(PushedAggregation.of(List.of(count), ASSIGNMENTS, List.of(List.of(TYPE), List.of()))).isEmpty();
        // functions and arguments
        assertThat(push(List.of(call("avg", DoubleType.DOUBLE, VALUE)), List.of())).isEmpty();
        assertThat(push(List.of(call("sum", PRICE.type(), PRICE)), List.of())).isEmpty();
        assertThat(push(List.of(call("sum", BigintType.BIGINT, BigColumnHandle.ID)), List.of())).isEmpty();
        assertThat(push(List.of(call("max", BigintType.BIGINT, BigColumnHandle.ID)), List.of())).isEmpty();
        assertThat(push(List.of(call("min", TYPE.type(), TYPE)), List.of())).isEmpty();
        assertThat(push(List.of(call("count", BigintType.BIGINT, BigColumnHandle.FILE)), List.of())).isEmpty();
        assertThat(push(List.of(count, call("approx_distinct", BigintType.BIGINT, TYPE)), List.of())).isEmpty();
        // DISTINCT, FILTER, ORDER BY inside the aggregate, an argument that is not a column
        assertThat(push(List.of(new AggregateFunction("count", BigintType.BIGINT, List.of(new Variable("type", TYPE.type())),
                List.of(), true, Optional.empty())), List.of())).isEmpty();
        assertThat(push(List.of(new AggregateFunction("count", BigintType.BIGINT, List.of(),
                List.of(), false, Optional.of(new Variable("ok", OK.type())))), List.of())).isEmpty();
        assertThat(push(List.of(new AggregateFunction("max", BigintType.BIGINT, List.of(new Variable("value", VALUE.type())),
                List.of(new SortItem("value", SortOrder.ASC_NULLS_LAST)), false, Optional.empty())), List.of())).isEmpty();
        assertThat(push(List.of(new AggregateFunction("sum", BigintType.BIGINT, List.of(new Constant(1L, BigintType.BIGINT)),
                List.of(), false, Optional.empty())), List.of())).isEmpty();
    }
}
