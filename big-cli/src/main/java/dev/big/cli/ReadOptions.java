package dev.big.cli;

import java.time.ZoneId;
import java.util.Objects;

/**
 * How {@code big load} reads its input files, the same for every file of one load.
 *
 * @param localZone the zone of timestamps written without {@code Z} or an offset (UTC unless
 *     {@code --timezone} names another; see {@link Timestamps})
 * @param delimiter the character between CSV fields ({@code --delimiter}; a comma by default)
 * @param ignoreUnknown whether columns (CSV) or keys (JSONL) naming no field of the table are
 *     skipped ({@code --ignore-unknown}) rather than refused
 */
record ReadOptions(ZoneId localZone, char delimiter, boolean ignoreUnknown) {

    ReadOptions {
        Objects.requireNonNull(localZone, "localZone");
    }
}
