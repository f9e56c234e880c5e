package dev.big.db.sql;

import dev.big.db.FieldType;
import dev.big.db.Filter;
import dev.big.db.Snapshot;
import dev.big.db.query.EngineAccess;
import dev.big.db.query.QueryEngine;
import dev.big.db.query.QueryPlan;
import dev.big.engine.coords.Coords;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The EXPLAIN lines of an aggregate query: its shape, the typed-API call or {@link dev.big.db.query.Grouping}
 * pass that answers it, per GROUP BY key how its groups are split out (rows intersected, or
 * range scans of which planes) and how many groups it can make at most, per aggregate what it
 * reads, and HAVING. Returns its estimate of the pages read.
 */
final class AggregatePlan {

    private static final int COLUMNS = Coords.CONTAINERS_PER_ROW;

    private final PlanExplainer explainer;
    private final QueryEngine engine;
    private final TableBinding table;
    private final List<String> lines;

    AggregatePlan(PlanExplainer explainer, Snapshot snapshot, TableBinding table, List<String> lines) {
        this.explainer = explainer;
        this.engine = EngineAccess.of(snapshot);
        this.table = table;
        this.lines = lines;
    }

    long describe(AggregateQuery query, Filter where, List<Snapshot.Shard> shards, AggregateRunner runner) {
        boolean all = where instanceof Filter.All;
        long pages = 0;
        List<String> keys = query.keys().stream().map(k -> IntegerDivisionText.restore(k.sql())).toList();
        lines.add(keys.isEmpty() ? "shape: one row of aggregates over the matching records"
                : "shape: one row per group of " + String.join(", ", keys));
        AggregateShape.Path path = runner.path();
        if (path == AggregateShape.Path.TYPED_API_PER_KEY) {
            String key = table.column(query.keys().getFirst().column()).name();
            long groups = table.dictionaryValues(key);
            lines.add("path: groupCount(" + key + ")" + (all ? ": " + PlanExplainer.pathText(QueryPlan.Path.CELL_CARDINALITIES)
                    : ": each of " + groups + " value rows AND the filter, per shard"));
            pages += all ? shards.size() * Math.max(1, groups * COLUMNS / 200) : shards.size() * groups * COLUMNS;
            Set<String> fields = new LinkedHashSet<>();
            for (AggregateCall call : runner.aggregates()) {
                if (call.column() != null && call.readsPlanes()) {
                    fields.add(table.column(call.column()).name());
                }
            }
            for (String field : fields) {
                lines.add("path: groupAggregate(" + key + ", " + field + "): per group, one pass over " + field
                        + "'s planes restricted to the group");
                pages += shards.size() * groups * COLUMNS + explainer.planePages(field, shards);
            }
        } else if (path == AggregateShape.Path.TYPED_API) {
            Set<String> seen = new LinkedHashSet<>();
            for (AggregateCall call : runner.aggregates()) {
                String column = call.column() == null ? null : table.column(call.column()).name();
                String line = switch (call.function()) {
                    case COUNT_STAR -> all ? "count(*): adds up the record counts kept with each shard's existence row,"
                            + " no data page is read" : "count(*): " + explainer.countPath(where);
                    case COUNT -> "count(" + column + "): count of the filter AND " + column + " IS NOT NULL";
                    case COUNT_DISTINCT -> "count(DISTINCT " + column + "): group counts of " + column + "'s value rows";
                    default -> "aggregate(" + column + "): sum, min and max in one pass over its planes per shard"
                            + (all ? "" : ", restricted to the filter");
                };
                if (seen.add(line)) {
                    lines.add("path: " + line);
                    if (call.column() != null && call.readsPlanes()) {
                        pages += explainer.planePages(column, shards);
                    }
                }
            }
        } else {
            lines.add("path: one grouping pass per shard: the matching records are split by each key in turn, and each"
                    + " group's aggregates are counted on its records (no record is read)");
            long groups = 1;
            for (GroupKeyExpr key : query.keys()) {
                long most = mostGroups(key, shards);
                groups = most < 0 || groups < 0 ? -1 : Math.multiplyHigh(groups, most) != 0 ? -1 : groups * most;
                lines.add("key " + IntegerDivisionText.restore(key.sql()) + ": " + split(key) + (most < 0 ? ""
                        : "; at most " + most + " groups (with the NULL group)"));
                String field = table.column(key.column()).name();
                pages += table.column(key.column()).type().isInteger() ? explainer.planePages(field, shards)
                        : shards.size() * Math.max(1, table.dictionaryValues(field)) * COLUMNS;
            }
            if (groups >= 0 && !query.keys().isEmpty()) {
                lines.add("groups: at most " + groups + " (only non-empty groups are made)");
            }
            for (AggregateCall call : runner.aggregates()) {
                lines.add("aggregate " + call.sql() + ": " + measurePath(call));
                if (call.column() != null && (call.readsPlanes() || call.function() == AggregateCall.Function.COUNT_DISTINCT)
                        && !table.column(call.column()).isId() && table.column(call.column()).type().isInteger()) {
                    pages += explainer.planePages(table.column(call.column()).name(), shards);
                }
            }
        }
        if (query.having() != null) {
            lines.add("having: " + IntegerDivisionText.restore(query.having().sql()) + ", tested per group on its aggregates");
        }
        if (!query.orderBy().isEmpty()) {
            List<String> order = new ArrayList<>();
            for (AggregateQuery.SortKey key : query.orderBy()) {
                order.add(query.outputs().get(key.output()).name() + (key.descending() ? " DESC" : "")
                        + (key.nullsFirst() ? " NULLS FIRST" : ""));
            }
            lines.add("order: the result rows sorted by " + String.join(", ", order));
        }
        return pages;
    }

