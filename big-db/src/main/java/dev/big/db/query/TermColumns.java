package dev.big.db.query;

import dev.big.db.Filter;
import dev.big.engine.bsi.ZoneVerdict;

/**
 * What one term of a filter says about the container columns (65,536 ids each) of one shard
 * before any record is read ({@link ColumnPruning} decides it): how it decides, the container
 * columns where it can match (bit c is container column c), and for a term its field's zone map
 * decides, that verdict.
 *
 * @param zones the zone map's say, for {@link By#RANGE} and {@link By#VALUES}; null otherwise
 */
public record TermColumns(Filter term, By by, int containerColumns, Zones zones) {

    /** How a term rules container columns out. */
    public enum By {
        /** An integer comparison (one range of stored numbers): its field's zone map, then plane scans of the container columns it leaves. */
        RANGE,
        /** An integer IN list: its field's zone map against the list's smallest to largest value, then a plane scan per value. */
        VALUES,
        /** A comparison or IN list of the record id: arithmetic on the ids. */
        ID_RANGE,
        /** Any other term: it may match in every container column. */
        NONE
    }

    /**
     * A zone map's say on a term in one shard.
     *
     * @param verdict    per container column: skipped, counted whole, scanned, or without values
     * @param wholeCount how many records match in the container columns counted whole (for {@link By#RANGE})
     * @param depth      the most magnitude planes a scanned container column holds values in (0 when none is scanned)
     * @param planes     those planes added up over the scanned container columns
     */
    public record Zones(ZoneVerdict verdict, long wholeCount, int depth, int planes) {}
}
