package dev.big.db.check;

import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.big.db.CheckReport;
import dev.big.page.BranchPage;
import dev.big.page.LeafPage;
import dev.big.page.PageHeader;
import dev.big.page.PageKind;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A branch separator above the smallest key of the child it leads to: a lookup of that key goes
 * to the child before and finds nothing. The branch page is rewritten with its checksum and
 * identity intact and every checksum up to the meta page re-sealed, so only a check of key ranges
 * can see it.
 */
class SeparatorCheckTest {

    @Test
    void aSeparatorAboveItsChildsFirstKeyIsReported() {
        Path file = CheckFixture.copy("separator");
        long branchPgno;
        long raised;
        try (ResealingEditor editor = new ResealingEditor(file)) {
            assertFalse(editor.fragmentBranches().isEmpty(), "the fixture has no branch page in a fragment tree");
            branchPgno = editor.fragmentBranches().getFirst().pgno();
            MemorySegment branch = editor.read(branchPgno);
            MemorySegment child = editor.read(BranchPage.childPgno(branch, 1));
            // The child's second key: still below the next separator, so the keys stay increasing.
            raised = PageHeader.kind(child) == PageKind.BRANCH ? BranchPage.key(child, 1) : LeafPage.key(child, 1);
            long childPgno = BranchPage.childPgno(branch, 1);
            long childChecksum = BranchPage.childChecksum(branch, 1);
            editor.rewrite(branchPgno, page -> BranchPage.setChild(page, 1, raised, childPgno, childChecksum));
        }
        CheckReport report = CheckFixture.check(file);
        CheckFixture.assertProblem(report, "separator", "page " + branchPgno, "separator " + raised);
    }
}
