package dev.big.cli;

import java.time.ZoneId;
import java.util.Objects;

/**
 * How {@code big load} reads its input files, the same for every file of one load.
 *
 * @param localZone the zone of timestamps written without {@code Z} or an offset (UTC unless
 *     {@code --timezone} names another; see {@link Timestamps})
 */
record ReadOptions(ZoneId localZone) {

    ReadOptions {
        Objects.requireNonNull(localZone, "localZone");
    }
}