    private String split(GroupKeyExpr key) {
        TableBinding.BoundColumn column = table.column(key.column());
        if (!column.type().isInteger()) {
            return "each of " + column.name() + "'s value rows intersected with the records being split";
        }
        String what = switch (key) {
            case GroupKeyExpr.Column c -> "its distinct values";
            case GroupKeyExpr.Divide d -> "buckets of " + d.divisor() + " values (truncated toward zero)";
            case GroupKeyExpr.Truncate t -> "calendar " + t.unit().name().toLowerCase(java.util.Locale.ROOT) + "s";
            case GroupKeyExpr.TimeBucket b -> "intervals of " + b.widthMillis() + " ms from 2000-01-03";
            case GroupKeyExpr.Part p -> "the buckets of its finest truncation, labelled by " + p.part().name().toLowerCase(java.util.Locale.ROOT);
        };
        return "range scans of " + column.name() + "'s planes halve the range of buckets the records span, into " + what;
    }

    /** How many groups a key can make at most: dictionary values, 2 for a bool, buckets spanned by the zone maps; -1 when unknown. */
    private long mostGroups(GroupKeyExpr key, List<Snapshot.Shard> shards) {
        TableBinding.BoundColumn column = table.column(key.column());
        if (column.type() == FieldType.BOOL) {
            return 3;
        }
        if (column.type() == FieldType.KEYED) {
            return table.dictionaryValues(column.name()) + 1;
        }
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (Snapshot.Shard shard : shards) {
            var zone = engine.zoneMap(table.name(), column.name(), shard.shard());
            if (!zone.isEmpty()) {
                min = Math.min(min, zone.min());
                max = Math.max(max, zone.max());
            }
        }
        if (min > max) {
            return 1;
        }
        var bucketing = ((dev.big.db.query.GroupKey.Buckets) (key instanceof GroupKeyExpr.Column
                ? new dev.big.db.query.GroupKey.Buckets(column.name(), dev.big.db.query.Bucketing.Identity.ofNumbers())
                : key.bind(column))).bucketing();
        long spanned;
        try {
            spanned = Math.addExact(Math.subtractExact(bucketing.bucketOf(max), bucketing.bucketOf(min)), 1);
        } catch (ArithmeticException e) {
            return -1;
        }
        if (key instanceof GroupKeyExpr.Part part) {
            spanned = Math.min(spanned, switch (part.part()) {
                case MINUTE -> 60;
                case HOUR -> 24;
                case DAY -> 31;
                case DOW, ISODOW -> 7;
                case DOY -> 366;
                case WEEK -> 53;
                case MONTH -> 12;
                case QUARTER -> 4;
                case YEAR -> spanned;
            });
        }
        return spanned + 1;
    }

    private String measurePath(AggregateCall call) {
        String filter = call.filter() == null ? "" : "; FILTER: the group's records AND " + call.filter().sql() + " (evaluated once per shard)";
        String column = call.column() == null ? null : table.column(call.column()).name();
        return switch (call.function()) {
            case COUNT_STAR -> "the cardinality of the group's records" + filter;
            case COUNT -> "the cardinality of the group's records AND " + column + " IS NOT NULL" + filter;
            case COUNT_DISTINCT -> (table.column(call.column()).isId() ? "the group's records"
                    : table.column(call.column()).type().isInteger() ? "the distinct values split out of " + column + "'s planes"
                    : column + "'s value rows that meet the group's records") + filter;
            case SUM, MIN, MAX, AVG -> "one pass over " + column + "'s planes restricted to the group's records" + filter;
            case MEDIAN, QUANTILE_DISC -> "a binary search over " + column + "'s values, each probe a range count of its"
                    + " planes within the group's records (at most 64 probes)" + filter;
        };
    }
}
