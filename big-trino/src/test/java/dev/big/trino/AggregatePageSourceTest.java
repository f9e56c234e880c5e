package dev.big.trino;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Row;
import dev.big.db.Snapshot;
import dev.big.db.TableDef;
import io.trino.spi.StandardErrorCode;
import io.trino.spi.TrinoException;
import io.trino.spi.block.Block;
import io.trino.spi.connector.ColumnHandle;
import io.trino.spi.connector.SortOrder;
import io.trino.spi.type.BigintType;
import io.trino.spi.type.VarcharType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** The one split of a pushed aggregation, read on this JVM over two files (no cluster): edge cases the cluster's data has not. */
final class AggregatePageSourceTest {

    private static final Path DIR = Path.of("target", "aggregate-page-source").toAbsolutePath();
    private static final BigColumnHandle VALUE = new BigColumnHandle("value", ColumnKind.INT, 0);
    private static final BigColumnHandle KIND = new BigColumnHandle("kind", ColumnKind.KEYED, 0);

    private OpenFiles files;
    private final List<Snapshot> pins = new ArrayList<>();

    @BeforeEach
    void files() throws Exception {
        EventFiles.deleteTree(DIR);
        Files.createDirectories(DIR);
        // a.big has the group-by field; b.big's table lacks it, so its records are in the null group
        try (Db a = Db.create(DIR.resolve("a.big"), List.of(TableDef.of("t", FieldDef.intField("value"), FieldDef.keyed("kind"))))) {
            a.bulkLoad("t", List.of(Row.of("value", Long.MAX_VALUE / 2, "kind", "x"), Row.of("value", 5L, "kind", "y"),
                    Row.of("kind", "x")));
        }
        try (Db b = Db.create(DIR.resolve("b.big"), List.of(TableDef.of("t", FieldDef.intField("value"))))) {
            b.bulkLoad("t", List.of(Row.of("value", Long.MAX_VALUE / 2), Row.of("value", 7L)));
        }
        files = new OpenFiles(DIR);
    }

    @AfterEach
    void close() {
        pins.forEach(Snapshot::close);
        files.close();
    }

    private BigAggregateSplit split(String... names) {
        List<BigAggregateSplit.Part> parts = new ArrayList<>();
        for (String name : names) {
            Snapshot pinned = files.db(name).read(); // the coordinator's pin, held until the query ends
            pins.add(pinned);
            parts.add(new BigAggregateSplit.Part(name, pinned.commit()));
        }
        return new BigAggregateSplit(parts);
    }

    private static BigAggregateColumn aggregate(int index, BigAggregateColumn.Function function, BigColumnHandle argument) {
        return new BigAggregateColumn("a" + index, function, argument);
    }

    /** The rows of the split's one page, values as Long, String or null. */
    private List<List<Object>> rows(BigTableHandle table, BigAggregateSplit split) {
        List<ColumnHandle> columns = table.aggregation().resultColumns();
        AggregatePageSource source = new AggregatePageSource(files, split, table, columns);
        var page = source.getNextSourcePage().getPage();
        assertThat(source.getNextSourcePage()).isNull();
        List<List<Object>> rows = new ArrayList<>();
        for (int p = 0; p < page.getPositionCount(); p++) {
            List<Object> row = new ArrayList<>();
            for (int c = 0; c < columns.size(); c++) {
                Block block = page.getBlock(c);
                row.add(block.isNull(p) ? null : columns.get(c) == KIND ? VarcharType.VARCHAR.getSlice(block, p).toStringUtf8()
                        : (Object) BigintType.BIGINT.getLong(block, p));
            }
            rows.add(row);
        }
        return rows;
    }

    @Test
    void aSumBeyondBigintFailsAsTrinosOwnSumDoes() {
        BigTableHandle table = BigTableHandle.of("t").withAggregation(PushedAggregation.of(null,
                List.of(aggregate(0, BigAggregateColumn.Function.SUM, VALUE))));
        TrinoException overflow = catchThrowableOfType(TrinoException.class, () -> rows(table, split("a.big", "b.big")));
        assertThat(overflow.getErrorCode()).isEqualTo(StandardErrorCode.NUMERIC_VALUE_OUT_OF_RANGE.toErrorCode());
        assertThat(overflow.getMessage()).contains("bigint addition overflow", "sum(value)", "big table t");
        // within one file the sum fits
        assertThat(rows(table, split("b.big"))).containsExactly(List.of(Long.MAX_VALUE / 2 + 7));
    }

    @Test
    void aGlobalAggregationOverNoRecordsIsOneRowAndAGroupedOneIsNone() {
        List<BigAggregateColumn> aggregates = List.of(aggregate(0, BigAggregateColumn.Function.COUNT_ALL, null),
                aggregate(1, BigAggregateColumn.Function.SUM, VALUE), aggregate(2, BigAggregateColumn.Function.MAX, VALUE));
        BigTableHandle none = BigTableHandle.of("t").withFilter(PushedFilter.compare("gt", VALUE, "9000000000000000000"));
        assertThat(rows(none.withAggregation(PushedAggregation.of(null, aggregates)), split("a.big", "b.big")))
                .containsExactly(Arrays.asList(0L, null, null));
        assertThat(rows(none.withAggregation(PushedAggregation.of(KIND, aggregates)), split("a.big", "b.big"))).isEmpty();
        assertThat(rows(BigTableHandle.of("t").withAggregation(PushedAggregation.of(null, aggregates)), split()))
                .containsExactly(Arrays.asList(0L, null, null));
    }

