package dev.big.bench.campaign;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The order engines take turns in, round {@code round}: the list rotated by the round, so no engine always goes first. */
final class Rotation {

    static List<String> of(List<String> engines, int round) {
        List<String> order = new ArrayList<>(engines);
        if (!order.isEmpty()) {
            Collections.rotate(order, -(round % order.size()));
        }
        return order;
    }

    private Rotation() {}
}
