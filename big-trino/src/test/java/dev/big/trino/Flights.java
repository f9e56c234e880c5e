package dev.big.trino;

import dev.big.db.FieldDef;
import dev.big.db.TableDef;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * Flights-like records, the shape of bench's {@code FlightsCsv} (the same seed and the same draws
 * in the same order, so record {@code r} here is line {@code r} of its CSV): a departure time every
 * three seconds or so from 2024-01-01, a carrier of 16, a flight number, an origin and a destination
 * of 300 airports, departure and arrival delays (about 2% missing), a distance, a cancelled flag and
 * an air time (missing when cancelled). The record's id is its line number. Generated here rather
 * than parsed from the CSV so the comparison needs no file and no parser; and a dimension of the
 * same 300 airports, each with a state, for joins.
 */
final class Flights {

    static final TableDef FLIGHTS = TableDef.of("flights", FieldDef.timestamp("departs"), FieldDef.keyed("carrier"),
            FieldDef.intField("flight"), FieldDef.keyed("origin"), FieldDef.keyed("dest"), FieldDef.intField("dep_delay"),
            FieldDef.intField("arr_delay"), FieldDef.intField("distance"), FieldDef.bool("cancelled"), FieldDef.intField("air_time"));
    static final TableDef AIRPORTS = TableDef.of("airports", FieldDef.keyed("code"), FieldDef.keyed("state"));

    static final int AIRPORT_COUNT = 300;
    static final int STATE_COUNT = 50;
    private static final long SEED = 19;
    private static final long START_MILLIS = LocalDateTime.of(2024, 1, 1, 0, 0).toInstant(ZoneOffset.UTC).toEpochMilli();

    /** One flight; a null delay or air time is a missing value. */
    record Flight(long id, long departsMillis, String carrier, long flight, String origin, String dest, Long depDelay, Long arrDelay,
                  long distance, boolean cancelled, Long airTime) {}

    /** One airport of the dimension. */
    record Airport(String code, String state) {}

    private Flights() {}

    /** Hands {@code consumer} flights 0 to {@code rows - 1}, in id order; the same ones every run. */
    static void generate(long rows, Consumer<Flight> consumer) {
        SplittableRandom random = new SplittableRandom(SEED);
        String[] carriers = new String[16];
        for (int i = 0; i < carriers.length; i++) {
            carriers[i] = "" + (char) ('A' + i) + (char) ('A' + (i * 7) % 26);
        }
        List<String> codes = airportCodes();
        for (long r = 0; r < rows; r++) {
            boolean cancelled = random.nextInt(50) == 0;
            int origin = random.nextInt(AIRPORT_COUNT);
            int dest = (origin + 1 + random.nextInt(AIRPORT_COUNT - 1)) % AIRPORT_COUNT;
            long distance = 80 + random.nextInt(4_900);
            long departs = START_MILLIS + (r * 3 + random.nextInt(3)) * 1000;
            String carrier = carriers[random.nextInt(carriers.length)];
            long flight = 1 + random.nextInt(7_000);
            Long depDelay = random.nextInt(50) != 0 ? (long) (random.nextInt(240) - 30) : null;
            Long arrDelay = !cancelled && random.nextInt(50) != 0 ? (long) (random.nextInt(260) - 45) : null;
            Long airTime = cancelled ? null : distance / 8 + random.nextInt(40);
            consumer.accept(new Flight(r, departs, carrier, flight, codes.get(origin), codes.get(dest), depDelay, arrDelay, distance,
                    cancelled, airTime));
        }
    }

    /** The airports, each in one of {@link #STATE_COUNT} states, unevenly (some states have many airports). */
    static List<Airport> airports() {
        List<String> codes = airportCodes();
        List<Airport> airports = new ArrayList<>();
        for (int i = 0; i < codes.size(); i++) {
            int state = (int) ((long) i * i % 97) % STATE_COUNT;
            airports.add(new Airport(codes.get(i), "S" + (char) ('A' + state / 26) + (char) ('A' + state % 26)));
        }
        return airports;
    }

    private static List<String> airportCodes() {
        List<String> codes = new ArrayList<>();
        for (int i = 0; i < AIRPORT_COUNT; i++) {
            codes.add("" + (char) ('A' + i % 26) + (char) ('A' + (i / 26) % 26) + (char) ('A' + (i * 11) % 26));
        }
        return codes;
    }
}