    @Test
    void filesWhoseTableLacksAFieldCountItsRecordsAsNull() {
        List<BigAggregateColumn> aggregates = List.of(aggregate(0, BigAggregateColumn.Function.COUNT_ALL, null),
                aggregate(1, BigAggregateColumn.Function.COUNT, KIND), aggregate(2, BigAggregateColumn.Function.COUNT, VALUE),
                aggregate(3, BigAggregateColumn.Function.MIN, VALUE));
        BigTableHandle table = BigTableHandle.of("t").withAggregation(PushedAggregation.of(KIND, aggregates));
        Map<Object, List<Object>> byKind = new HashMap<>();
        for (List<Object> row : rows(table, split("a.big", "b.big"))) {
            byKind.put(row.getFirst(), row.subList(1, row.size()));
        }
        assertThat(byKind).containsOnly(
                Map.entry("x", Arrays.asList(2L, 2L, 1L, Long.MAX_VALUE / 2)),
                Map.entry("y", Arrays.asList(1L, 1L, 1L, 5L)),
                new java.util.AbstractMap.SimpleEntry<>(null, Arrays.asList(2L, 0L, 2L, 7L)));
        // ungrouped, count(kind) counts only a.big's values
        BigTableHandle global = BigTableHandle.of("t").withAggregation(PushedAggregation.of(null, aggregates));
        assertThat(rows(global, split("a.big", "b.big"))).containsExactly(List.of(5L, 3L, 4L, 5L));
    }

    @Test
    void groupsComeInTheOrderAndNumberPushedWithThem() {
        List<BigAggregateColumn> aggregates = List.of(aggregate(0, BigAggregateColumn.Function.COUNT_ALL, null),
                aggregate(1, BigAggregateColumn.Function.MIN, VALUE));
        PushedAggregation byKind = PushedAggregation.of(KIND, aggregates);
        // groups: x (2 records, min MAX/2), y (1, min 5), null (2, min 7)
        BigTableHandle table = BigTableHandle.of("t");
        var keyNullsFirst = List.of(new PushedAggregation.Ordering(0, SortOrder.ASC_NULLS_FIRST));
        assertThat(rows(table.withAggregation(byKind.withTopN(keyNullsFirst, 10)), split("a.big", "b.big")))
                .containsExactly(Arrays.asList(null, 2L, 7L), List.of("x", 2L, Long.MAX_VALUE / 2), List.of("y", 1L, 5L));
        var countDescThenKeyDesc = List.of(new PushedAggregation.Ordering(1, SortOrder.DESC_NULLS_LAST),
                new PushedAggregation.Ordering(0, SortOrder.DESC_NULLS_LAST));
        assertThat(rows(table.withAggregation(byKind.withTopN(countDescThenKeyDesc, 2)), split("a.big", "b.big")))
                .containsExactly(List.of("x", 2L, Long.MAX_VALUE / 2), Arrays.asList(null, 2L, 7L));
        var minAscNullsLast = List.of(new PushedAggregation.Ordering(2, SortOrder.ASC_NULLS_LAST));
        assertThat(rows(table.withAggregation(byKind.withTopN(minAscNullsLast, 1)), split("a.big", "b.big")))
                .containsExactly(List.of("y", 1L, 5L));
        assertThat(rows(table.withAggregation(byKind.withTopN(List.of(), 2)), split("a.big", "b.big"))).hasSize(2);
        assertThat(rows(table.withAggregation(byKind.withTopN(List.of(), 0)), split("a.big", "b.big"))).isEmpty();
    }

    @Test
    void filesAddUpInTheOrderTheirGroupsComeIn() {
        // Without an order pushed, the groups come as the files give them, one file after another.
        List<BigAggregateColumn> counts = List.of(aggregate(0, BigAggregateColumn.Function.COUNT_ALL, null),
                aggregate(1, BigAggregateColumn.Function.COUNT, VALUE));
        BigTableHandle byKind = BigTableHandle.of("t").withAggregation(PushedAggregation.of(KIND, counts));
        assertThat(rows(byKind, split("a.big", "b.big")))
                .containsExactly(List.of("x", 2L, 1L), List.of("y", 1L, 1L), Arrays.asList(null, 2L, 2L));
        assertThat(rows(byKind, split("b.big", "a.big")))
                .containsExactly(Arrays.asList(null, 2L, 2L), List.of("x", 2L, 1L), List.of("y", 1L, 1L));
        BigTableHandle filtered = BigTableHandle.of("t").withFilter(PushedFilter.compare("ge", VALUE, "6"))
                .withAggregation(PushedAggregation.of(null, counts));
        assertThat(rows(filtered, split("a.big", "b.big", "a.big"))).containsExactly(List.of(4L, 4L));
    }

    @Test
    void aFileThatCannotBeReadFailsTheQueryNamingIt() {
        BigAggregateSplit.Part a = split("a.big").parts().getFirst();
        BigAggregateSplit split = new BigAggregateSplit(List.of(a, new BigAggregateSplit.Part("gone.big", a.commit()), a));
        BigTableHandle table = BigTableHandle.of("t").withAggregation(PushedAggregation.of(null,
                List.of(aggregate(0, BigAggregateColumn.Function.COUNT_ALL, null))));
        TrinoException failure = catchThrowableOfType(TrinoException.class, () -> rows(table, split));
        assertThat(failure.getMessage()).contains("gone.big");
    }
}
