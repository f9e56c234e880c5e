package dev.big.db.field;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Filter;
import dev.big.db.InvalidInputException;
import dev.big.db.Row;
import dev.big.db.Snapshot;
import dev.big.db.TableDef;
import dev.big.db.exchange.Exporter;
import dev.big.db.exchange.Importer;
import dev.big.testing.TestDirs;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The decimal field kind through the typed API: values keep their scale exactly, nothing is ever
 * rounded on the way in, a filter's constant finer than the scale compares exactly, and the field
 * survives reopening, export and import, and the integrity check.
 */
class DecimalFieldTest {

    private static final TableDef PRICES = new TableDef("prices", List.of(FieldDef.decimal("price", 2), FieldDef.keyed("item")));

    @Test
    void valuesReadBackAtTheFieldsScaleAfterReopening() {
        Path file = TestDirs.newDir("decimal-reopen").resolve("prices.big");
        try (Db db = Db.create(file, List.of(PRICES))) {
            db.append("prices", Row.of("price", new BigDecimal("12.5"), "item", "a"));
            db.append("prices", Row.of("price", 7, "item", "b"));
            db.append("prices", Row.of("price", new BigDecimal("-0.01"), "item", "c"));
            db.append("prices", Row.of("price", new BigDecimal("9999999999999999.99"), "item", "d"));
        }
        try (Db db = Db.open(file); Snapshot snapshot = db.read()) {
            assertEquals(FieldDef.decimal("price", 2), snapshot.table("prices").fields().get(0));
            assertEquals(new BigDecimal("12.50"), snapshot.value("prices", 0, "price"));
            assertEquals(new BigDecimal("7.00"), snapshot.value("prices", 1, "price"));
            assertEquals(new BigDecimal("-0.01"), snapshot.value("prices", 2, "price"));
            assertEquals(new BigDecimal("9999999999999999.99"), snapshot.value("prices", 3, "price"));
            assertTrue(db.check().ok(), db.check().toString());
        }
    }

    @Test
    void valuesThatWouldNeedRoundingAreRefusedNamingFieldAndValue() {
        try (Db db = Db.create(TestDirs.newDir("decimal-refusals").resolve("prices.big"), List.of(PRICES))) {
            InvalidInputException finer = assertThrows(InvalidInputException.class,
                    () -> db.append("prices", Row.of("price", new BigDecimal("1.255"))));
            assertTrue(finer.getMessage().contains("field 'price'") && finer.getMessage().contains("1.255 has 3 digits after the point")
                    && finer.getMessage().contains("never rounds"), finer.getMessage());
            // Trailing zeros are not digits that need rounding.
            db.append("prices", Row.of("price", new BigDecimal("1.2500")));
            InvalidInputException wide = assertThrows(InvalidInputException.class,
                    () -> db.append("prices", Row.of("price", new BigDecimal("10000000000000000"))));
            assertTrue(wide.getMessage().contains("more than 18 digits"), wide.getMessage());
            InvalidInputException inexact = assertThrows(InvalidInputException.class,
                    () -> db.append("prices", Row.of("price", 1.5)));
            assertTrue(inexact.getMessage().contains("expected a BigDecimal or an integer, got 1.5 (Double)"), inexact.getMessage());
            try (Snapshot snapshot = db.read()) {
                assertEquals(1, snapshot.count("prices"));
            }
        }
    }

    @Test
    void definitionsOutsideTheKindAreRefused() {
        InvalidInputException scale = assertThrows(InvalidInputException.class, () -> FieldDef.decimal("p", 19));
        assertTrue(scale.getMessage().contains("0 to 18 digits after the point, not 19"), scale.getMessage());
        InvalidInputException bounds = assertThrows(InvalidInputException.class,
                () -> new FieldDef("p", dev.big.db.FieldType.DECIMAL, 0L, 10L, 2));
        assertTrue(bounds.getMessage().contains("decimal fields take no min/max bounds"), bounds.getMessage());
        InvalidInputException intScale = assertThrows(InvalidInputException.class,
                () -> new FieldDef("n", dev.big.db.FieldType.INT, null, null, 2));
        assertTrue(intScale.getMessage().contains("only decimal fields take a scale"), intScale.getMessage());
    }

