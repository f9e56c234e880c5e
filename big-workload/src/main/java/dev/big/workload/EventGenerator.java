package dev.big.workload;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;

/**
 * The standard workload: a seeded, streaming sequence of {@link Event}s of the standard event
 * schema. Every benchmark and every engine comparison loads its data from here, so all of them
 * see the same records.
 *
 * <h2>Fields</h2>
 * <table>
 *   <caption>How the {@code i}-th event ({@code i = 0..count-1}) is made</caption>
 *   <tr><th>field</th><th>kind</th><th>distribution</th></tr>
 *   <tr><td>{@code id}</td><td>id</td><td>{@code layout.idOf(i)}: {@code dense}, {@code sparse/64},
 *       {@code sparse/512} ({@link IdLayout})</td></tr>
 *   <tr><td>{@code value}</td><td>int</td><td>uniform in {@code [0, 2^20)}: a 20-bit bit-sliced
 *       field, 20 magnitude planes</td></tr>
 *   <tr><td>{@code type}</td><td>keyed</td><td>one of 20 values {@code "type00".."type19"}, Zipf with
 *       exponent 1.0: {@code type00} about 27.7% ({@code 1/H_20}), {@code type19} about 1.4%</td></tr>
 *   <tr><td>{@code verified}</td><td>bool</td><td>true with probability 0.99</td></tr>
 *   <tr><td>{@code received_at}</td><td>timestamp</td><td>epoch millis; event 0 at
 *       1,700,000,000,000 (2023-11-14T22:13:20Z), then {@code previous + 1000 + jitter} with jitter
 *       uniform in {@code [-300, 300]}: non-decreasing, about one event per second, so an hour
 *       holds about 3,600 events</td></tr>
 *   <tr><td>{@code size}</td><td>int</td><td>uniform in {@code [0, 1,000,000)}</td></tr>
 *   <tr><td>{@code tags}</td><td>set</td><td>a count uniform in {@code 0..3}, then that many distinct
 *       values drawn uniformly from {@code "tag0".."tag7"}, listed in ascending order</td></tr>
 * </table>
 *
 * <h2>Determinism</h2>
 * Each iteration starts a fresh {@link SplittableRandom} from the seed and draws, per event and in
 * this order: value, type, verified, jitter, size, tag count, tags. The same seed, count and
 * layout therefore give the same events on every iteration, JVM and machine; the layout changes
 * only the ids. Changing the order of draws changes every dataset, so it is part of the contract.
 *
 * <h2>Streaming</h2>
 * Events are made one at a time as the iterator advances and nothing is kept, so loading
 * 10,000,000 events needs memory for one event, not for all of them.
 */
public final class EventGenerator implements Iterable<Event> {

    public static final int VALUE_BITS = 20;
    /** Values are in {@code [0, VALUE_LIMIT)}. */
    public static final long VALUE_LIMIT = 1L << VALUE_BITS;
    public static final int TYPE_COUNT = 20;
    public static final double TYPE_ZIPF_EXPONENT = 1.0;
    public static final double VERIFIED_PROBABILITY = 0.99;
    public static final long FIRST_RECEIVED_AT_MILLIS = 1_700_000_000_000L;
    public static final long RECEIVED_STEP_MILLIS = 1_000;
    public static final long RECEIVED_JITTER_MILLIS = 300;
    /** Sizes are in {@code [0, SIZE_LIMIT)}. */
    public static final long SIZE_LIMIT = 1_000_000;
    public static final int TAG_COUNT = 8;
    public static final int MAX_TAGS_PER_EVENT = 3;

    private static final List<String> TYPE_NAMES = names("type%02d", TYPE_COUNT);
    private static final List<String> TAG_NAMES = names("tag%d", TAG_COUNT);
    private static final ZipfSampler TYPE_SAMPLER = new ZipfSampler(TYPE_COUNT, TYPE_ZIPF_EXPONENT);

    private final long seed;
    private final long count;
    private final IdLayout layout;

    /** {@code count} events from {@code seed}, with ids laid out by {@code layout}. */
    public EventGenerator(long seed, long count, IdLayout layout) {
        if (count < 0) {
            throw new IllegalArgumentException("event count must not be negative, got " + count);
        }
        if (count > 0) {
            layout.idOf(count - 1); // fails now, not halfway through a load, if the ids do not fit
        }
        this.seed = seed;
        this.count = count;
        this.layout = layout;
    }

    public long seed() {
        return seed;
    }

    public long count() {
        return count;
    }

    public IdLayout layout() {
        return layout;
    }

    /** The type values, most common first: {@code typeNames().get(k)} has Zipf rank {@code k}. */
    public static List<String> typeNames() {
        return TYPE_NAMES;
    }

    /** The tag values {@code "tag0".."tag7"}. */
    public static List<String> tagNames() {
        return TAG_NAMES;
    }

    /** The probability that an event has type {@code typeNames().get(rank)}. */
    public static double typeProbability(int rank) {
        return TYPE_SAMPLER.probability(rank);
    }

    @Override
    public Iterator<Event> iterator() {
        return new Iterator<>() {
            private final SplittableRandom random = new SplittableRandom(seed);
            private long index;
            private long receivedAt = FIRST_RECEIVED_AT_MILLIS;

            @Override
            public boolean hasNext() {
                return index < count;
            }

            @Override
            public Event next() {
                if (index >= count) {
                    throw new NoSuchElementException("all " + count + " events were generated");
                }
                long value = random.nextLong(VALUE_LIMIT);
                String type = TYPE_NAMES.get(TYPE_SAMPLER.sample(random));
                boolean verified = random.nextDouble() < VERIFIED_PROBABILITY;
                long jitter = random.nextLong(-RECEIVED_JITTER_MILLIS, RECEIVED_JITTER_MILLIS + 1);
                if (index > 0) {
                    receivedAt += RECEIVED_STEP_MILLIS + jitter;
                }
                long size = random.nextLong(SIZE_LIMIT);
                List<String> tags = drawTags(random);
                Event event = new Event(layout.idOf(index), value, type, verified, receivedAt, size, tags);
                index++;
                return event;
            }
        };
    }

    private static List<String> drawTags(SplittableRandom random) {
        int wanted = random.nextInt(MAX_TAGS_PER_EVENT + 1);
        int chosen = 0; // bit t set = "tag<t>" chosen; a mask keeps them distinct and ordered
        while (Integer.bitCount(chosen) < wanted) {
            chosen |= 1 << random.nextInt(TAG_COUNT);
        }
        List<String> tags = new ArrayList<>(wanted);
        for (int t = 0; t < TAG_COUNT; t++) {
            if ((chosen & (1 << t)) != 0) {
                tags.add(TAG_NAMES.get(t));
            }
        }
        return tags;
    }

    private static List<String> names(String format, int n) {
        List<String> names = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            names.add(String.format(format, i));
        }
        return List.copyOf(names);
    }
}
