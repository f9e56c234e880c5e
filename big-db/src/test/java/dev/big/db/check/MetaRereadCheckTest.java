package dev.big.db.check;

import dev.big.db.CheckReport;
import dev.big.db.Db;
import dev.big.page.MetaPage;
import dev.big.page.PageFormat;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;

/**
 * The check reads the meta slot of the commit it checks from the file again instead of trusting
 * the copy read at open: a slot damaged or rewritten on disk since is reported.
 */
class MetaRereadCheckTest {

    @Test
    void aMetaSlotRewrittenOnDiskWithOtherContentsIsReported() throws IOException {
        Path file = CheckFixture.copy("meta-different");
        try (Db db = Db.openReadOnly(file)) {
            int slot = MetaPage.slotOf(db.store().txid());
            MemorySegment page = readSlot(file, slot);
            MetaPage.State state = MetaPage.read(page);
            MetaPage.write(page, new MetaPage.State(state.formatVersion(), state.txid(), state.pageCount(), state.roots(), state.catalog(),
                    state.freelist(), state.freePages() + 3, state.commitMillis()));
            writeSlot(file, slot, page);
            CheckReport report = db.check();
            CheckFixture.assertProblem(report, "meta slot " + slot, "free pages " + (state.freePages() + 3),
                    "free pages " + state.freePages());
        }
    }

    @Test
    void aMetaSlotDamagedOnDiskIsReported() throws IOException {
        Path file = CheckFixture.copy("meta-damaged");
        try (Db db = Db.openReadOnly(file)) {
            int slot = MetaPage.slotOf(db.store().txid());
            writeSlot(file, slot, MemorySegment.ofArray(new byte[PageFormat.PAGE_SIZE_BYTES]));
            CheckReport report = db.check();
            CheckFixture.assertProblem(report, "meta slot " + slot, "commit " + db.store().txid());
        }
    }

    private static MemorySegment readSlot(Path file, int slot) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer buffer = ByteBuffer.allocate(PageFormat.PAGE_SIZE_BYTES);
            channel.read(buffer, PageFormat.offsetOf(slot));
            return MemorySegment.ofArray(buffer.array());
        }
    }

    private static void writeSlot(Path file, int slot, MemorySegment page) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.write(page.asByteBuffer(), PageFormat.offsetOf(slot));
        }
    }
}
