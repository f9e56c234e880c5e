package dev.big.bench.campaign;

import dev.big.bench.compare.PeerEngines;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The ratios big / peer the report and the gate are about: for every metric of big (through SQL
 * and through the typed API) in a statistic worth comparing, divided by each peer's metric of the
 * same shape, statistic and record count, measured in the same run on the same data.
 */
final class Ratios {

    /** Statistics compared: median latency and its tail, throughput medians, sizes. */
    static final Set<String> STATS = Set.of("p50", "p99", "median", "one_run", "bytes_per_record");

    static List<Metric> of(List<Metric> metrics) {
        List<Metric> ratios = new ArrayList<>();
        for (Metric big : metrics) {
            if (!PeerEngines.BIG.contains(big.engine()) || !STATS.contains(big.stat())) {
                continue;
            }
            for (Metric peer : metrics) {
                if (PeerEngines.PEERS.contains(peer.engine()) && peer.shape().equals(big.shape())
                        && peer.stat().equals(big.stat()) && peer.records() == big.records()) {
                    ratios.add(Metric.ratio(big, peer));
                }
            }
        }
        return ratios;
    }

    private Ratios() {}
}
