package dev.big.trino;

import dev.big.db.ShardScan;
import dev.big.db.Snapshot;
import dev.big.db.TableDef;
import dev.big.engine.bsi.ZoneMap;
import dev.big.engine.coords.Coords;
import java.util.ArrayList;
import java.util.List;

/**
 * What the top-level conjuncts of a pushed filter say about where matches can be, checked before
 * any record is read: an id range rules out shards and container columns by arithmetic, an
 * integer or timestamp range by the field's zone map (count, min and max per container column,
 * kept exact by every commit).
 */
final class ZonePruning {

    private static final int COLUMNS = Coords.CONTAINERS_PER_ROW;
    private static final long COLUMN_IDS = Coords.SHARD_WIDTH / COLUMNS;

    /** {@code low <= field <= high} (field "id" for ids). */
    private record Bounds(String field, ColumnKind kind, long low, long high) {}

    private final List<Bounds> bounds;
    private final PushedFilter filter;

    private ZonePruning(PushedFilter filter, List<Bounds> bounds) {
        this.filter = filter;
        this.bounds = bounds;
    }

    static ZonePruning of(PushedFilter filter) {
        List<Bounds> bounds = new ArrayList<>();
        for (PushedFilter conjunct : filter.conjuncts()) {
            for (PushedFilter term : conjunct.conjuncts()) { // a range arrives as and(ge, le)
                Bounds b = bounds(term);
                if (b != null) {
                    bounds.add(b);
                }
            }
        }
        return new ZonePruning(filter, bounds);
    }

    /** The bounds a comparison or in-list puts on an integer field, or null. */
    private static Bounds bounds(PushedFilter term) {
        if (term.kind() != ColumnKind.ID && term.kind() != ColumnKind.INT && term.kind() != ColumnKind.TIMESTAMP) {
            return null;
        }
        if (term.op().equals("and")) {
            return null;
        }
        List<Long> values = term.values().stream().map(Long::parseLong).toList();
        return switch (term.op()) {
            case "eq" -> new Bounds(term.field(), term.kind(), values.getFirst(), values.getFirst());
            case "lt" -> values.getFirst() == Long.MIN_VALUE ? new Bounds(term.field(), term.kind(), 1, 0)
                    : new Bounds(term.field(), term.kind(), Long.MIN_VALUE, values.getFirst() - 1);
            case "le" -> new Bounds(term.field(), term.kind(), Long.MIN_VALUE, values.getFirst());
            case "gt" -> values.getFirst() == Long.MAX_VALUE ? new Bounds(term.field(), term.kind(), 1, 0)
                    : new Bounds(term.field(), term.kind(), values.getFirst() + 1, Long.MAX_VALUE);
            case "ge" -> new Bounds(term.field(), term.kind(), values.getFirst(), Long.MAX_VALUE);
            case "in" -> values.isEmpty() ? new Bounds(term.field(), term.kind(), 1, 0)
                    : new Bounds(term.field(), term.kind(), values.stream().min(Long::compare).orElseThrow(),
                            values.stream().max(Long::compare).orElseThrow());
            default -> null;
        };
    }

    /**
     * Records per container column of {@code shard} that may match: 0 for a column the bounds rule
     * out, else the records it holds (from the table's existence row).
     */
    long[] recordsPerColumn(Snapshot snapshot, ShardScan scan, TableDef table, Snapshot.Shard shard) {
        long[] records = scan.recordsPerColumn(shard.shard());
        for (Bounds b : bounds) {
            ZoneMap zone = b.kind() == ColumnKind.ID ? null : snapshot.zoneMap(table.name(), b.field(), shard.shard());
            for (int c = 0; c < COLUMNS; c++) {
                if (records[c] == 0) {
                    continue;
                }
                if (b.kind() == ColumnKind.ID) {
                    long first = Coords.recordId(shard.shard(), (int) (c * COLUMN_IDS));
                    long last = first + COLUMN_IDS - 1;
                    if (last < b.low() || first > b.high()) {
                        records[c] = 0;
                    }
                } else if (zone.count(c) == 0 || zone.max(c) < b.low() || zone.min(c) > b.high()) {
                    records[c] = 0; // no record of this column has a value in range (a null never matches a comparison)
                }
            }
        }
        return records;
    }
}
