package dev.big.engine;

/** Receives the cells of a {@link Fragment} scan in key order; the cell is reused between calls. */
@FunctionalInterface
public interface CellVisitor {

    /** Returns false to stop the scan. */
    boolean visit(Cell cell);
}
