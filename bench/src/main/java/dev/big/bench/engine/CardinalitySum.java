package dev.big.bench.engine;

import dev.big.engine.tree.ContainerView;
import dev.big.engine.tree.ContainerVisitor;

/**
 * A scan visitor adding up container cardinalities: reads only what a leaf cell records, so a
 * scan's cost is the walk and the page verification, not the visitor. Reused to avoid allocating
 * a capturing lambda per scan.
 */
final class CardinalitySum implements ContainerVisitor {

    private long sum;
    private int containers;

    void reset() {
        sum = 0;
        containers = 0;
    }

    long sum() {
        return sum;
    }

    int containers() {
        return containers;
    }

    @Override
    public boolean visit(ContainerView view) {
        sum += view.cardinality();
        containers++;
        return true;
    }
}
