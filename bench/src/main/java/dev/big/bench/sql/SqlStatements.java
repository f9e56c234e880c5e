package dev.big.bench.sql;

import dev.big.bench.campaign.LatencyShape;
import dev.big.bench.compare.BigSqlPeer;
import dev.big.bench.compare.PeerQuestion;
import dev.big.bench.db.StandardDb;
import java.util.List;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One thread's statements of one query shape: the campaign's question sequence of the shape
 * ({@link LatencyShape}), as the SQL text big's SQL engine runs for each ({@link BigSqlPeer#statement}),
 * built once so the benchmark times {@code Db.sql} alone.
 */
@State(Scope.Thread)
public class SqlStatements {

    @Param({"point_read_value", "point_read_record", "count_ge", "window_1h", "type_window_verified", "verified_false",
            "one_type", "sum_size_one_type", "group_by_type", "latest_50", "page_after_cursor", "per_hour_of_a_day", "per_month",
            "per_type_verified", "per_type_hour_of_day", "sum_size_per_type", "top10_by_value", "top10_by_time_of_type",
            "value_histogram", "median_size_of_type", "value_p99", "value_median", "distinct_values_1h"})
    public String shape;

    List<PeerQuestion> questions;
    String[] statements;
    int next;

    @Setup(Level.Trial)
    public void build(StandardDb db) {
        questions = LatencyShape.ofId(shape).questions(db.records);
        statements = questions.stream().map(BigSqlPeer::statement).toArray(String[]::new);
    }

    String nextStatement() {
        String statement = statements[next];
        next = (next + 1) % statements.length;
        return statement;
    }
}
