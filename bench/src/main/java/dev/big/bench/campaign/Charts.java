package dev.big.bench.campaign;

import dev.big.bench.bsi.BsiDataset;
import dev.big.bench.compare.PeerEngines;
import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

/**
 * The report's PNG charts (xchart, drawn headless): p50 latency per shape per engine (the standard
 * shapes, and the analyst's shapes of issue 17 in a chart of their own), durable
 * ingest rate per capacity per engine, write amplification by id layout and batch, and the cost
 * of a point read and of a count per bit plane. A chart whose numbers the run did not measure is
 * left out. Returns the file names written.
 */
final class Charts {

    static final String LATENCY = "latency-p50.png";
    static final String ANALYST_LATENCY = "latency-analyst-p50.png";
    static final String INGEST = "ingest.png";
    static final String AMPLIFICATION = "amplification.png";
    static final String PLANE_COST = "plane-cost.png";

    private static final Color[] ENGINE_COLORS = {
        new Color(0xD6, 0x27, 0x28), new Color(0xFF, 0x7F, 0x0E), new Color(0x1F, 0x77, 0xB4),
        new Color(0x2C, 0xA0, 0x2C), new Color(0x94, 0x67, 0xBD), new Color(0x8C, 0x56, 0x4B)};

    static List<String> write(CampaignResults results, Path dir) {
        System.setProperty("java.awt.headless", "true");
        List<String> written = new ArrayList<>();
        latency(results, false, "p50 latency per query shape, ")
                .ifPresent(chart -> save(chart, dir, LATENCY, written));
        latency(results, true, "p50 latency per analyst's shape (issue 17), ")
                .ifPresent(chart -> save(chart, dir, ANALYST_LATENCY, written));
        ingest(results).ifPresent(chart -> save(chart, dir, INGEST, written));
        amplification(results).ifPresent(chart -> save(chart, dir, AMPLIFICATION, written));
        planeCost(results).ifPresent(chart -> save(chart, dir, PLANE_COST, written));
        return written;
    }

    /** The standard shapes, or the analyst's (which fewer engines answer), each engine that has them all. */
    private static Optional<Chart<?, ?>> latency(CampaignResults results, boolean analyst, String title) {
        List<String> shapes = new ArrayList<>();
        for (LatencyShape shape : LatencyShape.values()) {
            if (shape.analyst() == analyst && (results.metric(Metric.name(shape.id(), "p50", "big")).isPresent()
                    || results.metric(Metric.name(shape.id(), "p50", "big-api")).isPresent())) {
                shapes.add(shape.id());
            }
        }
        if (shapes.isEmpty()) {
            return Optional.empty();
        }
        CategoryChart chart = categoryChart(title + count(results.records()) + " records",
                "shape", "p50 (µs, log scale)", 1400, 650);
        chart.getStyler().setXAxisLabelRotation(30);
        int color = 0;
        for (String engine : PeerEngines.NAMES) {
            List<Double> values = new ArrayList<>();
            for (String shape : shapes) {
                results.metric(Metric.name(shape, "p50", engine)).ifPresent(m -> values.add(m.value()));
            }
            if (values.size() == shapes.size()) {
                chart.addSeries(engine, shapes, values).setFillColor(ENGINE_COLORS[color % ENGINE_COLORS.length]);
            }
            color++;
        }
        return chart.getSeriesMap().isEmpty() ? Optional.empty() : Optional.of(chart);
    }

