package dev.big.db.rowfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A set's text reads back the values it was written from, whatever characters they hold, and
 * text written by hand reads as docs/cli.md says: empty values dropped, a backslash before
 * anything but {@code |} or {@code \} kept.
 */
class SetTextTest {

    @Test
    void separatorsAndEscapesInsideValuesAreEscaped() {
        assertEquals("a|b", SetText.of(List.of("a", "b")));
        assertEquals("a\\|b|c\\\\", SetText.of(List.of("a|b", "c\\")));
        assertEquals("", SetText.of(List.of()));
    }

    @Test
    void handWrittenTextReadsAsDocumented() {
        assertEquals(List.of("a", "b"), SetText.parse("a||b|"));
        assertEquals(List.of(), SetText.parse("|"));
        assertEquals(List.of("C:\\dir"), SetText.parse("C:\\dir"), "a backslash before a plain character stands for itself");
        assertEquals(List.of("end\\"), SetText.parse("end\\"), "and so does one at the end");
        assertEquals(List.of("a|b", "c\\"), SetText.parse("a\\|b|c\\\\"));
    }

    @Test
    void randomValuesReadBackAsWritten() {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        String alphabet = "ab|\\,\" \n";
        for (int round = 0; round < 10_000; round++) {
            List<String> values = new ArrayList<>();
            for (int n = random.nextInt(4); n > 0; n--) {
                StringBuilder value = new StringBuilder();
                for (int length = 1 + random.nextInt(5); value.length() < length; ) {
                    value.append(alphabet.charAt(random.nextInt(alphabet.length())));
                }
                values.add(value.toString());
            }
            assertEquals(values, SetText.parse(SetText.of(values)), "seed " + seed + "L, values " + values);
        }
    }

    @Test
    void theEmptyStringIsTheValueTheTextCannotCarry() {
        assertTrue(SetText.holdsEmptyValue(List.of("a", "")));
        assertFalse(SetText.holdsEmptyValue(List.of("a", " ")));
        assertEquals(List.of("a"), SetText.parse(SetText.of(List.of("", "a"))), "which is why a CSV writer refuses it");
    }
}
