package dev.big.db.check;

import dev.big.db.catalog.Catalog;
import dev.big.db.catalog.FieldInfo;
import dev.big.db.catalog.TableInfo;
import dev.big.engine.ReadTxn;
import dev.big.engine.check.StoreCheckReport;
import dev.big.page.BigException;
import dev.big.page.CorruptPageException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What the database-level checks share: the commit they check, its catalog, the fragments the
 * roots tree names, and the problems found so far.
 *
 * <p>These checks read through the engine's trees, which verify every page they touch. A page
 * the store's check already reported as damaged ends the one check that met it, silently: the
 * report names the page, and what lies below it cannot be judged. Any other failure becomes a
 * problem of its own, so a check never ends with an exception instead of a report.
 */
final class CheckScope {

    /**
     * Problems one check reports before it only counts the rest: a damaged structure can disagree
     * with itself a million times, and the first ones say what the rest would.
     */
    static final int PROBLEMS_PER_CHECK = 50;

    final ReadTxn txn;
    final Catalog catalog;
    final FragmentIndex fragments;
    private final Set<Long> damagedPages;
    private final List<StoreCheckReport.Problem> problems = new ArrayList<>();
    private int reportedByThisCheck;
    private long unreported;

    /** {@code damagedPages}: the pages the store's check reported as damaged. */
    CheckScope(ReadTxn txn, Catalog catalog, FragmentIndex fragments, Set<Long> damagedPages) {
        this.txn = txn;
        this.catalog = catalog;
        this.fragments = fragments;
        this.damagedPages = damagedPages;
    }

    void problem(String kind, String message) {
        problem(new StoreCheckReport.Problem(StoreCheckReport.Problem.NO_PAGE, kind, message));
    }

    void problem(StoreCheckReport.Problem problem) {
        if (reportedByThisCheck++ < PROBLEMS_PER_CHECK) {
            problems.add(problem);
        } else {
            unreported++;
        }
    }

    List<StoreCheckReport.Problem> problems() {
        return problems;
    }

    /** Runs one check of {@code what}; see the class comment for what happens when it fails. */
    void run(String what, Runnable check) {
        reportedByThisCheck = 0;
        unreported = 0;
        try {
            check.run();
        } catch (CorruptPageException e) {
            if (!damagedPages.contains(e.pageNumber())) {
                problems.add(new StoreCheckReport.Problem(e.pageNumber(), "unreadable", "checking " + what + ": " + e.getMessage()));
            }
        } catch (BigException e) {
            problem("unreadable", "checking " + what + " failed: " + e.getMessage());
        } catch (RuntimeException e) {
            // Bytes that decode to nonsense (a truncated entry, an id out of range) end up here.
            problem("unreadable", "checking " + what + " failed: " + e);
        }
        if (unreported > 0) {
            problems.add(new StoreCheckReport.Problem(StoreCheckReport.Problem.NO_PAGE, "more", unreported + " more problem(s)"
                    + " checking " + what + ", like the ones above"));
        }
    }

    /** {@code table.field}, as schemas and queries name it. */
    static String name(TableInfo table, FieldInfo field) {
        return table.name() + "." + field.name();
    }
}
