package dev.big.cli;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;

/**
 * A progress bar on stderr when a person is watching (see {@link Terminal#interactive()}), and
 * nothing at all when output is piped or redirected, so logs and scripts see only results.
 */
final class Progress implements AutoCloseable {

    private final ProgressBar bar;

    private Progress(ProgressBar bar) {
        this.bar = bar;
    }

    /**
     * A bar towards {@code max} (unknown: -1) in units of {@code unitSize} named {@code unit}
     * (" MiB" with 1 << 20 for bytes, "" with 1 for counts).
     */
    static Progress start(String task, long max, String unit, long unitSize) {
        if (!Terminal.interactive()) {
            return new Progress(null);
        }
        ProgressBarBuilder builder = new ProgressBarBuilder().setTaskName(task).setInitialMax(max)
                .setUpdateIntervalMillis(250).setRenderer(new ProgressLine(unit, unitSize))
                .setConsumer(new ConsoleProgressBarConsumer(System.err));
        return new Progress(builder.build());
    }

    /** Whether a bar is drawn (a person is watching). */
    boolean shown() {
        return bar != null;
    }

    void stepTo(long position) {
        if (bar != null) {
            bar.stepTo(position);
        }
    }

    void extra(String message) {
        if (bar != null) {
            bar.setExtraMessage(message);
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
