package dev.big.reliability;

import dev.big.db.Aggregate;
import dev.big.db.Db;
import dev.big.db.Filter;
import dev.big.db.GroupCount;
import dev.big.db.Row;
import dev.big.db.Snapshot;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What one table of a database must hold after some commits: records by id (values as big reads
 * them back: Long, String, Boolean, Instant, a sorted set), the fields the table has, and the next
 * id an append gets. A plain map, so a test can compare a database with it field by field.
 */
public final class DbModel {

    private final boolean tableExists;
    private final List<String> fields;
    private final TreeMap<Long, Map<String, Object>> records;
    private long nextId;

    private DbModel(boolean tableExists, List<String> fields, TreeMap<Long, Map<String, Object>> records, long nextId) {
        this.tableExists = tableExists;
        this.fields = fields;
        this.records = records;
        this.nextId = nextId;
    }

    /** No table at all: a database just created. */
    public static DbModel none() {
        return new DbModel(false, List.of(), new TreeMap<>(), 0);
    }

    public static DbModel emptyTable(List<String> fields) {
        return new DbModel(true, new ArrayList<>(fields), new TreeMap<>(), 0);
    }

    public DbModel copy() {
        TreeMap<Long, Map<String, Object>> copy = new TreeMap<>();
        records.forEach((id, values) -> copy.put(id, new LinkedHashMap<>(values)));
        return new DbModel(tableExists, new ArrayList<>(fields), copy, nextId);
    }

    public long nextId() {
        return nextId;
    }

    public int size() {
        return records.size();
    }

    public List<Long> ids() {
        return new ArrayList<>(records.keySet());
    }

    public List<String> fields() {
        return List.copyOf(fields);
    }

    public boolean tableExists() {
        return tableExists;
    }

    /** Appends {@code record}; returns the id it gets. */
    public long append(Row record) {
        long id = nextId;
        put(id, record);
        return id;
    }

    public void put(long id, Row record) {
        records.put(id, normalize(record.values()));
        nextId = Math.max(nextId, id + 1);
    }

    public void update(long id, String field, Object value) {
        Map<String, Object> values = records.get(id);
        if (values == null) {
            return;
        }
        Object normal = normalizeValue(value);
        if (normal == null) {
            values.remove(field);
        } else {
            values.put(field, normal);
        }
    }

    public void delete(long id) {
        records.remove(id);
    }

    public void addField(String field) {
        fields.add(field);
    }

    private static Map<String, Object> normalize(Map<String, Object> values) {
        Map<String, Object> normal = new LinkedHashMap<>();
        values.forEach((field, value) -> {
            Object v = normalizeValue(value);
            if (v != null) {
                normal.put(field, v);
            }
        });
        return normal;
    }

    private static Object normalizeValue(Object value) {
        return switch (value) {
            case null -> null;
            case Integer i -> (long) i;
            case Collection<?> set -> new TreeSet<>(set); // an empty set is a value, not NULL
            default -> value;
        };
    }

    /**
     * How {@code db}'s table {@code table} differs from this model: the schema, the set of ids, every
     * record field by field, and the aggregates (count, sum and extremes of {@code sumField}, counts per
     * value of {@code groupField}), which come from other structures (summaries, zone maps, rows) than
     * point reads do. Empty if it holds exactly this.
     */
    public List<String> differences(Db db, String table, String sumField, String groupField, long[] reads) {
        List<String> problems = new ArrayList<>();
        boolean exists = db.schema().stream().anyMatch(t -> t.name().equals(table));
        if (exists != tableExists) {
            problems.add(exists ? "table " + table + " exists, expected none" : "table " + table + " is missing");
            return problems;
        }
        if (!exists) {
            return problems;
        }
        try (Snapshot s = db.read()) {
            List<String> actualFields = s.table(table).fields().stream().map(f -> f.name()).toList();
            if (!actualFields.equals(fields)) {
                problems.add("fields are " + actualFields + ", expected " + fields);
            }
            long count = s.count(table);
            reads[0]++;
            if (count != records.size()) {
                problems.add("count(*) is " + count + ", expected " + records.size());
            }
            List<Long> ids = new ArrayList<>();
            s.forEachId(table, Filter.all(), ids::add);
            reads[0]++;
            if (!ids.equals(new ArrayList<>(records.keySet()))) {
                problems.add("ids are " + abbreviate(ids) + ", expected " + abbreviate(new ArrayList<>(records.keySet())));
            }
            for (Map.Entry<Long, Map<String, Object>> e : records.entrySet()) {
                Optional<Row> read = s.get(table, e.getKey());
                reads[0]++;
                Map<String, Object> actual = read.map(r -> normalize(r.values())).orElse(null);
                if (!e.getValue().equals(actual)) {
                    problems.add("record " + e.getKey() + " is " + actual + ", expected " + e.getValue());
                    if (problems.size() > 20) {
                        return problems;
                    }
                }
            }
            BigInteger sum = BigInteger.ZERO;
            long withValue = 0;
            Map<String, Long> groups = new HashMap<>();
            for (Map<String, Object> values : records.values()) {
                if (values.get(sumField) instanceof Long v) {
                    sum = sum.add(BigInteger.valueOf(v));
                    withValue++;
                }
                if (values.get(groupField) instanceof String key) {
                    groups.merge(key, 1L, Long::sum);
                }
            }
            Aggregate aggregate = s.aggregate(table, sumField, Filter.all());
            reads[0]++;
            if (aggregate.count() != withValue || !aggregate.sum().equals(sum)) {
                problems.add("aggregate(" + sumField + ") is " + aggregate + ", expected count " + withValue + " sum " + sum);
            }
            Map<String, Long> actualGroups = new HashMap<>();
            for (GroupCount g : s.groupCount(table, groupField, Filter.all(), -1)) {
                if (g.key() != null) {
                    actualGroups.put(g.key(), g.count());
                }
            }
            reads[0]++;
            if (!actualGroups.equals(groups)) {
                problems.add("groupCount(" + groupField + ") is " + actualGroups + ", expected " + groups);
            }
        }
        return problems;
    }

    private static String abbreviate(List<Long> ids) {
        return ids.size() <= 12 ? ids.toString() : ids.subList(0, 6) + "..." + ids.subList(ids.size() - 6, ids.size())
                + " (" + ids.size() + " ids)";
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof DbModel m && tableExists == m.tableExists && fields.equals(m.fields)
                && records.equals(m.records);
    }

    @Override
    public int hashCode() {
        return Objects.hash(tableExists, fields, records);
    }
}
