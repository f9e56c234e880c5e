package dev.big.bench.compare;

import dev.big.db.sql.SqlResult;
import dev.big.workload.Event;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One question put to every engine: a {@link Kind} and its arguments. Its {@link #text()} (for
 * example {@code countTypeVerifiedBetween(type03, 1700000000000, 1700003599999)}) is also its
 * serialized form: {@link #parse} reads it back, so a question chosen in one JVM can be asked in
 * another. Answers are longs, maps of counts, events and lists of events, compared through
 * {@link #describe}; the analyst's questions ({@link Kind#analyst}) answer in these canonical forms:
 *
 * <ul>
 *   <li>groups: a map from the group's key to its count or sum; a time bucket's key is the epoch
 *       milliseconds of its start (a month's at UTC midnight of its first day), a key of two parts
 *       is the text {@code part,part} ({@code type03,true}, {@code type03,7});</li>
 *   <li>top-N listings: the list of {@code [id, value]} pairs in the listing's order, a timestamp
 *       value as epoch milliseconds;</li>
 *   <li>{@code median}: a {@code Double}, {@code quantile_disc} and {@code count(DISTINCT)} a
 *       {@code Long}; {@code null} when there are no values.</li>
 * </ul>
 */
public record PeerQuestion(Kind kind, List<Object> args) {

    /** The question kinds, one per {@link PeerEngine} query method, with its argument types. */
    public enum Kind {
        POINT_READ_VALUE("pointReadValue", Long.class),
        BY_ID("byId", Long.class),
        COUNT_VALUE_AT_LEAST("countValueAtLeast", Long.class),
        COUNT_RECEIVED_BETWEEN("countReceivedBetween", Long.class, Long.class),
        COUNT_TYPE_VERIFIED_BETWEEN("countTypeVerifiedBetween", String.class, Long.class, Long.class),
        COUNT_VERIFIED("countVerified", Boolean.class),
        COUNT_TYPE("countType", String.class),
        COUNT_BY_TYPE("countByType"),
        SUM_SIZE_OF_TYPE("sumSizeOfType", String.class),
        LATEST("latest", Long.class),
        BEFORE("before", Long.class, Long.class),
        // The analyst's questions of issue 17: asked only of engines that answer them (PeerEngine#answers).
        COUNT_PER_HOUR_BETWEEN(true, "countPerHourBetween", Long.class, Long.class),
        COUNT_PER_MONTH(true, "countPerMonth"),
        COUNT_PER_TYPE_VERIFIED(true, "countPerTypeVerified"),
        COUNT_PER_TYPE_HOUR_OF_DAY(true, "countPerTypeHourOfDay"),
        SUM_SIZE_PER_TYPE(true, "sumSizePerType"),
        TOP_BY_VALUE(true, "topByValue", Long.class),
        TOP_BY_RECEIVED_AT_OF_TYPE(true, "topByReceivedAtOfType", String.class, Long.class),
        VALUE_HISTOGRAM(true, "valueHistogram", Long.class),
        MEDIAN_SIZE_OF_TYPE(true, "medianSizeOfType", String.class),
        VALUE_QUANTILE_DISC(true, "valueQuantileDisc", BigDecimal.class),
        VALUE_MEDIAN(true, "valueMedian"),
        COUNT_DISTINCT_VALUE_BETWEEN(true, "countDistinctValueBetween", Long.class, Long.class);

        private final boolean analyst;
        private final String method;
        private final List<Class<?>> argTypes;

        Kind(String method, Class<?>... argTypes) {
            this(false, method, argTypes);
        }

        Kind(boolean analyst, String method, Class<?>... argTypes) {
            this.analyst = analyst;
            this.method = method;
            this.argTypes = List.of(argTypes);
        }

        public String method() {
            return method;
        }

        /**
         * Whether this is one of the analyst's questions of issue 17 (time buckets, several group
         * keys, top-N by value, histograms, quantiles): answered by engines that speak that SQL
         * (big through SQL, DuckDB) and the reference, not by every engine ({@link PeerEngine#answers}).
         */
        public boolean analyst() {
            return analyst;
        }

        static Kind ofMethod(String method) {
            for (Kind kind : values()) {
                if (kind.method.equals(method)) {
                    return kind;
                }
            }
            throw new IllegalArgumentException("no question kind '" + method + "'");
        }
    }

    public PeerQuestion {
        args = List.copyOf(args);
        if (args.size() != kind.argTypes.size()) {
            throw new IllegalArgumentException(kind.method + " takes " + kind.argTypes.size() + " arguments, got " + args);
        }
        for (int i = 0; i < args.size(); i++) {
            if (!kind.argTypes.get(i).isInstance(args.get(i))) {
                throw new IllegalArgumentException(kind.method + " argument " + i + " must be a "
                        + kind.argTypes.get(i).getSimpleName() + ", got " + args.get(i));
            }
        }
    }

    public static PeerQuestion of(Kind kind, Object... args) {
        List<Object> boxed = new ArrayList<>();
        for (Object arg : args) {
            boxed.add(arg instanceof Integer i ? Long.valueOf(i) : arg);
        }
        return new PeerQuestion(kind, boxed);
    }

    /**
     * Asks {@code engine} this question the way the campaign times it, its {@link PeerEngine#reply},
     * and puts the reply in canonical form ({@link PeerEngine#answerOf}): so every agreement check
     * covers the timed path.
     */
    public Object ask(PeerEngine engine) {
        return engine.answerOf(this, engine.reply(this));
    }

    /** Argument {@code i}, a long. */
    public long longArg(int i) {
        return (Long) args.get(i);
    }

    /** Argument {@code i}, a decimal (a quantile's fraction, exact as written). */
    public BigDecimal decimalArg(int i) {
        return (BigDecimal) args.get(i);
    }

    /** Argument {@code i}, a string. */
    public String stringArg(int i) {
        return (String) args.get(i);
    }

    /** The question as text: {@code method(arg, arg)}; strings unquoted, so they must not hold {@code ,()} or blanks. */
    public String text() {
        StringBuilder text = new StringBuilder(kind.method).append('(');
        for (int i = 0; i < args.size(); i++) {
            text.append(i == 0 ? "" : ", ").append(args.get(i));
        }
        return text.append(')').toString();
    }

    /** Reads what {@link #text()} wrote. */
    public static PeerQuestion parse(String text) {
        int open = text.indexOf('(');
        if (open < 0 || !text.endsWith(")")) {
            throw new IllegalArgumentException("not a question: '" + text + "'; expected method(arg, ...)");
        }
        Kind kind = Kind.ofMethod(text.substring(0, open));
        String inside = text.substring(open + 1, text.length() - 1).trim();
        String[] parts = inside.isEmpty() ? new String[0] : inside.split(",\\s*");
        List<Object> args = new ArrayList<>();
        for (int i = 0; i < parts.length; i++) {
            Class<?> type = i < kind.argTypes.size() ? kind.argTypes.get(i) : String.class;
            args.add(type == Long.class ? (Object) Long.parseLong(parts[i])
                    : type == Boolean.class ? (Object) Boolean.parseBoolean(parts[i])
                    : type == BigDecimal.class ? (Object) new BigDecimal(parts[i]) : parts[i]);
        }
        return new PeerQuestion(kind, args);
    }

    /**
     * An answer in a canonical form, equal for equal answers whatever the engine's collection
     * classes: maps in key order, events and lists as their records print.
     */
    public static String describe(Object answer) {
        if (answer instanceof Map<?, ?> map) {
            return new TreeMap<>(map).toString();
        }
        return String.valueOf(answer);
    }

    /**
     * A cheap number that depends on the answer, for timed loops to consume so the engine's work
     * cannot be optimized away; it does not build the canonical form.
     */
    public static long token(Object answer) {
        return switch (answer) {
            case null -> 0;
            case Long count -> count;
            case Event event -> event.id() ^ event.value();
            case List<?> list -> list.isEmpty() ? 0 : list.size() + token(list.getFirst());
            case Map<?, ?> map -> map.size();
            case SqlResult result -> token(result.rows());
            case long[] counts -> counts.length == 0 ? 0 : counts.length + counts[0];
            default -> answer.hashCode();
        };
    }

    @Override
    public String toString() {
        return text();
    }
}
