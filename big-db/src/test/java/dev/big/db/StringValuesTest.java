package dev.big.db;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.testing.TestDirs;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Keyed and set values are stored exactly as given, or refused with the field named. */
class StringValuesTest {

    private static Db newDb() {
        return Db.create(TestDirs.newDir("strings").resolve("s.big"),
                List.of(TableDef.of("t", FieldDef.keyed("kind"), FieldDef.set("tags"))));
    }

    @Test
    void anUnpairedSurrogateIsRefusedNotStoredAsAnotherString() {
        try (Db db = newDb()) {
            long real = db.append("t", Row.of("kind", "a?b"));
            for (String broken : List.of("a\uD800b", "a\uDC00b", "end\uD83D")) {
                var keyed = assertThrows(InvalidInputException.class, () -> db.append("t", Row.of("kind", broken)));
                assertTrue(keyed.getMessage().contains("field 'kind'") && keyed.getMessage().contains("unpaired"),
                        keyed.getMessage());
                var set = assertThrows(InvalidInputException.class, () -> db.append("t", Row.of("tags", Set.of(broken))));
                assertTrue(set.getMessage().contains("field 'tags'"), set.getMessage());
            }
            try (Snapshot s = db.read()) {
                assertEquals(1, s.count("t"), "nothing refused was stored");
                assertEquals(0, s.count("t", Filter.eq("kind", "a\uD800b")), "a broken string matches nothing, not 'a?b'");
                assertEquals(1, s.count("t", Filter.eq("kind", "a?b")));
                assertEquals("a?b", s.value("t", real, "kind"));
            }
        }
    }

    @Test
    void surrogatePairsAndLongValuesUpToTheLimitRoundTrip() {
        String emoji = "\uD83D\uDE00";
        String threeByteChars = "\u20AC".repeat(333); // 999 UTF-8 bytes
        try (Db db = newDb()) {
            long a = db.append("t", Row.of("kind", "smile " + emoji, "tags", Set.of(emoji)));
            long b = db.append("t", Row.of("kind", threeByteChars));
            var tooLong = assertThrows(InvalidInputException.class, () -> db.append("t", Row.of("kind", threeByteChars + "\u20AC")));
            assertTrue(tooLong.getMessage().contains("1002 UTF-8 bytes"), tooLong.getMessage());
            try (Snapshot s = db.read()) {
                assertEquals("smile " + emoji, s.value("t", a, "kind"));
                assertEquals(threeByteChars, s.value("t", b, "kind"));
                assertEquals(2, s.count("t"));
            }
        }
    }
}
