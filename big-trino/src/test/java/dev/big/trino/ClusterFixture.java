package dev.big.trino;

import dev.big.db.Db;
import io.trino.Session;
import io.trino.plugin.memory.MemoryPlugin;
import io.trino.plugin.tpch.TpchPlugin;
import io.trino.server.testing.TestingTrinoServer;
import io.trino.testing.DistributedQueryRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import static io.trino.testing.TestingSession.testSessionBuilder;

/**
 * A 3-node Trino cluster (coordinator + 2 workers, talking HTTP, splits and handles crossing as
 * JSON) with catalogs {@code big} (shared placement over {@link EventFiles}), {@code big_local}
 * (local placement: each node's directory holds one of the files), {@code big_live} (one file a
 * test writes to while queries run), {@code memory} and {@code tpch}. Files under {@code target/}.
 */
final class ClusterFixture {

    static final Path DATA = Path.of("target", "trino-data").toAbsolutePath();
    static final Path SHARED = DATA.resolve("shared");
    static final Path LOCAL = DATA.resolve("local");
    static final Path LIVE = DATA.resolve("live");
    static final String LIVE_FILE = "live.big";

    private ClusterFixture() {}

    static DistributedQueryRunner start(EventFiles files) throws Exception {
        files.write(SHARED);
        EventFiles.deleteTree(LOCAL);
        EventFiles.deleteTree(LIVE);
        Files.createDirectories(LIVE);
        try (Db live = Db.create(LIVE.resolve(LIVE_FILE), List.of(EventFiles.EVENTS))) {
            live.bulkLoad("events", files.rows.stream().filter(r -> r.file().equals(EventFiles.FILES.getFirst()))
                    .map(r -> dev.big.db.Row.of("value", r.value(), "size", r.size())).toList());
        }
        Session session = testSessionBuilder().setCatalog("big").setSchema("default").build();
        DistributedQueryRunner runner = DistributedQueryRunner.builder(session).setWorkerCount(2).build();
        try {
            List<TestingTrinoServer> servers = runner.getServers().stream()
                    .sorted(Comparator.comparing(s -> s.getCurrentNode().getNodeIdentifier())).toList();
            for (int f = 0; f < EventFiles.FILES.size(); f++) {
                Path nodeDir = LOCAL.resolve(servers.get(f % servers.size()).getCurrentNode().getNodeIdentifier());
                Files.createDirectories(nodeDir);
                Files.copy(SHARED.resolve(EventFiles.FILES.get(f)), nodeDir.resolve(EventFiles.FILES.get(f)), StandardCopyOption.REPLACE_EXISTING);
            }
            runner.installPlugin(new BigPlugin());
            // A split per container column (big.split-records=1): the small files still make several
            // splits each, so the tests see splits spread over nodes, pruned and read at one commit.
            runner.createCatalog("big", "big", Map.of(BigConfig.DATA_DIR, SHARED.toString(), BigConfig.SPLIT_RECORDS, "1"));
            runner.createCatalog("big_local", "big", Map.of(BigConfig.DATA_DIR, LOCAL.toString(), BigConfig.SPLIT_PLACEMENT, "local",
                    BigConfig.SPLIT_RECORDS, "1"));
            runner.createCatalog("big_live", "big", Map.of(BigConfig.DATA_DIR, LIVE.toString(), BigConfig.SPLIT_RECORDS, "1"));
            runner.installPlugin(new TpchPlugin());
            runner.createCatalog("tpch", "tpch", Map.of());
            runner.installPlugin(new MemoryPlugin());
            runner.createCatalog("memory", "memory", Map.of());
            return runner;
        } catch (Exception | Error e) {
            runner.close();
            throw e;
        }
    }
}
