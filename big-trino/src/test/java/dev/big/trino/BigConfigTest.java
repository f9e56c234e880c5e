package dev.big.trino;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A catalog file's properties: defaults, and refusals that name the catalog and say what to set. */
final class BigConfigTest {

    private static final Path DIR = Path.of("target", "big-config").toAbsolutePath();

    @Test
    void defaultsAndEveryProperty() throws Exception {
        Files.createDirectories(DIR);
        BigConfig defaults = BigConfig.of("c", Map.of(BigConfig.DATA_DIR, DIR.toString()));
        assertThat(defaults.placement()).isEqualTo(BigConfig.Placement.SHARED);
        assertThat(defaults.aggregationPushdown()).isTrue();
        assertThat(defaults.splitRecords()).isEqualTo(BigConfig.DEFAULT_SPLIT_RECORDS);
        BigConfig set = BigConfig.of("c", Map.of(BigConfig.DATA_DIR, DIR.toString(), BigConfig.SPLIT_PLACEMENT, "Local",
                BigConfig.AGGREGATION_PUSHDOWN, "FALSE", BigConfig.SPLIT_RECORDS, "1"));
        assertThat(set.placement()).isEqualTo(BigConfig.Placement.LOCAL);
        assertThat(set.aggregationPushdown()).isFalse();
        assertThat(set.splitRecords()).isEqualTo(1);
    }

    @Test
    void refusals() throws Exception {
        Files.createDirectories(DIR);
        String dir = DIR.toString();
        assertThatThrownBy(() -> BigConfig.of("c", Map.of(BigConfig.DATA_DIR, dir, "big.data_dir", dir)))
                .hasMessageContaining("catalog 'c'").hasMessageContaining("unknown property [big.data_dir]")
                .hasMessageContaining(BigConfig.AGGREGATION_PUSHDOWN);
        assertThatThrownBy(() -> BigConfig.of("c", Map.of())).hasMessageContaining(BigConfig.DATA_DIR + " is required");
        assertThatThrownBy(() -> BigConfig.of("c", Map.of(BigConfig.DATA_DIR, DIR.resolve("missing").toString())))
                .hasMessageContaining("is not a directory");
        assertThatThrownBy(() -> BigConfig.of("c", Map.of(BigConfig.DATA_DIR, dir, BigConfig.SPLIT_PLACEMENT, "everywhere")))
                .hasMessageContaining("everywhere is not a placement");
        assertThatThrownBy(() -> BigConfig.of("c", Map.of(BigConfig.DATA_DIR, dir, BigConfig.AGGREGATION_PUSHDOWN, "yes")))
                .hasMessageContaining(BigConfig.AGGREGATION_PUSHDOWN + "=yes is not true or false");
        for (String records : new String[] {"0", "-5", "many"}) {
            assertThatThrownBy(() -> BigConfig.of("c", Map.of(BigConfig.DATA_DIR, dir, BigConfig.SPLIT_RECORDS, records)))
                    .hasMessageContaining(BigConfig.SPLIT_RECORDS + "=" + records + " is not a positive number of records");
        }
    }
}
