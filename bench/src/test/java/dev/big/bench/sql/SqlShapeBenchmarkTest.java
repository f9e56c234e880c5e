package dev.big.bench.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.big.bench.campaign.LatencyShape;
import dev.big.bench.compare.BigSqlPeer;
import dev.big.bench.compare.BruteForcePeer;
import dev.big.bench.compare.PeerQuestion;
import dev.big.bench.db.BenchmarkFixtures;
import dev.big.bench.db.StandardDb;
import dev.big.db.sql.SqlResult;
import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link SqlShapeBenchmark} runs, for every shape, the statements whose answers equal a
 * brute-force scan's answers to the shape's questions, in the order the campaign asks them.
 */
class SqlShapeBenchmarkTest {

    static final long RECORDS = 20_000;
    static StandardDb db;
    static BruteForcePeer reference;

    @BeforeAll
    static void open() {
        db = BenchmarkFixtures.standardDb(RECORDS);
        reference = BenchmarkFixtures.scanOf(RECORDS);
    }

    @AfterAll
    static void close() {
        db.close();
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(LatencyShape.class)
    void everyStatementAnswersLikeAScan(LatencyShape shape) {
        SqlShapeBenchmark benchmark = new SqlShapeBenchmark();
        SqlStatements statements = new SqlStatements();
        statements.shape = shape.id();
        statements.build(db);
        for (int i = 0; i < 12; i++) {
            PeerQuestion question = statements.questions.get(i);
            SqlResult result = benchmark.run(db, statements);
            assertEquals(PeerQuestion.describe(question.ask(reference)),
                    PeerQuestion.describe(BigSqlPeer.answer(question, result)), shape + ": " + question);
        }
    }

    /** The benchmark's shapes are exactly the campaign's. */
    @Test
    void theParametersAreTheCampaignsShapes() throws NoSuchFieldException {
        String[] params = SqlStatements.class.getField("shape").getAnnotation(org.openjdk.jmh.annotations.Param.class).value();
        assertEquals(Arrays.stream(LatencyShape.values()).map(LatencyShape::id).toList(), Arrays.asList(params));
    }
}