    private static Optional<Chart<?, ?>> ingest(CampaignResults results) {
        List<String> shapes = Budget.CAPACITIES.stream().map(c -> "ingest_" + c)
                .filter(shape -> results.metric(Metric.name(shape, "median", "big")).isPresent()).toList();
        if (shapes.isEmpty()) {
            return Optional.empty();
        }
        CategoryChart chart = categoryChart("durable ingest rate by batch capacity (median of runs)", "capacity (records per commit)",
                "records/s (log scale)", 900, 550);
        int color = 0;
        for (String engine : PeerEngines.NAMES) {
            List<String> present = new ArrayList<>();
            List<Double> values = new ArrayList<>();
            for (String shape : shapes) {
                Optional<Metric> metric = results.metric(Metric.name(shape, "median", engine));
                if (metric.isPresent()) {
                    present.add(shape.substring("ingest_".length()));
                    values.add(metric.get().value());
                }
            }
            if (values.size() == shapes.size()) {
                chart.addSeries(engine, present, values).setFillColor(ENGINE_COLORS[color % ENGINE_COLORS.length]);
            }
            color++;
        }
        return chart.getSeriesMap().isEmpty() ? Optional.empty() : Optional.of(chart);
    }

    private static Optional<Chart<?, ?>> amplification(CampaignResults results) {
        CategoryChart chart = categoryChart("big: bytes written per record by id layout and batch", "write mode",
                "bytes written per record (log scale)", 900, 550);
        for (String layout : AmplificationPhase.LAYOUTS) {
            List<String> modes = new ArrayList<>();
            List<Double> values = new ArrayList<>();
            for (String mode : AmplificationPhase.MODES) {
                results.metric(Metric.name("amplification", "bytes_written", AmplificationPhase.cellName(layout, mode)))
                        .ifPresent(m -> {
                            modes.add(mode);
                            values.add(m.value());
                        });
            }
            if (values.size() == AmplificationPhase.MODES.size()) {
                chart.addSeries(layout, modes, values);
            }
        }
        return chart.getSeriesMap().isEmpty() ? Optional.empty() : Optional.of(chart);
    }

    private static Optional<Chart<?, ?>> planeCost(CampaignResults results) {
        List<Double> depths = new ArrayList<>();
        List<Double> reads = new ArrayList<>();
        List<Double> counts = new ArrayList<>();
        for (int depth : BsiDataset.DEPTHS) {
            Optional<Metric> read = results.metric(Metric.name("plane_cost_point_read", "median", "big@depth" + depth));
            Optional<Metric> count = results.metric(Metric.name("plane_cost_count_ge", "median", "big@depth" + depth));
            if (read.isPresent() && count.isPresent()) {
                depths.add((double) depth);
                reads.add(read.get().value());
                counts.add(count.get().value());
            }
        }
        if (depths.isEmpty()) {
            return Optional.empty();
        }
        XYChart chart = new XYChartBuilder().width(900).height(550).title("big: cost per bit plane (uniform values of d bits)")
                .xAxisTitle("bit depth d (planes)").yAxisTitle("point read (ns)").build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        chart.getStyler().setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        XYSeries read = chart.addSeries("point read (ns, left axis)", depths, reads);
        read.setYAxisGroup(0);
        XYSeries count = chart.addSeries("count >= t, t random (µs, right axis)", depths, counts);
        count.setYAxisGroup(1);
        chart.setYAxisGroupTitle(1, "count_ge (µs)");
        return Optional.of(chart);
    }

    private static CategoryChart categoryChart(String title, String xTitle, String yTitle, int width, int height) {
        CategoryChart chart = new CategoryChartBuilder().width(width).height(height).title(title).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setAvailableSpaceFill(0.85);
        return chart;
    }

    private static String count(long records) {
        return String.format(Locale.ROOT, "%,d", records);
    }

    private static void save(Chart<?, ?> chart, Path dir, String fileName, List<String> written) {
        if (chart instanceof CategoryChart bars) {
            // Bars stand on the axis minimum, which xchart puts at 0 unless told: a log axis needs a positive floor.
            double smallest = bars.getSeriesMap().values().stream()
                    .flatMap(series -> series.getYData().stream()).mapToDouble(Number::doubleValue).min().orElse(1);
            bars.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(smallest))));
        }
        try {
            BitmapEncoder.saveBitmap(chart, dir.resolve(fileName).toString(), BitmapEncoder.BitmapFormat.PNG);
            written.add(fileName);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the chart " + fileName, e);
        }
    }

    private Charts() {}
}
