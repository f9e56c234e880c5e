package dev.big.engine.tree;

/** Receives containers in key order during a scan; the view is reused between calls. */
@FunctionalInterface
public interface ContainerVisitor {

    /** Returns false to stop the scan. */
    boolean visit(ContainerView view);
}
