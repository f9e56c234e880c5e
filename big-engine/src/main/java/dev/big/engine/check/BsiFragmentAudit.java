package dev.big.engine.check;

import dev.big.engine.bsi.BsiLayout;
import dev.big.engine.bsi.ZoneMap;
import dev.big.engine.coords.Coords;
import dev.big.page.BigException;
import java.util.ArrayList;
import java.util.List;
import org.roaringbitmap.Container;

/**
 * The invariants of one bit-sliced fragment that need no schema, checked while the page walk
 * visits its containers: the sign row and every magnitude plane lie inside the exists row, no
 * plane past the zone map's depth holds bits (reads never look there), no row past the last
 * plane exists, and the zone map counts, per container column, the records the exists row holds.
 *
 * <p>Container keys sort row-major ({@code row * 16 + column}), so the walk meets the 16 exists
 * containers before any other row and each later container is checked against its column's with
 * one container intersection: one pass over the fragment, no per-record work. The zone map's
 * minima and maxima need the field's base, which only the schema knows; the layer above checks
 * those ({@code dev.big.engine.bsi.ZoneMapCheck}).
 */
final class BsiFragmentAudit {

    private static final int ROWS = BsiLayout.FIRST_PLANE_ROW + BsiLayout.MAX_PLANES;

    private final long fragmentKey;
    private final long rootsPgno;
    private final ZoneMap zone;
    private final Container[] exists = new Container[ZoneMap.COLUMNS];
    private final List<StoreCheckReport.Problem> problems = new ArrayList<>();

    /** {@code rootsPgno}: the roots page whose entry holds the fragment's root and zone map. */
    BsiFragmentAudit(long fragmentKey, byte[] summary, long rootsPgno) {
        this.fragmentKey = fragmentKey;
        this.rootsPgno = rootsPgno;
        ZoneMap decoded;
        try {
            decoded = ZoneMap.decode(summary);
        } catch (BigException e) {
            problems.add(new StoreCheckReport.Problem(rootsPgno, "zone map", where() + ": the zone map cannot be read: "
                    + e.getMessage()));
            decoded = null;
        }
        this.zone = decoded;
    }

    private String where() {
        return "bit-sliced " + Checker.describeFragment(fragmentKey);
    }

    /** A container of the fragment, met in key order; {@code pgno} is the page holding it. */
    void visit(long pgno, long key, Container container) {
        long row = Coords.rowOfKey(key);
        int column = Coords.containerColumnOfKey(key);
        if (row == BsiLayout.EXISTS_ROW) {
            exists[column] = container;
            return;
        }
        String rowName = row == BsiLayout.SIGN_ROW ? "sign row" : "magnitude plane " + (row - BsiLayout.FIRST_PLANE_ROW);
        String at = where() + ", container column " + column + ": the " + rowName;
        if (row >= ROWS) {
            problems.add(new StoreCheckReport.Problem(pgno, "bit planes", where() + " has row " + row + " (container key " + key
                    + "), past its last possible plane (row " + (ROWS - 1) + ")"));
            return;
        }
        if (zone != null && row >= BsiLayout.FIRST_PLANE_ROW + zone.depth()) {
            problems.add(new StoreCheckReport.Problem(pgno, "bit planes", at + " holds " + container.getCardinality()
                    + " bits, but the zone map's depth is " + zone.depth() + " planes: reads ignore planes past the"
                    + " depth, so these records read other values than were written"));
        }
        Container existsColumn = exists[column];
        int outside = existsColumn == null ? container.getCardinality()
                : container.getCardinality() - container.andCardinality(existsColumn);
        if (outside > 0) {
            Container stray = existsColumn == null ? container : container.andNot(existsColumn);
            long first = Coords.recordId(Coords.shardOf(fragmentKey),
                    Coords.firstColumnOfKey(key) | stray.first());
            problems.add(new StoreCheckReport.Problem(pgno, "bit planes", at + " has " + outside + " bit(s) where the exists row"
                    + " has none (first: record " + first + "): sums and ranges count values of records that have none"));
        }
    }

    /** The problems found, once every container was visited: with the zone map's counts against the exists row. */
    List<StoreCheckReport.Problem> finish() {
        if (zone != null) {
            for (int column = 0; column < ZoneMap.COLUMNS; column++) {
                long held = exists[column] == null ? 0 : exists[column].getCardinality();
                if (zone.count(column) != held) {
                    problems.add(new StoreCheckReport.Problem(rootsPgno, "zone map", where() + ", container column " + column
                            + ": the zone map counts " + zone.count(column) + " values, the exists row holds " + held
                            + ": counts and ranges answered from the zone map are wrong"));
                }
            }
        }
        return problems;
    }
}
