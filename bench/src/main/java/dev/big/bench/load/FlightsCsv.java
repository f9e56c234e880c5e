package dev.big.bench.load;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.SplittableRandom;

/**
 * A flights-like CSV, the shape issue 19 measured loads with: a header, then per row a departure
 * time without a zone ({@code 2024-01-01 06:00:00}, as DuckDB writes timestamps), a carrier of 16,
 * a flight number, an origin and a destination of 300 airports, departure and arrival delays (about
 * 2% empty), a distance, a cancelled flag and an air time (empty when cancelled). Seeded: the same
 * rows for the same count, every run.
 */
public final class FlightsCsv {

    static final String HEADER = "departs,carrier,flight,origin,dest,dep_delay,arr_delay,distance,cancelled,air_time";
    private static final long SEED = 19;
    private static final LocalDateTime START = LocalDateTime.of(2024, 1, 1, 0, 0);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    /**
     * {@code dir/flights-ROWS.csv}, written unless it is there already (a file is renamed into
     * place only once complete, so one that exists is whole).
     */
    public static Path ensure(Path dir, long rows) {
        Path file = dir.resolve("flights-" + rows + ".csv");
        if (Files.exists(file)) {
            return file;
        }
        Path partial = dir.resolve(file.getFileName() + ".partial");
        try {
            Files.createDirectories(dir);
            try (BufferedWriter out = Files.newBufferedWriter(partial, StandardCharsets.UTF_8)) {
                write(out, rows);
            }
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("writing " + file + " failed: " + e.getMessage(), e);
        }
        return file;
    }

    static void write(Appendable out, long rows) throws IOException {
        SplittableRandom random = new SplittableRandom(SEED);
        String[] carriers = new String[16];
        for (int i = 0; i < carriers.length; i++) {
            carriers[i] = "" + (char) ('A' + i) + (char) ('A' + (i * 7) % 26);
        }
        String[] airports = new String[300];
        for (int i = 0; i < airports.length; i++) {
            airports[i] = "" + (char) ('A' + i % 26) + (char) ('A' + (i / 26) % 26) + (char) ('A' + (i * 11) % 26);
        }
        out.append(HEADER).append('\n');
        StringBuilder line = new StringBuilder(96);
        for (long r = 0; r < rows; r++) {
            line.setLength(0);
            boolean cancelled = random.nextInt(50) == 0;
            int origin = random.nextInt(airports.length);
            int dest = (origin + 1 + random.nextInt(airports.length - 1)) % airports.length;
            int distance = 80 + random.nextInt(4_900);
            line.append(TIME.format(START.plusSeconds(r * 3 + random.nextInt(3)))).append(',')
                    .append(carriers[random.nextInt(carriers.length)]).append(',')
                    .append(1 + random.nextInt(7_000)).append(',')
                    .append(airports[origin]).append(',').append(airports[dest]).append(',');
            if (random.nextInt(50) != 0) {
                line.append(random.nextInt(240) - 30);
            }
            line.append(',');
            if (!cancelled && random.nextInt(50) != 0) {
                line.append(random.nextInt(260) - 45);
            }
            line.append(',').append(distance).append(',').append(cancelled).append(',');
            if (!cancelled) {
                line.append(distance / 8 + random.nextInt(40));
            }
            out.append(line).append('\n');
        }
    }

    private FlightsCsv() {}
}
