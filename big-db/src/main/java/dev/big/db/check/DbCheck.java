package dev.big.db.check;

import dev.big.db.CheckReport;
import dev.big.db.FieldType;
import dev.big.db.catalog.Catalog;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.engine.ReadTxn;
import dev.big.engine.Store;
import dev.big.engine.bsi.OrderIndexCheck;
import dev.big.engine.check.StoreCheckReport;
import dev.big.page.CorruptPageException;
import dev.big.page.MetaPage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The full check of a database: the store's (every page, the page accounting, separators,
 * bit-plane invariants, zone-map counts, the meta slot on disk), then what big-db keeps beside
 * the data and queries answer from, which only the catalog explains: the catalog itself, which
 * field each fragment belongs to, record counts and next record ids, dictionaries and next
 * dictionary ids, field bits against existence rows, a keyed or set field's rows against its id
 * planes record by record, zone-map extremes. All of it on one commit, in one report, every
 * problem listed.
 *
 * <p>Each database-level check walks what it checks once (a fragment, a dictionary tree); none
 * does per-record work where a container operation answers. Comparing the two copies of a keyed
 * or set value is per record by nature: one look-up per record bit of the rows.
 */
public final class DbCheck {

    /** Tries to see the store's check and this one read the same commit while a writer keeps committing. */
    private static final int SAME_COMMIT_ATTEMPTS = 5;

    /** How the store's check names a fragment's field: "fragment (field 4, view 1, shard 0)". */
    private static final Pattern FIELD_ID = Pattern.compile("\\(field (\\d+),");

    public static CheckReport check(Store store) {
        for (int attempt = 1; ; attempt++) {
            try (ReadTxn txn = store.beginRead()) {
                StoreCheckReport report = store.check();
                boolean sameCommit = report.txid() == txn.baseTxid();
                if (!sameCommit && attempt < SAME_COMMIT_ATTEMPTS) {
                    continue;
                }
                List<String> notes = new ArrayList<>();
                if (!sameCommit) {
                    notes.add("the writer kept committing: pages were checked at commit " + report.txid()
                            + ", the catalog's structures at commit " + txn.baseTxid());
                }
                Set<Long> damagedPages = report.problems().stream().map(StoreCheckReport.Problem::pgno)
                        .collect(Collectors.toSet());
                StoreCheckReport merged = report.withProblems(checkCommit(txn, damagedPages));
                String fieldIds = fieldIds(txn, merged);
                if (fieldIds != null) {
                    notes.add(fieldIds);
                }
                return report(merged.withNotes(notes));
            }
        }
    }

    /** {@code report} as big-db's callers get it, so they need not know the engine's type. */
    private static CheckReport report(StoreCheckReport report) {
        return new CheckReport(report.file(), report.txid(), report.pageCount(), report.pagesChecked(),
                report.freePages(), report.problems().stream()
                        .map(p -> new CheckReport.Problem(p.pgno(), p.kind(), p.message())).toList(),
                report.notes());
    }

    /**
     * What {@link #check} adds to the store's check, alone, on {@code txn}'s commit: for a commit
     * whose pages need no verifying because this process has just written them from data it
     * verified otherwise (an import of a stream). Returns every problem found; none is thrown.
     */
    public static List<StoreCheckReport.Problem> checkStructures(ReadTxn txn) {
        return checkCommit(txn, Set.of());
    }

    /** {@code damagedPages}: what the store's check found damaged, so the checks that meet them say nothing more. */
    private static List<StoreCheckReport.Problem> checkCommit(ReadTxn txn, Set<Long> damagedPages) {
        Catalog catalog;
        FragmentIndex fragments;
        try {
            catalog = Catalog.of(txn);
            fragments = FragmentIndex.of(txn);
        } catch (CorruptPageException e) {
            // The store's check names the damaged page; without the catalog or the roots nothing here can be judged.
            return List.of();
        } catch (RuntimeException e) {
            return List.of(new StoreCheckReport.Problem(StoreCheckReport.Problem.NO_PAGE, "catalog", "the catalog cannot be"
                    + " read (" + e.getMessage() + "), so no table can: restore the file from a backup or an export"));
        }
        CheckScope scope = new CheckScope(txn, catalog, fragments, damagedPages);
        scope.run("the catalog", () -> CatalogCheck.check(scope));
        scope.run("which field each fragment belongs to", () -> FragmentOwnersCheck.check(scope));
        Map<Integer, long[]> dictionaryIds = new HashMap<>();
        ZoneMapsCheck zoneMaps = new ZoneMapsCheck();
        for (TableInfo table : catalog.tables().values()) {
            scope.run("the record counts of table " + table.name(), () -> RecordCountCheck.check(scope, table));
            for (FieldInfo field : table.fields().values()) {
                String name = CheckScope.name(table, field);
                if (field.type().hasDictionary()) {
                    scope.run("the dictionary of " + name,
                            () -> dictionaryIds.put(field.fieldId(), DictionaryCheck.check(scope, table, field)));
                }
                if (field.type() != FieldType.BOOL && field.type() != FieldType.SET) {
                    scope.run("the zone maps of " + name, () -> zoneMaps.check(scope, table, field));
                }
                scope.run("the row counts of " + name, () -> RowCountsCheck.check(scope, table, field));
                if (field.def().orderIndex()) {
                    scope.run("the order index of " + name,
                            () -> OrderIndexCheck.check(scope.txn, field.bsi(), name).forEach(scope::problem));
                    if (txn.formatVersion() < MetaPage.VERSION_ORDER_INDEX) {
                        // Only a damaged or hand-edited file gets here: a format-1 file refuses an index.
                        scope.problem("file format", name + " has an order index, which file format " + txn.formatVersion()
                                + " cannot hold (it needs " + MetaPage.VERSION_ORDER_INDEX + "): a build that reads only"
                                + " format " + txn.formatVersion() + " would write the field without keeping the index."
                                + " Run big migrate on the file with this build");
                    }
                }
            }
            scope.run("the fields of table " + table.name(), () -> FieldBitsCheck.check(scope, table, dictionaryIds));
        }
        return scope.problems();
    }

    /**
     * Which table or field each field id the problems mention is: the store's check knows
     * fragments by id only ("fragment (field 4, view 1, shard 0)").
     */
    private static String fieldIds(ReadTxn txn, StoreCheckReport report) {
        Set<Integer> mentioned = new HashSet<>();
        for (StoreCheckReport.Problem problem : report.problems()) {
            Matcher matcher = FIELD_ID.matcher(problem.message());
            while (matcher.find()) {
                mentioned.add(Integer.parseInt(matcher.group(1)));
            }
        }
        if (mentioned.isEmpty()) {
            return null;
        }
        try {
            List<String> names = new ArrayList<>();
            for (TableInfo table : Catalog.of(txn).tables().values()) {
                if (mentioned.contains(table.existsFieldId())) {
                    names.add(table.existsFieldId() + " = the records of table " + table.name());
                }
                for (FieldInfo field : table.fields().values()) {
                    if (mentioned.contains(field.fieldId())) {
                        names.add(field.fieldId() + " = " + CheckScope.name(table, field) + " (" + field.type().label() + ")");
                    }
                }
            }
            return names.isEmpty() ? null : "field ids: " + String.join(", ", names);
        } catch (RuntimeException e) {
            return null; // The catalog cannot be read: a problem says so already.
        }
    }

    private DbCheck() {}
}
