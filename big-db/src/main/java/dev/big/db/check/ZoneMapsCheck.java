package dev.big.db.check;

import dev.big.db.FieldType;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.engine.bsi.ZoneMap;
import dev.big.engine.bsi.ZoneMapCheck;
import dev.big.engine.coords.Coords;

/**
 * The zone-map minima and maxima of a field's bit-sliced fragments against their planes (the
 * engine's {@link ZoneMapCheck}, given the field's base from the catalog), and for a keyed field,
 * whose planes hold dictionary ids, that every id lies in {@code [0, next dictionary id)}.
 */
final class ZoneMapsCheck {

    private final ZoneMapCheck zoneMaps = new ZoneMapCheck();

    void check(CheckScope scope, TableInfo table, FieldInfo field) {
        String name = CheckScope.name(table, field);
        for (long shard : scope.fragments.shards(field.fieldId(), Coords.VIEW_BSI)) {
            zoneMaps.check(scope.txn, field.bsi(), shard, name).forEach(scope::problem);
            ZoneMap zone = ZoneMap.decode(scope.txn.summary(field.bsiFragment(shard)));
            if (field.type() == FieldType.KEYED && !zone.isEmpty()
                    && (zone.min() < 0 || zone.max() >= field.nextDictId())) {
                scope.problem("next dictionary id", name + ", shard " + shard + ": the id planes hold dictionary ids "
                        + zone.min() + ".." + zone.max() + " (by the zone map), but the catalog's next dictionary id is "
                        + field.nextDictId() + ": ids must lie in 0.." + (field.nextDictId() - 1));
            }
        }
    }
}
