package dev.big.trino;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.big.db.Db;
import dev.big.db.FieldDef;
import dev.big.db.Row;
import dev.big.db.Snapshot;
import dev.big.db.TableDef;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * A table is the union of its files, so a field some file lacks is null in every record of that
 * file. The connector rewrites the pushed filter for such a file ({@link PushedFilter#forFields});
 * before, the file made no split at all, which lost its records for {@code b IS NULL} and
 * {@code NOT b = 1}. The oracle is big itself: the original filter on a file whose table has the
 * field but no value in it, against the rewritten filter on a file without the field, same records.
 */
class FilterOnAFileWithoutTheFieldTest {

    private static final BigColumnHandle A = new BigColumnHandle("a", ColumnKind.INT, -1);
    private static final BigColumnHandle B = new BigColumnHandle("b", ColumnKind.INT, -1);
    private static final BigColumnHandle K = new BigColumnHandle("k", ColumnKind.KEYED, -1);

    @Test
    void everyFilterSelectsWhatItWouldIfTheFieldWereNullEverywhere() throws Exception {
        Path dir = Files.createTempDirectory(Files.createDirectories(Path.of("target", "test-files")), "filter-missing-field");
        SplittableRandom random = new SplittableRandom(29);
        try (Db with = Db.create(dir.resolve("with.big"), List.of(TableDef.of("t", FieldDef.intField("a"), FieldDef.intField("b"),
                FieldDef.keyed("k"))));
             Db without = Db.create(dir.resolve("without.big"), List.of(TableDef.of("t", FieldDef.intField("a"), FieldDef.keyed("k"))))) {
            for (int i = 0; i < 200; i++) {
                Row row = Row.of("a", random.nextInt(4) == 0 ? null : (long) random.nextInt(4),
                        "k", random.nextInt(4) == 0 ? null : "k" + random.nextInt(3));
                with.put("t", i, row);
                without.put("t", i, row);
            }
            try (Snapshot full = with.read(); Snapshot partial = without.read()) {
                Set<String> fields = Set.of("a", "k");
                for (int trial = 0; trial < 2000; trial++) {
                    PushedFilter filter = randomFilter(random, 3);
                    PushedFilter rewritten = filter.forFields(fields);
                    assertEquals(full.count("t", filter.toFilter()), partial.count("t", rewritten.toFilter()),
                            filter + " rewritten as " + rewritten);
                }
                assertEquals(200, partial.count("t", PushedFilter.isNull(B).forFields(fields).toFilter()), "b IS NULL: all");
                assertEquals(PushedFilter.NONE, PushedFilter.not(PushedFilter.isNull(B)).forFields(fields), "b IS NOT NULL: none");
            }
        }
    }

    private static PushedFilter randomFilter(SplittableRandom random, int depth) {
        int choice = random.nextInt(depth > 0 ? 9 : 5);
        BigColumnHandle column = random.nextBoolean() ? B : A;
        return switch (choice) {
            case 0 -> PushedFilter.compare(List.of("eq", "ne", "lt", "le", "gt", "ge").get(random.nextInt(6)), column,
                    Integer.toString(random.nextInt(4)));
            case 1 -> PushedFilter.isNull(column);
            case 2 -> PushedFilter.in(column, List.of(Integer.toString(random.nextInt(4)), Integer.toString(random.nextInt(4))));
            case 3 -> PushedFilter.compare("eq", K, "k" + random.nextInt(3));
            case 4 -> PushedFilter.ALL;
            case 5, 6 -> PushedFilter.not(randomFilter(random, depth - 1));
            default -> {
                List<PushedFilter> children = new ArrayList<>();
                for (int i = 0; i < 2 + random.nextInt(2); i++) {
                    children.add(randomFilter(random, depth - 1));
                }
                yield choice == 7 ? PushedFilter.and(children) : PushedFilter.or(children);
            }
        };
    }
}
