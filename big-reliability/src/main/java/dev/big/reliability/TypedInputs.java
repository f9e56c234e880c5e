package dev.big.reliability;

import java.math.BigInteger;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * Values and field names for records written through the Java API, made from a seed: the right
 * type, the wrong type, integers past 64 bits, instants past the millisecond range, sets holding
 * things that are not strings, strings longer than a keyed value may be, names that are no field.
 * {@link #expected} says what big must read back for a value it accepted.
 *
 * <p>Strings with unpaired UTF-16 surrogates are among them: big must refuse them (it once stored
 * them altered; StringValuesTest guards that case on its own).
 */
final class TypedInputs {

    static final List<String> FIELDS = List.of("value", "kind", "flag", "at", "tags");
    private static final String[] OTHER_NAMES = {"nope", "id", "Value", "", " value", "value ", "VALUE", "ключ"};

    static String field(SplittableRandom random) {
        return random.nextInt(12) == 0 ? OTHER_NAMES[random.nextInt(OTHER_NAMES.length)] : FIELDS.get(random.nextInt(FIELDS.size()));
    }

    static Object value(SplittableRandom random) {
        return switch (random.nextInt(25)) {
            case 0 -> random.nextLong();
            case 1 -> random.nextInt();
            case 2 -> (short) random.nextInt();
            case 3 -> (byte) random.nextInt();
            case 4 -> BigInteger.valueOf(random.nextLong()).multiply(BigInteger.valueOf(random.nextBoolean() ? 1 : 1L << 40));
            case 5 -> random.nextDouble();
            case 6 -> (float) random.nextDouble();
            case 7 -> "k" + random.nextInt(50);
            case 8 -> "é".repeat(495 + random.nextInt(10));
            case 9 -> "";
            case 10 -> random.nextBoolean();
            case 11 -> Instant.ofEpochMilli(random.nextLong(-1L << 45, 1L << 45));
            case 12 -> Instant.ofEpochSecond(random.nextLong(-31_557_014_167_219_200L, 31_556_889_864_403_199L), random.nextInt(1_000_000_000));
            case 13 -> OffsetDateTime.of(2024, 1 + random.nextInt(12), 1, 0, 0, 0, 0, ZoneOffset.ofHours(random.nextInt(-12, 13)));
            case 14 -> Set.of("a", "b" + random.nextInt(5));
            case 15 -> List.of("x", "y", "x");
            case 16 -> List.of();
            case 17 -> List.of("a", 1);
            case 18 -> new ArrayList<>(java.util.Arrays.asList("a", null));
            case 19 -> Map.of("a", 1);
            case 20 -> new byte[] {1, 2};
            case 21 -> 'c';
            case 22 -> new StringBuilder("builder");
            case 23 -> new String[] {"a\uD800b", "\uDC00", "end\uD83D", "\uDE00\uD83D"}[random.nextInt(4)];
            default -> "😀 ключ ü \u202E";
        };
    }

    /**
     * What {@code field} must read back after {@code value} was accepted for it (null: no value), or
     * {@link #ANY} when the documentation leaves the exact form open.
     */
    static Object expected(String field, Object value) {
        return switch (field) {
            case "value" -> value instanceof Number n ? n.longValue() : ANY;
            case "at" -> switch (value) {
                case Instant i -> Instant.ofEpochMilli(i.toEpochMilli());
                case OffsetDateTime t -> Instant.ofEpochMilli(t.toInstant().toEpochMilli());
                case Number n -> Instant.ofEpochMilli(n.longValue());
                default -> ANY;
            };
            case "tags" -> value instanceof Collection<?> c ? new TreeSet<>(c) : ANY; // an empty set is a value, not NULL
            default -> value;
        };
    }

    /** "Whatever was read back is acceptable": the value's form is not specified. */
    static final Object ANY = new Object();

    private TypedInputs() {}
}
