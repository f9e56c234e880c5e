package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The progress line fits its width by dropping whole parts, keeping a readable bar, never cutting text. */
class ProgressLineTest {

    private static final ProgressLine BYTES = new ProgressLine(" MiB", 1 << 20);
    private static final long MIB = 1 << 20;
    private static final Pattern BAR = Pattern.compile("\\[[=> ]*\\]");

    private static String line(int width) {
        return BYTES.line("load", 120 * MIB, 512 * MIB, Duration.ofSeconds(62), " 85,000 rows committed", width);
    }

    @Test
    void everythingShowsWhenThereIsRoom() {
        assertEquals("load 23% [========>                             ] 120/512 MiB 0:01:02 ETA 0:03:22 1.9 MiB/s 85,000"
                + " rows committed", line(200), "a bar of at most 40 cells");
    }

    @Test
    void at80ColumnsWholePartsGoAndTheBarStaysReadable() {
        assertEquals("load 23% [===>         ] 120/512 MiB ETA 0:03:22 1.9 MiB/s 85,000 rows committed", line(80),
                "the elapsed time goes first");
        assertEquals("load 23% [===>           ] ETA 0:03:22 85,000 rows committed", line(60),
                "then what no longer fits beside a bar of ten cells, the more useful kept");
        assertEquals("load 23% [==>         ] ETA 0:03:22", line(35));
        assertEquals("load 23% [=>      ]", line(19), "the narrowest bar");
        assertEquals("load 23%", line(8), "narrower than that: the task and percentage alone");
    }

    @Test
    void atEveryWidthTheLineFitsAndItsWordsAreWhole() {
        String full = line(1000);
        for (int width = 0; width <= 200; width++) {
            String line = line(width);
            assertTrue(TextGrid.width(line) <= width, width + ": " + line);
            Matcher bar = BAR.matcher(line);
            if (width >= "load 23% ".length() + ProgressLine.MIN_BAR_CELLS) {
                assertTrue(bar.find() && bar.group().length() >= ProgressLine.MIN_BAR_CELLS, width + ": " + line);
                // Without the bar, every part left is a whole part of the full line.
                String rest = line.substring(bar.end()).strip();
                for (String part : rest.isEmpty() ? new String[0] : rest.split(" (?=ETA|[0-9]+:|[0-9.]+ MiB/s|[0-9,]+ rows)")) {
                    assertTrue(full.contains(part), width + ": \"" + part + "\" is cut in " + line);
                }
            }
        }
    }

    @Test
    void anUnknownSizeHasNoBar() {
        assertEquals("load 120 MiB 0:01:02 1.9 MiB/s 85,000 rows committed",
                BYTES.line("load", 120 * MIB, -1, Duration.ofSeconds(62), "85,000 rows committed", 80));
        assertEquals("load 1.9 MiB/s",
                BYTES.line("load", 120 * MIB, -1, Duration.ofSeconds(62), "85,000 rows committed", 20));
    }
}
