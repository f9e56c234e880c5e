package dev.big.bench.campaign;

import dev.big.bench.BenchFiles;
import dev.big.bench.db.StandardTable;
import dev.big.db.Db;
import dev.big.db.Ingester;
import dev.big.db.Row;
import dev.big.page.PageClass;
import dev.big.pager.PageCounts;
import dev.big.pager.Pager;
import dev.big.workload.Event;
import dev.big.workload.IdLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Phase JVM: big's write amplification, measured on durable files under {@code target/}: the
 * first {@code amplificationRecords} events of the workload in each id layout (dense, sparse/64,
 * sparse/512), written through {@code ingest(1)}, {@code ingest(100)}, {@code ingest(1000)} and
 * {@code bulkLoad}. Pages written per class come from the store's counters; bytes written per
 * record = every page written x 8 KiB / records.
 *
 * <pre>--records N --budget quick --out out.json</pre>
 */
public final class AmplificationPhase {

    public static final List<String> LAYOUTS = List.of("dense", "sparse/64", "sparse/512");
    public static final List<String> MODES = List.of("batch 1", "batch 100", "batch 1000", "bulk");
    static final PageClass[] CLASSES = {PageClass.CATALOG, PageClass.ROOTS, PageClass.DATA, PageClass.BITMAP, PageClass.FREE, PageClass.META,
        PageClass.LOG};

    /** The labels of {@link #CLASSES}, in order, joined by {@code separator}: the columns of the pages written. */
    static String classLabels(String separator) {
        return String.join(separator, java.util.Arrays.stream(CLASSES).map(PageClass::label).toList());
    }

    public static void main(String[] args) {
        PhaseArgs arguments = new PhaseArgs(args);
        Budget budget = arguments.budget();
        int records = budget.amplificationRecords();
        PhaseOutput.Builder out = new PhaseOutput.Builder();
        for (String layout : LAYOUTS) {
            List<Event> events = new ArrayList<>(records);
            Workload.events(records, IdLayout.parse(layout)).forEach(events::add);
            for (String mode : MODES) {
                long start = System.nanoTime();
                PageCounts written = write(events, mode);
                double seconds = (System.nanoTime() - start) / 1e9;
                String cell = cellName(layout, mode);
                double bytesPerRecord = (double) written.totalWritten() * Pager.PAGE_SIZE_BYTES / records;
                out.metric(Metric.bytesPerRecord("amplification", cell, "bytes_written", bytesPerRecord, records));
                StringBuilder pages = new StringBuilder();
                for (PageClass cls : CLASSES) {
                    pages.append(pages.isEmpty() ? "" : " ").append(written.written(cls));
                }
                out.fact("amplification." + cell + ".pages", pages)
                        .fact("amplification." + cell + ".syncs", written.syncs())
                        .fact("amplification." + cell + ".seconds", String.format(Locale.ROOT, "%.2f", seconds));
                System.out.printf(Locale.ROOT, "%s %s: %,.0f bytes written per record (pages %s) in %.2f s%n",
                        layout, mode, bytesPerRecord, pages, seconds);
            }
        }
        out.build().write(arguments.path("out"));
    }

    /** The engine column of a cell: {@code big@dense/batch_100}. */
    static String cellName(String layout, String mode) {
        return "big@" + layout + "/" + mode.replace(' ', '_');
    }

    /** Pages written by writing {@code events} into a fresh durable database in {@code mode}. */
    private static PageCounts write(List<Event> events, String mode) {
        Path dir = BenchFiles.newDir("amplification");
        try (Db db = Db.create(dir.resolve("events.big"), List.of(StandardTable.DEF))) {
            PageCounts before = db.store().countsSinceOpen();
            if (mode.equals("bulk")) {
                List<Row> sorted = new ArrayList<>(events.stream().map(StandardTable::record).toList());
                sorted.sort((a, b) -> Long.compare(a.id().getAsLong(), b.id().getAsLong()));
                db.bulkLoad(StandardTable.NAME, sorted);
            } else {
                int capacity = Integer.parseInt(mode.substring("batch ".length()));
                try (Ingester ingester = db.ingest(capacity)) {
                    for (Event event : events) {
                        ingester.put(StandardTable.NAME, event.id(), StandardTable.record(event));
                    }
                }
            }
            db.store().checkpoint(); // what the write log held reaches the pages: its cost counts too
            PageCounts written = db.store().countsSinceOpen().minus(before);
            try (var snapshot = db.read()) {
                long count = snapshot.count(StandardTable.NAME);
                if (count != events.size()) {
                    throw new IllegalStateException(mode + " left " + count + " records, not " + events.size());
                }
            }
            return written;
        } finally {
            BenchFiles.deleteRecursively(dir);
        }
    }

    private AmplificationPhase() {}
}
