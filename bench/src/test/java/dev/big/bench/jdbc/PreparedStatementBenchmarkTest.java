package dev.big.bench.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.bench.campaign.LatencyShape;
import dev.big.bench.compare.BruteForcePeer;
import dev.big.bench.compare.PeerQuestion;
import dev.big.bench.db.BenchmarkFixtures;
import dev.big.bench.db.StandardDb;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The prepared-statement benchmarks answer what a scan of the same events answers, question by question. */
class PreparedStatementBenchmarkTest {

    private static final long RECORDS = 20_000;
    private static final int CALLS = 30;

    @Test
    void preparedPointReadsAndCountsAnswerLikeAScan() throws SQLException {
        StandardDb db = BenchmarkFixtures.standardDb(RECORDS);
        BruteForcePeer reference = BenchmarkFixtures.scanOf(RECORDS);
        PreparedStatementBenchmark.Statements statements = new PreparedStatementBenchmark.Statements();
        PreparedStatementBenchmark benchmark = new PreparedStatementBenchmark();
        try {
            statements.prepare(db);
            List<PeerQuestion> ids = LatencyShape.POINT_READ_VALUE.questions(RECORDS);
            for (int i = 0; i < CALLS; i++) {
                long id = ids.get(i).longArg(0);
                assertEquals(reference.pointReadValue(id), benchmark.pointRead(statements), "value of record " + id);
            }
            List<PeerQuestion> types = LatencyShape.ONE_TYPE.questions(RECORDS);
            long nonZero = 0;
            for (int i = 0; i < CALLS; i++) {
                long expected = (Long) types.get(i).ask(reference);
                assertEquals(expected, benchmark.typeCount(statements), types.get(i).text());
                nonZero += expected > 0 ? 1 : 0;
            }
            assertTrue(nonZero > CALLS / 2, "the counts mostly count something");
        } finally {
            statements.close();
            db.close();
        }
    }
}
