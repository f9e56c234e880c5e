package dev.big.db.check;

import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.big.db.CheckReport;
import dev.big.page.LeafPage;
import dev.big.page.PageFormat;
import dev.big.page.PageHeader;
import dev.big.page.RootsPage;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * A fragment held inline in its roots entry (file format 6) whose leaf image says it is longer than
 * it is: the roots page is rewritten with every checksum up to the meta page re-sealed, so only the
 * check of the inline leaf itself can see it, and it names the roots page and the fragment.
 */
class InlineLeafCheckTest {

    @Test
    void anInlineLeafWhoseHeaderDoesNotFitItsEntryIsReported() {
        Path file = CheckFixture.copy("inline-leaf");
        ResealingEditor.InlineEntry entry;
        try (ResealingEditor editor = new ResealingEditor(file)) {
            assertFalse(editor.inlineEntries().isEmpty(), "the fixture holds no fragment inline");
            entry = editor.inlineEntries().getFirst();
            editor.rewrite(entry.rootsPgno(), page -> {
                var leaf = RootsPage.inlineLeaf(LeafPage.payload(page, entry.cell()));
                leaf.set(PageFormat.LE_INT, PageHeader.EXTRA_OFFSET, (int) leaf.byteSize() + 8);
            });
        }
        CheckReport report = CheckFixture.check(file);
        CheckFixture.assertProblem(report, "page " + entry.rootsPgno(), "the inline leaf of fragment",
                "not an inline leaf of");
    }
}
