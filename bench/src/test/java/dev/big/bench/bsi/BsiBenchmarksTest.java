package dev.big.bench.bsi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.engine.bsi.RangePredicate;
import dev.big.workload.Event;
import dev.big.workload.EventGenerator;
import dev.big.workload.IdLayout;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every BSI benchmark computes the right answer: its setup and method run once on a small
 * dataset and are compared with the generated events counted in plain Java.
 */
class BsiBenchmarksTest {

    static final long RECORDS = 200_000;
    static BsiFile file;
    static BsiThread thread;
    static List<Event> events = new ArrayList<>();

    @BeforeAll
    static void open() {
        file = new BsiFile();
        file.records = RECORDS;
        file.depthFields = true;
        file.open();
        thread = new BsiThread();
        thread.open(file);
        new EventGenerator(BsiDataset.SEED, RECORDS, new IdLayout.Dense()).forEach(events::add);
    }

    @AfterAll
    static void close() {
        thread.close();
        file.close();
    }

    @Test
    void pointReadReturnsTheGeneratedValue() {
        for (int i = 0; i < 1_000; i++) {
            long id = thread.ids[thread.next & (BsiThread.IDS - 1)];
            assertEquals(events.get((int) id).value(), PointReadBenchmark.read(thread), "value of record " + id);
        }
    }

    @Test
    void countGeCountsTheRecordsAtOrAboveTheThreshold() {
        CountGeBenchmark benchmark = new CountGeBenchmark();
        CountGeBenchmark.Thresholds thresholds = new CountGeBenchmark.Thresholds();
        thresholds.seed = 42;
        thresholds.draw();
        for (int i = 0; i < 20; i++) {
            long t = thresholds.values[thresholds.next & 1023];
            long expected = events.stream().filter(e -> e.value() >= t).count();
            assertEquals(expected, benchmark.countGe(thread, thresholds), "count(value >= " + t + ")");
        }
    }

    @Test
    void oneHourWindowCountsTheRecordsInside() {
        TimeWindowBenchmark benchmark = new TimeWindowBenchmark();
        for (int i = 0; i < 20; i++) {
            long id = thread.ids[thread.next & (BsiThread.IDS - 1)];
            long start = TimeWindowBenchmark.windowStart(id, RECORDS);
            long expected = events.stream()
                    .filter(e -> e.receivedAt() >= start && e.receivedAt() <= start + TimeWindowBenchmark.HOUR_MILLIS).count();
            assertEquals(expected, benchmark.oneHourWindow(thread), "window from " + start);
            assertTrue(expected > 3_000, "a one-hour window holds about 3,600 events, got " + expected);
        }
    }

    @Test
    void planeCostReadsAndCountsEachDepth() {
        PlaneCostBenchmark benchmark = new PlaneCostBenchmark();
        for (int depth : BsiDataset.DEPTHS) {
            PlaneCostBenchmark.DepthReader reader = new PlaneCostBenchmark.DepthReader();
            reader.depth = depth;
            PlaneCostBenchmark.DepthFile depthFile = new PlaneCostBenchmark.DepthFile();
            depthFile.store = file.store;
            depthFile.records = RECORDS;
            reader.open(depthFile);
            long id = reader.ids[reader.next & (reader.ids.length - 1)];
            assertEquals(BsiDataset.depthValue(id, depth), benchmark.pointRead(reader), "depth " + depth + " record " + id);
            for (int call = 0; call < 3; call++) {
                long threshold = reader.thresholds[reader.nextThreshold & (reader.thresholds.length - 1)];
                assertTrue(threshold >= 0 && threshold < 1L << depth, "threshold " + threshold + " fits " + depth + " bits");
                long expected = events.stream().filter(e -> BsiDataset.depthValue(e.id(), depth) >= threshold).count();
                assertEquals(expected, benchmark.countGe(reader), "depth " + depth + " count >= " + threshold);
                assertEquals(expected, reader.reader.count(RangePredicate.of(RangePredicate.Op.GE, threshold)));
            }
            reader.close();
        }
    }
}
