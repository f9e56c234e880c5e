package dev.big.bench.db;

import dev.big.bench.BenchFiles;
import dev.big.bench.campaign.Workload;
import dev.big.db.Db;
import java.nio.file.Path;
import java.util.List;

/**
 * A database of the standard table holding the first {@code records} events of the campaign's
 * workload (seed {@link Workload#SEED}, dense ids), bulk-loaded once under the bench files
 * directory and reused by later forks and runs: loading 1,000,000 records takes longer than
 * measuring them.
 */
public final class StandardDbFile {

    /**
     * The file for {@code records} records, loading it if it does not exist yet; a table with
     * order indexes ({@link StandardTable#ORDER_INDEX_PROPERTY}) is a file of its own.
     */
    public static Path file(long records) {
        List<String> indexed = StandardTable.orderIndexed();
        String name = "standard-" + records + "-" + Workload.SEED
                + (indexed.isEmpty() ? "" : "-order-" + String.join("-", indexed)) + ".big";
        return BenchFiles.buildOnce(name, building -> {
            try (Db db = Db.create(building, List.of(StandardTable.DEF))) {
                db.bulkLoad(StandardTable.NAME, StandardTable.records(Workload.events(records)));
            }
        });
    }

    private StandardDbFile() {}
}
