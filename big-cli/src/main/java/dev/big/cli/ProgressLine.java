package dev.big.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import me.tongfei.progressbar.ProgressBarRenderer;
import me.tongfei.progressbar.ProgressState;

/**
 * The progress bar's line, fitted to the terminal: {@code load 42% [=====>    ] 120/512 MiB
 * 0:01:02 ETA 0:00:40 12.3 MiB/s 85,000 rows committed}. When the width runs short, whole parts
 * are left out rather than cut: each is taken, most useful first (the ETA, the extra message, the
 * speed, the amounts, the elapsed time), if it still fits beside a bar of at least
 * {@value #MIN_BAR_CELLS} cells, and the bar takes what is left (up to {@value #MAX_BAR_CELLS}).
 * Only a terminal too narrow for the task, its percentage and that bar gets the first two alone,
 * cut if need be. (The library's own renderer shrank the bar to one cell at 80 columns and then cut
 * the text.)
 */
final class ProgressLine implements ProgressBarRenderer {

    static final int MIN_BAR_CELLS = 10;
    private static final int MAX_BAR_CELLS = 40;

    private final String unit;
    private final long unitSize;

    /** Amounts in units of {@code unitSize} named {@code unit} (" MiB" with 1 << 20 for bytes, "" with 1 for counts). */
    ProgressLine(String unit, long unitSize) {
        this.unit = unit;
        this.unitSize = unitSize;
    }

    @Override
    public String render(ProgressState state, int width) {
        return line(state.getTaskName(), state.getCurrent(), state.isIndefinite() ? -1 : state.getMax(),
                state.getTotalElapsed(), state.getExtraMessage(), width);
    }

    /** A part of the line after the bar, and where it shows in reading order. */
    private record Part(String text, int position) {}

    /** The line for {@code current} of {@code max} (unknown: -1) after {@code elapsed}, at most {@code width} cells wide. */
    String line(String task, long current, long max, Duration elapsed, String extra, int width) {
        boolean known = max > 0;
        String head = task + (known ? String.format(Locale.ROOT, " %d%%", Math.min(100, current * 100 / max)) : "");
        double seconds = elapsed.toMillis() / 1000.0;
        // The parts, most useful first: what is kept when not everything fits.
        List<Part> parts = new ArrayList<>();
        if (known && current > 0 && current < max && seconds > 0) {
            parts.add(new Part("ETA " + clock(Duration.ofMillis((long) (elapsed.toMillis() * (double) (max - current) / current))), 2));
        }
        if (extra != null && !extra.isBlank()) {
            parts.add(new Part(extra.strip(), 4));
        }
        if (seconds > 0) {
            parts.add(new Part(String.format(Locale.ROOT, "%.1f%s/s", current / (double) unitSize / seconds, unit), 3));
        }
        parts.add(new Part(known ? amount(current) + "/" + amount(max) + unit : amount(current) + unit, 0));
        parts.add(new Part(clock(elapsed), 1));
        int room = width - TextGrid.width(head) - (known ? 1 + MIN_BAR_CELLS : 0);
        if (room < 0) {
            // Too narrow even for the task, its percentage and a short bar.
            return cut(head, width);
        }
        // Each part in turn, most useful first, if it still fits; the bar takes what is left.
        List<Part> kept = new ArrayList<>();
        for (Part part : parts) {
            int cells = 1 + TextGrid.width(part.text());
            if (cells <= room) {
                kept.add(part);
                room -= cells;
            }
        }
        kept.sort(Comparator.comparingInt(Part::position));
        StringBuilder line = new StringBuilder(head);
        if (known) {
            line.append(' ').append(bar(current, max, Math.min(MAX_BAR_CELLS, MIN_BAR_CELLS + room)));
        }
        kept.forEach(part -> line.append(' ').append(part.text()));
        return line.toString();
    }

    private static String bar(long current, long max, int cells) {
        int inner = cells - 2;
        int filled = (int) Math.min(inner, current * inner / max);
        return "[" + "=".repeat(filled) + (filled < inner ? ">" + " ".repeat(inner - filled - 1) : "") + "]";
    }

    private String amount(long value) {
        return unitSize == 1 ? Units.count(value) : Units.count(value / unitSize);
    }

    private static String clock(Duration duration) {
        long s = Math.max(0, duration.toSeconds());
        return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }

    /** {@code text} in at most {@code width} cells. */
    private static String cut(String text, int width) {
        if (TextGrid.width(text) <= width) {
            return text;
        }
        StringBuilder out = new StringBuilder();
        int cells = 0;
        for (int i = 0; i < text.length(); ) {
            int codePoint = text.codePointAt(i);
            int w = TextGrid.width(new String(Character.toChars(codePoint)));
            if (cells + w > Math.max(0, width)) {
                break;
            }
            out.appendCodePoint(codePoint);
            cells += w;
            i += Character.charCount(codePoint);
        }
        return out.toString();
    }
}
