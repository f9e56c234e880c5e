package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Tables are aligned by terminal cells: CJK and emoji take two, combining marks none. */
class ResultPrinterTest {

    private static final List<String> COLUMNS = List.of("city", "n", "note");
    private static final List<List<Object>> ROWS = List.of(
            Arrays.asList("東京", 1L, "🚀 launch"),
            Arrays.asList("Zürich", 22L, "e\u0301t\u00e9"),
            Arrays.asList("NYC", 333L, null));

    private static String print(OutputFormat format) {
        StringWriter text = new StringWriter();
        ResultPrinter.print(COLUMNS, ROWS, format, new PrintWriter(text));
        return text.toString();
    }

    @Test
    void wideCharactersTakeTwoCellsAndCombiningMarksNone() {
        assertEquals("""
                city   |   n | note
                -------+-----+----------
                東京   |   1 | 🚀 launch
                Zürich |  22 | e\u0301t\u00e9
                NYC    | 333 |
                """, print(OutputFormat.TABLE));
        assertEquals("""
                | city   |   n | note      |
                | ------ | --: | --------- |
                | 東京   |   1 | 🚀 launch |
                | Zürich |  22 | e\u0301t\u00e9       |
                | NYC    | 333 |           |
                """, print(OutputFormat.MARKDOWN));
    }

    @Test
    void cellWidths() {
        assertEquals(4, TextGrid.width("東京"));
        assertEquals(2, TextGrid.width("🚀"), "one code point, two UTF-16 units, two cells");
        assertEquals(3, TextGrid.width("e\u0301t\u00e9"), "the combining accent takes no cell");
        assertEquals(5, TextGrid.width("abc一"));
    }
}
