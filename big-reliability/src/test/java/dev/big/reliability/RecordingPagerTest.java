package dev.big.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.big.pager.MemoryPager;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.Test;

/**
 * The bit-rot battery learns which pages a query touches from {@link RecordingPager}, and a query
 * spreads its shards over helper threads: a page read on any of them and lost from the recording
 * makes the battery expect an answer from a query that reads damage (seen in CI: "aggregate(value)
 * touches no damaged page but failed" on a roots page it did read).
 */
class RecordingPagerTest {

    private static final int THREADS = 4;
    private static final int PAGES_PER_THREAD = 50_000;

    @Test
    void pagesReadOnSeveralThreadsAtOnceAreAllRecorded() throws Exception {
        MemoryPager memory = new MemoryPager();
        for (int i = 0; i < THREADS * PAGES_PER_THREAD; i++) {
            memory.allocate();
        }
        RecordingPager recorder = new RecordingPager(memory);
        CyclicBarrier start = new CyclicBarrier(THREADS);
        List<Thread> readers = new ArrayList<>();
        List<Throwable> failures = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int first = t;
            Thread reader = new Thread(() -> {
                try {
                    start.await();
                    // Interleaved page numbers, so every thread adds to the same containers of the recording.
                    for (int i = 0; i < PAGES_PER_THREAD; i++) {
                        recorder.read((long) i * THREADS + first);
                    }
                } catch (Throwable e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                }
            });
            reader.start();
            readers.add(reader);
        }
        for (Thread reader : readers) {
            reader.join();
        }
        assertEquals(List.of(), failures);
        assertEquals((long) THREADS * PAGES_PER_THREAD, recorder.takeRead().getLongCardinality());
    }
}
