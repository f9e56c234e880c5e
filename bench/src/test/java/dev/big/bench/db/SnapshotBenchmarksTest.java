package dev.big.bench.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.bench.campaign.LatencyShape;
import dev.big.bench.compare.BruteForcePeer;
import dev.big.bench.compare.PeerQuestion;
import dev.big.db.Row;
import dev.big.workload.Event;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToLongFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The {@code db} benchmarks compute the right answers: each runs on a small standard table and
 * is compared, call by call, with a brute-force scan of the same events asked the same questions.
 */
class SnapshotBenchmarksTest {

    static final long RECORDS = 20_000;
    static final int CALLS = 30;
    static StandardDb db;
    static BruteForcePeer reference;
    SnapshotQuestions questions;

    @BeforeAll
    static void open() {
        db = BenchmarkFixtures.standardDb(RECORDS);
        reference = BenchmarkFixtures.scanOf(RECORDS);
    }

    @AfterAll
    static void close() {
        db.close();
    }

    @BeforeEach
    void begin() {
        questions = new SnapshotQuestions();
        questions.open(db);
    }

    @AfterEach
    void end() {
        questions.close();
    }

    @Test
    void countGeCountsLikeAScan() {
        SnapshotCountBenchmark benchmark = new SnapshotCountBenchmark();
        checkCounts(LatencyShape.COUNT_GE, q -> benchmark.countGe(questions));
    }

    @Test
    void oneHourWindowCountsLikeAScan() {
        SnapshotCountBenchmark benchmark = new SnapshotCountBenchmark();
        checkCounts(LatencyShape.WINDOW_1H, q -> benchmark.oneHourWindow(questions));
    }

    @Test
    void typeWindowVerifiedCountsLikeAScan() {
        SnapshotCountBenchmark benchmark = new SnapshotCountBenchmark();
        checkCounts(LatencyShape.TYPE_WINDOW_VERIFIED, q -> benchmark.typeWindowVerified(questions));
    }

    @Test
    void oneTypeCountsLikeAScan() {
        SnapshotCountBenchmark benchmark = new SnapshotCountBenchmark();
        checkCounts(LatencyShape.ONE_TYPE, q -> benchmark.oneType(questions));
    }

    @Test
    void pointReadsReturnTheGeneratedValueAndRecord() {
        SnapshotReadBenchmark benchmark = new SnapshotReadBenchmark();
        List<PeerQuestion> ids = LatencyShape.POINT_READ_VALUE.questions(RECORDS);
        for (int i = 0; i < CALLS; i++) {
            long id = ids.get(i).longArg(0);
            assertEquals(reference.pointReadValue(id), (Long) benchmark.value(questions), "value of record " + id);
        }
        for (int i = CALLS; i < 2 * CALLS; i++) {
            checkRecord(ids.get(i).longArg(0), benchmark.record(questions));
        }
    }

    @Test
    void handleReadsReturnTheGeneratedValueAndRecord() {
        SnapshotReadBenchmark benchmark = new SnapshotReadBenchmark();
        List<PeerQuestion> ids = LatencyShape.POINT_READ_VALUE.questions(RECORDS);
        for (int i = 0; i < CALLS; i++) {
            long id = ids.get(i).longArg(0);
            assertEquals(reference.pointReadValue(id), benchmark.handleValue(questions), "value of record " + id);
        }
        for (int i = CALLS; i < 2 * CALLS; i++) {
            checkRecord(ids.get(i).longArg(0), benchmark.handleRecord(questions));
        }
    }

    /** Record {@code id} as read is the generated event. */
    private static void checkRecord(long id, Optional<Row> record) {
        Event expected = reference.byId(id);
        assertTrue(record.isPresent(), "record " + id + " exists");
        assertEquals(expected.value(), record.get().getLong("value"));
        assertEquals(expected.type(), record.get().getString("type"));
        assertEquals(expected.verified(), record.get().getBoolean("verified"));
        assertEquals(expected.receivedAt(), record.get().getInstant("received_at").toEpochMilli());
        assertEquals(expected.size(), record.get().getLong("size"));
        assertEquals(expected.tags().isEmpty() ? null : Set.copyOf(expected.tags()), record.get().getSet("tags"));
    }

    /** The benchmark's first calls answer the shape's first questions like the scan, and not all with 0. */
    private void checkCounts(LatencyShape shape, ToLongFunction<PeerQuestion> benchmark) {
        List<PeerQuestion> sequence = shape.questions(RECORDS);
        long nonZero = 0;
        for (int i = 0; i < CALLS; i++) {
            PeerQuestion question = sequence.get(i);
            long expected = (Long) question.ask(reference);
            assertEquals(expected, benchmark.applyAsLong(question), question.text());
            nonZero += expected > 0 ? 1 : 0;
        }
        assertTrue(nonZero > CALLS / 2, shape + " mostly counts something: " + nonZero + " of " + CALLS);
    }
}
