package dev.big.trino;

import dev.big.db.TimeTruncation;
import io.trino.spi.connector.AggregateFunction;
import io.trino.spi.predicate.Domain;
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
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
    void meansAndTimeBucketsAreTaken() {
        var mean = push(List.of(call("avg", DoubleType.DOUBLE, VALUE)), List.of(TYPE)).orElseThrow();
        assertThat(mean.aggregates()).extracting(BigAggregateColumn::function).containsExactly(BigAggregateColumn.Function.AVG);
        assertThat(mean.aggregates().getFirst().type()).isEqualTo(DoubleType.DOUBLE);
        BigColumnHandle month = AT.truncatedTo(TimeTruncation.MONTH);
        var buckets = push(List.of(call("count", BigintType.BIGINT), call("sum", BigintType.BIGINT, VALUE), call("avg", DoubleType.DOUBLE, VALUE),
                call("count", BigintType.BIGINT, VALUE), call("max", AT.type(), AT)), List.of(month)).orElseThrow();
        assertThat(buckets.groupBy()).isEqualTo(month);
        assertThat(buckets.groupBy()).isNotEqualTo(AT);
        // per time bucket big computes only what the bit planes of int and timestamp columns give
        assertThat(push(List.of(call("count", BigintType.BIGINT, TYPE)), List.of(month))).isEmpty();
        assertThat(push(List.of(call("count", BigintType.BIGINT, OK)), List.of(month))).isEmpty();
        assertThatThrownBy(() -> VALUE.truncatedTo(TimeTruncation.DAY)).isInstanceOf(IllegalArgumentException.class);
        // big filters stored values: a domain of truncated ones is left to Trino
        assertThat(FilterTranslator.domain(month, Domain.singleValue(month.type(), 1_700_000_000_000_000L))).isEmpty();
        assertThat(FilterTranslator.domain(AT, Domain.singleValue(AT.type(), 1_700_000_000_000_000L))).isPresent();
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
        assertThat(push(List.of(call("avg", DoubleType.DOUBLE, AT)), List.of())).isEmpty();
        assertThat(push(List.of(call("avg", PRICE.type(), PRICE)), List.of())).isEmpty();
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

    @Test
    void limitsAndTopNOverPushedGroupsAreTakenWholeWhenTheyKeepTheirMeaning() {
        BigMetadata metadata = new BigMetadata(null, new BigConfig("c", java.nio.file.Path.of("."), BigConfig.Placement.SHARED, true, BigConfig.DEFAULT_SPLIT_RECORDS));
        BigAggregateColumn count = new BigAggregateColumn("big_aggregate_0", BigAggregateColumn.Function.COUNT_ALL, null);
        BigTableHandle grouped = BigTableHandle.of("t").withAggregation(PushedAggregation.of(TYPE, List.of(count)));
        Map<String, ColumnHandle> assignments = Map.of("type", TYPE, "n", count, "value", VALUE);
        List<SortItem> byCountDesc = List.of(new SortItem("n", SortOrder.DESC_NULLS_LAST));
        List<SortItem> byType = List.of(new SortItem("type", SortOrder.ASC_NULLS_FIRST));

        var top = metadata.applyTopN(null, grouped, 5, byCountDesc, assignments).orElseThrow();
        assertThat(top.isTopNGuaranteed()).isTrue();
        PushedAggregation cut = ((BigTableHandle) top.getHandle()).aggregation();
        assertThat(cut.orderBy()).containsExactly(new PushedAggregation.Ordering(1, SortOrder.DESC_NULLS_LAST));
        assertThat(cut.limit()).isEqualTo(5);
        // the same top-n again, or a looser one: nothing new
        assertThat(metadata.applyTopN(null, top.getHandle(), 5, byCountDesc, assignments)).isEmpty();
        assertThat(metadata.applyLimit(null, top.getHandle(), 9)).isEmpty();
        // a tighter limit keeps the order
        var tighter = metadata.applyLimit(null, top.getHandle(), 2).orElseThrow();
        assertThat(tighter.isLimitGuaranteed()).isTrue();
        assertThat(((BigTableHandle) tighter.getHandle()).aggregation()).isEqualTo(cut.withTopN(cut.orderBy(), 2));
        // another order over groups already cut is Trino's: it sorts the groups kept
        assertThat(metadata.applyTopN(null, top.getHandle(), 2, byType, assignments)).isEmpty();
        var any = metadata.applyLimit(null, grouped, 3).orElseThrow();
        assertThat(((BigTableHandle) any.getHandle()).aggregation().orderBy()).isEmpty();
        assertThat(metadata.applyTopN(null, any.getHandle(), 2, byCountDesc, assignments)).isEmpty();
        // an order by a column that is not a result of the aggregation
        assertThat(metadata.applyTopN(null, grouped, 2, List.of(new SortItem("value", SortOrder.ASC_NULLS_LAST)), assignments)).isEmpty();
    }
}
