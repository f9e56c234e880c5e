package dev.big.bench.campaign;

import dev.big.bench.compare.PeerQuestion;
import dev.big.bench.compare.PeerQuestion.Kind;
import dev.big.workload.EventGenerator;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The query shapes a campaign times call by call, each with the SQL statement big runs for it
 * (the peers ask the same question through their own best API, see {@code dev.big.bench.compare}).
 *
 * <p>A shape's parameters change from call to call (ids, thresholds, windows, types, cursors) and
 * are drawn from a seed fixed per shape, so every engine, in its own JVM, is asked the same
 * sequence of questions. Ids, windows and cursors lie inside the dense data of {@code records}
 * events: ids in {@code [0, records)}, a window start at about the time of a random event early
 * enough for the whole hour to hold events; a day is the UTC day of such a start.
 *
 * <p>The analyst's shapes ({@link #analyst}) are answered only by the engines that speak that SQL
 * (big through SQL, DuckDB) and the reference; the campaign skips them for the others and the
 * report says so.
 */
public enum LatencyShape {

    POINT_READ_VALUE(Kind.POINT_READ_VALUE, "point read (value)", "SELECT value FROM events WHERE id = :id") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            return PeerQuestion.of(Kind.POINT_READ_VALUE, random.nextLong(records));
        }
    },
    POINT_READ_RECORD(Kind.BY_ID, "point read (record)", "SELECT * FROM events WHERE id = :id") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            return PeerQuestion.of(Kind.BY_ID, random.nextLong(records));
        }
    },
    COUNT_GE(Kind.COUNT_VALUE_AT_LEAST, "count_ge", "SELECT count(*) FROM events WHERE value >= :t") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            return PeerQuestion.of(Kind.COUNT_VALUE_AT_LEAST, random.nextLong(EventGenerator.VALUE_LIMIT));
        }
    },
    WINDOW_1H(Kind.COUNT_RECEIVED_BETWEEN, "1-hour window", "SELECT count(*) FROM events WHERE received_at BETWEEN :start AND :start + 1 h") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            long start = windowStart(random, records);
            return PeerQuestion.of(Kind.COUNT_RECEIVED_BETWEEN, start, start + HOUR_MILLIS - 1);
        }
    },
    TYPE_WINDOW_VERIFIED(Kind.COUNT_TYPE_VERIFIED_BETWEEN, "type + window + verified",
            "SELECT count(*) FROM events WHERE type = :type AND verified AND received_at BETWEEN :start AND :start + 1 h") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            long start = windowStart(random, records);
            return PeerQuestion.of(Kind.COUNT_TYPE_VERIFIED_BETWEEN, type(random), start, start + HOUR_MILLIS - 1);
        }
    },
    VERIFIED_FALSE(Kind.COUNT_VERIFIED, "verified = false", "SELECT count(*) FROM events WHERE verified = false") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            return PeerQuestion.of(Kind.COUNT_VERIFIED, false);
        }
    },
    ONE_TYPE(Kind.COUNT_TYPE, "one type", "SELECT count(*) FROM events WHERE type = :type") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            return PeerQuestion.of(Kind.COUNT_TYPE, type(random));
        }
    },
    SUM_SIZE_ONE_TYPE(Kind.SUM_SIZE_OF_TYPE, "sum(size) of one type", "SELECT sum(size) FROM events WHERE type = :type") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            return PeerQuestion.of(Kind.SUM_SIZE_OF_TYPE, type(random));
        }
    },
    GROUP_BY_TYPE(Kind.COUNT_BY_TYPE, "group by type", "SELECT type, count(*) FROM events GROUP BY type"),
    LATEST_50(Kind.LATEST, "latest 50", "SELECT * FROM events ORDER BY id DESC LIMIT 50") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            return PeerQuestion.of(Kind.LATEST, PAGE);
        }
    },
    PAGE_AFTER_CURSOR(Kind.BEFORE, "page after a cursor", "SELECT * FROM events WHERE id < :cursor ORDER BY id DESC LIMIT 50") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            return PeerQuestion.of(Kind.BEFORE, PAGE + random.nextLong(Math.max(1, records - PAGE)), PAGE);
        }
    },
    // The analyst's shapes of issue 17 (Kind.analyst): engines without that SQL do not answer them.
    PER_HOUR_OF_A_DAY(Kind.COUNT_PER_HOUR_BETWEEN, "count per hour over a day",
            "SELECT date_trunc('hour', received_at) AS h, count(*) FROM events WHERE received_at BETWEEN :day AND :day + 1 d"
                    + " GROUP BY h ORDER BY h") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            long day = Math.floorDiv(windowStart(random, records), DAY_MILLIS) * DAY_MILLIS;
            return PeerQuestion.of(Kind.COUNT_PER_HOUR_BETWEEN, day, day + DAY_MILLIS - 1);
        }
    },
    PER_MONTH(Kind.COUNT_PER_MONTH, "count per month",
            "SELECT date_trunc('month', received_at) AS m, count(*) FROM events GROUP BY m ORDER BY m"),
    PER_TYPE_VERIFIED(Kind.COUNT_PER_TYPE_VERIFIED, "count per (type, verified)",
            "SELECT type, verified, count(*) FROM events GROUP BY type, verified ORDER BY type, verified"),
    PER_TYPE_HOUR_OF_DAY(Kind.COUNT_PER_TYPE_HOUR_OF_DAY, "count per (type, hour of day)",
            "SELECT type, hour(received_at) AS h, count(*) FROM events GROUP BY type, h ORDER BY type, h"),
    SUM_SIZE_PER_TYPE(Kind.SUM_SIZE_PER_TYPE, "sum(size) per type",
            "SELECT type, sum(size) FROM events GROUP BY type ORDER BY type"),
    TOP10_BY_VALUE(Kind.TOP_BY_VALUE, "top 10 by value", "SELECT id, value FROM events ORDER BY value DESC, id LIMIT 10") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            return PeerQuestion.of(Kind.TOP_BY_VALUE, TOP);
        }
    },
    TOP10_BY_TIME_OF_TYPE(Kind.TOP_BY_RECEIVED_AT_OF_TYPE, "top 10 by received_at of a type",
            "SELECT id, received_at FROM events WHERE type = :type ORDER BY received_at DESC, id LIMIT 10") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            return PeerQuestion.of(Kind.TOP_BY_RECEIVED_AT_OF_TYPE, type(random), TOP);
        }
    },
    VALUE_HISTOGRAM(Kind.VALUE_HISTOGRAM, "histogram value // 65536",
            "SELECT value // 65536 AS b, count(*) FROM events GROUP BY b ORDER BY b") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            return PeerQuestion.of(Kind.VALUE_HISTOGRAM, HISTOGRAM_WIDTH);
        }
    },
    MEDIAN_SIZE_OF_TYPE(Kind.MEDIAN_SIZE_OF_TYPE, "median(size) of one type",
            "SELECT median(size) FROM events WHERE type = :type") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            return PeerQuestion.of(Kind.MEDIAN_SIZE_OF_TYPE, type(random));
        }
    },
    VALUE_P99(Kind.VALUE_QUANTILE_DISC, "quantile_disc(value, 0.99)", "SELECT quantile_disc(value, 0.99) FROM events") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            return PeerQuestion.of(Kind.VALUE_QUANTILE_DISC, P99);
        }
    },
    VALUE_MEDIAN(Kind.VALUE_MEDIAN, "median(value)", "SELECT median(value) FROM events"),
    DISTINCT_VALUES_1H(Kind.COUNT_DISTINCT_VALUE_BETWEEN, "count(DISTINCT value) in a 1-hour window",
            "SELECT count(DISTINCT value) FROM events WHERE received_at BETWEEN :start AND :start + 1 h") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            long start = windowStart(random, records);
            return PeerQuestion.of(Kind.COUNT_DISTINCT_VALUE_BETWEEN, start, start + HOUR_MILLIS - 1);
        }
    };

    static final long HOUR_MILLIS = 3_600_000;
    static final long DAY_MILLIS = 24 * HOUR_MILLIS;
    static final int PAGE = 50;
    static final int TOP = 10;
    static final int HISTOGRAM_WIDTH = 65_536;
    static final BigDecimal P99 = new BigDecimal("0.99");
    /** Distinct questions per shape; calls cycle through them. */
    static final int QUESTIONS = 1024;

    private final Kind kind;
    private final String title;
    private final String sql;

    LatencyShape(Kind kind, String title, String sql) {
        this.kind = kind;
        this.title = title;
        this.sql = sql;
    }

    /** The kind of every question of the shape: an engine that does not answer it does not run the shape. */
    public Kind kind() {
        return kind;
    }

    /** Whether this is one of the analyst's shapes of issue 17 ({@link Kind#analyst}). */
    public boolean analyst() {
        return kind.analyst();
    }

    /** The metric name of the shape: {@code count_ge}, {@code point_read_value}, ... */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    public String title() {
        return title;
    }

    /** The statement big runs, with {@code :names} where the parameters go. */
    public String sql() {
        return sql;
    }

    /** The question of one call; a shape whose statement takes no parameters asks the same each time. */
    PeerQuestion question(SplittableRandom random, long records) {
        return PeerQuestion.of(kind);
    }

    /** The shape's question sequence for {@code records} dense events: the same in every JVM. */
    public List<PeerQuestion> questions(long records) {
        SplittableRandom random = new SplittableRandom(Workload.SEED * 1_000_003L + ordinal());
        List<PeerQuestion> questions = new ArrayList<>(QUESTIONS);
        for (int i = 0; i < QUESTIONS; i++) {
            questions.add(question(random, records));
        }
        return List.copyOf(questions);
    }

    public static LatencyShape ofId(String id) {
        return valueOf(id.toUpperCase(Locale.ROOT));
    }

    /** A window start near the time of a random event, early enough that the hour after it holds events. */
    static long windowStart(SplittableRandom random, long records) {
        long lastStart = Math.max(1, records - 2 * HOUR_MILLIS / EventGenerator.RECEIVED_STEP_MILLIS);
        return EventGenerator.FIRST_RECEIVED_AT_MILLIS + random.nextLong(lastStart) * EventGenerator.RECEIVED_STEP_MILLIS;
    }

    static String type(SplittableRandom random) {
        return EventGenerator.typeNames().get(random.nextInt(EventGenerator.TYPE_COUNT));
    }
}
