package dev.big.db.query;

import dev.big.db.field.ScalarKind;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;

/**
 * How the values of an int or timestamp field fall into the groups of a GROUP BY key: a
 * non-decreasing map from value to bucket number ({@link #bucketOf}), the smallest value of each
 * bucket ({@link #firstValueOf}, where a range scan splits one bucket from the next), and the key
 * a bucket is reported as ({@link #label}). Because buckets are ranges of values, a set of records
 * is split into buckets by range scans of the bit planes ({@link BucketPartition}), never by
 * reading values record by record.
 *
 * <p>Every bucketing follows DuckDB: {@code v // k} truncates toward zero ({@code -7 // 2} is -3,
 * so bucket 0 holds {@code -(k-1)..k-1}); weeks start on Monday; {@code time_bucket} counts from
 * 2000-01-03 00:00:00 (a Monday); {@code date_trunc} to a day or longer is a DATE; a calendar part
 * ({@code extract}) labels the buckets of the finest truncation it needs, so several buckets share
 * one label.
 */
public sealed interface Bucketing {

    long MINUTE_MILLIS = 60_000L;
    long HOUR_MILLIS = 3_600_000L;
    long DAY_MILLIS = 86_400_000L;
    /** 2000-01-03T00:00:00Z, the origin DuckDB's {@code time_bucket} counts intervals of days, hours and minutes from. */
    long TIME_BUCKET_ORIGIN_MILLIS = 946_857_600_000L;
    /** 1970-01-05T00:00:00Z, the first Monday after the epoch: weeks are counted from it. */
    long FIRST_MONDAY_MILLIS = 4 * DAY_MILLIS;

    /** The buckets of {@code date_trunc(unit, ...)}: to a day or longer labelled by their date. */
    static Bucketing of(dev.big.db.TimeTruncation unit) {
        return switch (unit) {
            case MINUTE -> new FixedWidth(MINUTE_MILLIS, 0, false);
            case HOUR -> new FixedWidth(HOUR_MILLIS, 0, false);
            case DAY -> new FixedWidth(DAY_MILLIS, 0, true);
            case WEEK -> new FixedWidth(7 * DAY_MILLIS, FIRST_MONDAY_MILLIS, true);
            case MONTH -> new Months(1);
            case QUARTER -> new Months(3);
            case YEAR -> new Months(12);
        };
    }

    long bucketOf(long value);

    /** The smallest value of {@code bucket}, for buckets above the one of the smallest value present. */
    long firstValueOf(long bucket);

    /** The group key of {@code bucket}: Long, Instant, BigDecimal or LocalDate. */
    Object label(long bucket);

    /** Each value its own bucket, labelled as the field's kind reads the stored number (Long, Instant, BigDecimal). */
    record Identity(ScalarKind kind) implements Bucketing {

        /** Buckets of the stored numbers themselves, for splits whose labels are never read. */
        public static Identity ofNumbers() {
            return new Identity((ScalarKind) dev.big.db.field.FieldKinds.of(dev.big.db.FieldType.INT));
        }

        @Override
        public long bucketOf(long value) {
            return value;
        }

        @Override
        public long firstValueOf(long bucket) {
            return bucket;
        }

        @Override
        public Object label(long bucket) {
            return kind.value(bucket);
        }
    }

    /** {@code v // divisor} for a positive divisor: the quotient truncated toward zero, as DuckDB's {@code //} of BIGINTs. */
    record TruncatingDivision(long divisor) implements Bucketing {
        public TruncatingDivision {
            if (divisor <= 0) {
                throw new IllegalArgumentException("divisor must be positive: " + divisor);
            }
        }

        @Override
        public long bucketOf(long value) {
            return value / divisor;
        }

        @Override
        public long firstValueOf(long bucket) {
            if (bucket > 0) {
                return saturatedProduct(bucket, divisor);
            }
            long first = saturatedProduct(bucket, divisor) - (divisor - 1);
            return bucket != 0 && first > 0 ? Long.MIN_VALUE : first;
        }

        @Override
        public Object label(long bucket) {
            return bucket;
        }
    }

    /** Intervals of {@code widthMillis} counted from {@code originMillis}; labelled by their start. */
    record FixedWidth(long widthMillis, long originMillis, boolean dateLabel) implements Bucketing {
        public FixedWidth {
            if (widthMillis <= 0) {
                throw new IllegalArgumentException("width must be positive: " + widthMillis);
            }
        }

