package dev.big.db.sql;

import dev.big.db.FieldType;
import dev.big.db.TimeTruncation;
import dev.big.db.query.Bucketing;
import dev.big.db.query.GroupKey;

/**
 * A GROUP BY key as written, before it meets the schema: a column, a time bucket of a timestamp
 * ({@code date_trunc}, {@code time_bucket}), a calendar part ({@code extract}, {@code date_part},
 * {@code hour(ts)} ...) or an integer bucket of an int column ({@code v // k}). Two keys are the
 * same key when their {@link #canonical} forms are equal, however they are spelled, so a select
 * item finds the GROUP BY key it repeats.
 */
sealed interface GroupKeyExpr {

    ColumnRef column();

    String sql();

    /** The key's meaning as a string (case of the column folded). */
    String canonical();

    /** The partition {@link dev.big.db.query.Grouping} makes, once the column's type is known. */
    GroupKey bind(TableBinding.BoundColumn bound);

    /** The column's types this key applies to, as a message fragment; null for any but set. */
    String needs();

    /**
     * This key's value for a record whose column ({@code bound}) holds {@code value} (null: NULL),
     * as {@link dev.big.db.query.Grouping} labels its groups: the value itself, or its bucket's label.
     * A join groups its joined rows by it.
     */
    default Object valueOf(TableBinding.BoundColumn bound, Object value) {
        if (value == null) {
            return null;
        }
        return switch (bind(bound)) {
            case GroupKey.Values ignored -> value;
            case GroupKey.Buckets buckets -> {
                long number = value instanceof java.time.Instant instant ? instant.toEpochMilli() : (Long) value;
                yield buckets.bucketing().label(buckets.bucketing().bucketOf(number));
            }
        };
    }

    default boolean accepts(FieldType type) {
        return needs() == null ? type != FieldType.SET : type == (this instanceof Divide ? FieldType.INT : FieldType.TIMESTAMP);
    }

    private static String name(ColumnRef column) {
        return column.canonical();
    }

    record Column(ColumnRef column, String sql) implements GroupKeyExpr {
        @Override
        public String canonical() {
            return name(column);
        }

        @Override
        public GroupKey bind(TableBinding.BoundColumn bound) {
            return new GroupKey.Values(bound.name());
        }

        @Override
        public String needs() {
            return null;
        }
    }

    /** {@code date_trunc('unit', ts)}. */
    record Truncate(TimeTruncation unit, ColumnRef column, String sql) implements GroupKeyExpr {
        @Override
        public String canonical() {
            return "date_trunc(" + unit + "," + name(column) + ")";
        }

        @Override
        public GroupKey bind(TableBinding.BoundColumn bound) {
            return new GroupKey.Buckets(bound.name(), Bucketing.of(unit));
        }

        @Override
        public String needs() {
            return "a timestamp column";
        }
    }

    /** {@code time_bucket(INTERVAL 'n unit', ts)}: intervals counted from 2000-01-03 00:00:00, as in DuckDB. */
    record TimeBucket(long widthMillis, ColumnRef column, String sql) implements GroupKeyExpr {
        @Override
        public String canonical() {
            return "time_bucket(" + widthMillis + "," + name(column) + ")";
        }

        @Override
        public GroupKey bind(TableBinding.BoundColumn bound) {
            return new GroupKey.Buckets(bound.name(),
                    new Bucketing.FixedWidth(widthMillis, Bucketing.TIME_BUCKET_ORIGIN_MILLIS, false));
        }

        @Override
        public String needs() {
            return "a timestamp column";
        }
    }

    /** {@code extract(part FROM ts)} and its other spellings. */
    record Part(Bucketing.CalendarPart part, ColumnRef column, String sql) implements GroupKeyExpr {
        @Override
        public String canonical() {
            return "part(" + part + "," + name(column) + ")";
        }

        @Override
        public GroupKey bind(TableBinding.BoundColumn bound) {
            return new GroupKey.Buckets(bound.name(), new Bucketing.Part(part, part.finest()));
        }

        @Override
        public String needs() {
            return "a timestamp column";
        }
    }

    /** {@code v // divisor} for a positive constant divisor. */
    record Divide(ColumnRef column, long divisor, String sql) implements GroupKeyExpr {
        @Override
        public String canonical() {
            return name(column) + "//" + divisor;
        }

        @Override
        public GroupKey bind(TableBinding.BoundColumn bound) {
            return new GroupKey.Buckets(bound.name(), new Bucketing.TruncatingDivision(divisor));
        }

        @Override
        public String needs() {
            return "an int column";
        }
    }

}