    /** Every comparison, against a model, with constants on, between and beyond the stored steps. */
    @Test
    void filtersMatchAModelForConstantsOnAndBetweenSteps() {
        Random random = new Random(42);
        List<BigDecimal> values = new ArrayList<>();
        try (Db db = Db.create(TestDirs.newDir("decimal-filters").resolve("prices.big"), List.of(PRICES))) {
            List<Row> records = new ArrayList<>();
            for (int i = 0; i < 3000; i++) {
                BigDecimal value = random.nextInt(10) == 0 ? null : BigDecimal.valueOf(random.nextInt(2001) - 1000, 2);
                values.add(value);
                records.add(value == null ? Row.of("item", "none") : Row.of("price", value));
            }
            db.bulkLoad("prices", records);
            try (Snapshot snapshot = db.read()) {
                for (int i = 0; i < 300; i++) {
                    BigDecimal c = BigDecimal.valueOf(random.nextInt(2401) - 1200, 2 + random.nextInt(3));
                    check(snapshot, values, Filter.eq("price", c), v -> v.compareTo(c) == 0);
                    check(snapshot, values, Filter.ne("price", c), v -> v.compareTo(c) != 0);
                    check(snapshot, values, Filter.lt("price", c), v -> v.compareTo(c) < 0);
                    check(snapshot, values, Filter.le("price", c), v -> v.compareTo(c) <= 0);
                    check(snapshot, values, Filter.gt("price", c), v -> v.compareTo(c) > 0);
                    check(snapshot, values, Filter.ge("price", c), v -> v.compareTo(c) >= 0);
                    BigDecimal d = c.add(BigDecimal.valueOf(random.nextInt(500), 3));
                    check(snapshot, values, Filter.between("price", c, d), v -> v.compareTo(c) >= 0 && v.compareTo(d) <= 0);
                    check(snapshot, values, Filter.not(Filter.between("price", c, d)), v -> v.compareTo(c) < 0 || v.compareTo(d) > 0);
                }
                BigInteger sum = BigInteger.ZERO;
                for (BigDecimal v : values) {
                    sum = v == null ? sum : sum.add(v.unscaledValue());
                }
                // The typed aggregate is in stored (unscaled) units, as documented.
                assertEquals(sum, snapshot.aggregate("prices", "price", Filter.all()).sum());
            }
        }
    }

    private static void check(Snapshot snapshot, List<BigDecimal> values, Filter filter, Predicate<BigDecimal> model) {
        long expected = values.stream().filter(v -> v != null && model.test(v)).count();
        assertEquals(expected, snapshot.count("prices", filter), filter.toString());
    }

    @Test
    void exportAndImportKeepTheScaleAndTheValues() {
        Path dir = TestDirs.newDir("decimal-export");
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        try (Db db = Db.create(dir.resolve("source.big"), List.of(new TableDef("t", List.of(FieldDef.decimal("tiny", 18)))))) {
            db.append("t", Row.of("tiny", new BigDecimal("0.000000000000000001")));
            db.append("t", Row.of("tiny", new BigDecimal("-0.999999999999999999")));
            Exporter.export(db, stream, "memory");
        }
        Importer.importStream(new ByteArrayInputStream(stream.toByteArray()), "memory", dir.resolve("copy.big"));
        try (Db copy = Db.open(dir.resolve("copy.big")); Snapshot snapshot = copy.read()) {
            assertEquals(FieldDef.decimal("tiny", 18), snapshot.table("t").fields().get(0));
            assertEquals(new BigDecimal("0.000000000000000001"), snapshot.value("t", 0, "tiny"));
            assertEquals(new BigDecimal("-0.999999999999999999"), snapshot.value("t", 1, "tiny"));
            assertEquals(1, snapshot.count("t", Filter.gt("tiny", BigDecimal.ZERO)));
            assertTrue(copy.check().ok(), copy.check().toString());
        }
    }
}