        @Override
        public long bucketOf(long value) {
            // As a difference that cannot overflow: origins lie near the epoch, values within 2^62 ms of it.
            return Math.floorDiv(Math.subtractExact(value, originMillis), widthMillis);
        }

        @Override
        public long firstValueOf(long bucket) {
            return Math.addExact(saturatedProduct(bucket, widthMillis), originMillis);
        }

        @Override
        public Object label(long bucket) {
            long start = firstValueOf(bucket);
            return dateLabel ? LocalDate.ofEpochDay(Math.floorDiv(start, DAY_MILLIS)) : Instant.ofEpochMilli(start);
        }
    }

    /** Calendar months, quarters ({@code months} 3) or years (12), labelled by their first day. */
    record Months(int months) implements Bucketing {
        @Override
        public long bucketOf(long value) {
            LocalDate date = LocalDate.ofEpochDay(Math.floorDiv(value, DAY_MILLIS));
            long month = (date.getYear() - 1970L) * 12 + date.getMonthValue() - 1;
            return Math.floorDiv(month, months);
        }

        @Override
        public long firstValueOf(long bucket) {
            return firstDay(bucket).toEpochDay() * DAY_MILLIS;
        }

        private LocalDate firstDay(long bucket) {
            long month = bucket * months;
            return LocalDate.of((int) (1970 + Math.floorDiv(month, 12)), Math.floorMod(month, 12) + 1, 1);
        }

        @Override
        public Object label(long bucket) {
            return firstDay(bucket);
        }
    }

    /** A calendar part of a timestamp ({@code extract(part FROM ts)}): the buckets of {@code fine}, each labelled by the part. */
    record Part(CalendarPart part, Bucketing fine) implements Bucketing {
        @Override
        public long bucketOf(long value) {
            return fine.bucketOf(value);
        }

        @Override
        public long firstValueOf(long bucket) {
            return fine.firstValueOf(bucket);
        }

        @Override
        public Object label(long bucket) {
            return part.of(fine.firstValueOf(bucket));
        }
    }

    /** The parts of a timestamp {@code extract} and {@code date_part} take, with DuckDB's numbering. */
    enum CalendarPart {
        MINUTE, HOUR, DAY, DOW, ISODOW, DOY, WEEK, MONTH, QUARTER, YEAR;

        /** The part of the timestamp {@code millis}. */
        public long of(long millis) {
            long day = Math.floorDiv(millis, DAY_MILLIS);
            long inDay = Math.floorMod(millis, DAY_MILLIS);
            LocalDate date = LocalDate.ofEpochDay(day);
            return switch (this) {
                case MINUTE -> inDay / MINUTE_MILLIS % 60;
                case HOUR -> inDay / HOUR_MILLIS;
                case DAY -> date.getDayOfMonth();
                case DOW -> date.getDayOfWeek() == DayOfWeek.SUNDAY ? 0 : date.getDayOfWeek().getValue();
                case ISODOW -> date.getDayOfWeek().getValue();
                case DOY -> date.getDayOfYear();
                case WEEK -> date.get(java.time.temporal.IsoFields.WEEK_OF_WEEK_BASED_YEAR);
                case MONTH -> date.getMonthValue();
                case QUARTER -> (date.getMonthValue() - 1) / 3 + 1;
                case YEAR -> date.getYear();
            };
        }

        /** The finest truncation whose buckets each lie within one value of this part. */
        public Bucketing finest() {
            return switch (this) {
                case MINUTE -> new FixedWidth(MINUTE_MILLIS, 0, false);
                case HOUR -> new FixedWidth(HOUR_MILLIS, 0, false);
                case DAY, DOW, ISODOW, DOY, WEEK -> new FixedWidth(DAY_MILLIS, 0, false);
                case MONTH, QUARTER -> new Months(1);
                case YEAR -> new Months(12);
            };
        }
    }

    private static long saturatedProduct(long a, long b) {
        long high = Math.multiplyHigh(a, b);
        long low = a * b;
        if ((high == 0 && low >= 0) || (high == -1 && low < 0)) {
            return low;
        }
        return (a < 0) == (b < 0) ? Long.MAX_VALUE : Long.MIN_VALUE;
    }
}
