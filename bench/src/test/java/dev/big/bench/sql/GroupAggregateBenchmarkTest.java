package dev.big.bench.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.big.bench.campaign.Workload;
import dev.big.bench.db.StandardDb;
import dev.big.db.sql.SqlResult;
import dev.big.workload.Event;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@link GroupAggregateBenchmark}'s statements answer what a scan of the events computes. */
class GroupAggregateBenchmarkTest {

    static final long RECORDS = 20_000;
    static StandardDb db;

    @BeforeAll
    static void open() {
        db = new StandardDb();
        db.records = RECORDS;
        db.open();
    }

    @AfterAll
    static void close() {
        db.close();
    }

    @Test
    void everyStatementAnswersLikeAScan() {
        Map<String, long[]> sizeByType = new TreeMap<>(); // sum, count of size
        Map<String, long[]> verifiedValue = new TreeMap<>(); // min, max of value where verified
        Map<String, long[]> sizeInRange = new TreeMap<>(); // sum, count of size where value in range
        for (Event e : Workload.events(RECORDS)) {
            long[] s = sizeByType.computeIfAbsent(e.type(), t -> new long[2]);
            s[0] += e.size();
            s[1]++;
            if (e.verified()) {
                long[] m = verifiedValue.computeIfAbsent(e.type(), t -> new long[] {Long.MAX_VALUE, Long.MIN_VALUE});
                m[0] = Math.min(m[0], e.value());
                m[1] = Math.max(m[1], e.value());
            }
            if (e.value() >= 100_000 && e.value() <= 400_000) {
                long[] r = sizeInRange.computeIfAbsent(e.type(), t -> new long[2]);
                r[0] += e.size();
                r[1]++;
            }
        }
        List<List<Object>> sums = new ArrayList<>();
        sizeByType.forEach((type, s) -> sums.add(List.of(type, BigInteger.valueOf(s[0]))));
        List<List<Object>> extremes = new ArrayList<>();
        verifiedValue.forEach((type, m) -> extremes.add(List.of(type, m[0], m[1])));
        List<List<Object>> averages = new ArrayList<>();
        sizeInRange.forEach((type, r) -> averages.add(List.of(type, (double) r[0] / r[1])));
        assertEquals(sums, sorted(run("sum_size_by_type")));
        assertEquals(extremes, sorted(run("min_max_value_by_type_verified")));
        List<List<Object>> got = sorted(run("avg_size_by_type_value_range"));
        assertEquals(averages.size(), got.size());
        for (int i = 0; i < got.size(); i++) {
            assertEquals(averages.get(i).get(0), got.get(i).get(0));
            assertEquals((Double) averages.get(i).get(1), (Double) got.get(i).get(1), 1e-9 * (Double) averages.get(i).get(1));
        }
    }

    private static SqlResult run(String statement) {
        GroupAggregateBenchmark benchmark = new GroupAggregateBenchmark();
        benchmark.statement = statement;
        return benchmark.run(db);
    }

    private static List<List<Object>> sorted(SqlResult result) {
        List<List<Object>> rows = new ArrayList<>(result.rows());
        rows.sort((a, b) -> ((String) a.get(0)).compareTo((String) b.get(0)));
        return rows;
    }
}
