package dev.big.bench.campaign;

import dev.big.bench.compare.PeerQuestion;
import dev.big.bench.compare.PeerQuestion.Kind;
import dev.big.workload.EventGenerator;
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
 * enough for the whole hour to hold events.
 */
public enum LatencyShape {

    POINT_READ_VALUE("point read (value)", "SELECT value FROM events WHERE id = :id") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            return PeerQuestion.of(Kind.POINT_READ_VALUE, random.nextLong(records));
        }
    },
    POINT_READ_RECORD("point read (record)", "SELECT * FROM events WHERE id = :id") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            return PeerQuestion.of(Kind.BY_ID, random.nextLong(records));
        }
    },
    COUNT_GE("count_ge", "SELECT count(*) FROM events WHERE value >= :t") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            return PeerQuestion.of(Kind.COUNT_VALUE_AT_LEAST, random.nextLong(EventGenerator.VALUE_LIMIT));
        }
    },
    WINDOW_1H("1-hour window", "SELECT count(*) FROM events WHERE received_at BETWEEN :start AND :start + 1 h") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            long start = windowStart(random, records);
            return PeerQuestion.of(Kind.COUNT_RECEIVED_BETWEEN, start, start + HOUR_MILLIS - 1);
        }
    },
    TYPE_WINDOW_VERIFIED("type + window + verified",
            "SELECT count(*) FROM events WHERE type = :type AND verified AND received_at BETWEEN :start AND :start + 1 h") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            long start = windowStart(random, records);
            return PeerQuestion.of(Kind.COUNT_TYPE_VERIFIED_BETWEEN, type(random), start, start + HOUR_MILLIS - 1);
        }
    },
    VERIFIED_FALSE("verified = false", "SELECT count(*) FROM events WHERE verified = false") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            return PeerQuestion.of(Kind.COUNT_VERIFIED, false);
        }
    },
    ONE_TYPE("one type", "SELECT count(*) FROM events WHERE type = :type") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            return PeerQuestion.of(Kind.COUNT_TYPE, type(random));
        }
    },
    SUM_SIZE_ONE_TYPE("sum(size) of one type", "SELECT sum(size) FROM events WHERE type = :type") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            return PeerQuestion.of(Kind.SUM_SIZE_OF_TYPE, type(random));
        }
    },
    GROUP_BY_TYPE("group by type", "SELECT type, count(*) FROM events GROUP BY type") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            return PeerQuestion.of(Kind.COUNT_BY_TYPE);
        }
    },
    LATEST_50("latest 50", "SELECT * FROM events ORDER BY id DESC LIMIT 50") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            return PeerQuestion.of(Kind.LATEST, PAGE);
        }
    },
    PAGE_AFTER_CURSOR("page after a cursor", "SELECT * FROM events WHERE id < :cursor ORDER BY id DESC LIMIT 50") {
        @Override
        PeerQuestion question(SplittableRandom random, long records) {
            return PeerQuestion.of(Kind.BEFORE, PAGE + random.nextLong(Math.max(1, records - PAGE)), PAGE);
        }
    };

    static final long HOUR_MILLIS = 3_600_000;
    static final int PAGE = 50;
    /** Distinct questions per shape; calls cycle through them. */
    static final int QUESTIONS = 1024;

    private final String title;
    private final String sql;

    LatencyShape(String title, String sql) {
        this.title = title;
        this.sql = sql;
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

    /** The question of one call. */
    abstract PeerQuestion question(SplittableRandom random, long records);

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
