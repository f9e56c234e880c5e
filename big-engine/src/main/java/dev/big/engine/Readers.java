package dev.big.engine;

import dev.big.engine.log.LogFrames;
import dev.big.engine.tree.PageAccess;
import dev.big.page.BigException;
import dev.big.page.MetaPage;
import dev.big.page.PageHeader;
import dev.big.pager.LogFile;
import dev.big.pager.Pager;
import dev.big.pager.SnapshotPin;
import java.util.List;
import java.util.TreeMap;

/**
 * A store's readers: which commit is the latest, and which committed states readers hold (a
 * reader's snapshot is the {@link CommittedState} it pinned).
 *
 * <p>{@link #pin()} gives a reader the latest commit; pages it can see are not reused until it is
 * {@linkplain #unpin unpinned} ({@link #oldestPinnedTxid()} is what the writer asks before reusing
 * freed pages). A state that is no longer the latest commit is retired (its caches' native
 * memory freed) as soon as its last reader leaves.
 *
 * <p>A read-only store follows a writer of another handle or process: each {@link #pin()} first
 * looks for a newer commit in the file, and pins the state it reads through
 * {@link Pager#pinSnapshot} so that writer keeps its pages. The writer sees such a pin only from
 * the moment it is taken; until then it may have freed and reused the snapshot's pages, unless the
 * state was still the newest commit once pinned (the pages of commit T are freed by T+1 at the
 * earliest and reused by a transaction that starts after T+1, and then sees the pin). So a pin is
 * kept only if no newer commit appeared meanwhile, and otherwise taken again on the newer one.
 */
final class Readers {

    /** How often a read-only store retries pinning the newest snapshot while its writer commits. */
    private static final int MAX_PIN_ATTEMPTS = 100;

    private final Pager raw;
    private final PageAccess access;
    private final boolean readOnly;
    /** Guards {@link #pinned}, {@link CommittedState#readers}, {@link CommittedState#pin} and changes of {@link #latest}. */
    private final Object lock = new Object();
    private final TreeMap<Long, CommittedState> pinned = new TreeMap<>();
    private volatile CommittedState latest;

    /** A read-only store's view of its writer's log, which it follows; null otherwise. */
    private final WriteLog followed;

    Readers(Pager raw, PageAccess access, boolean readOnly, CommittedState latest, WriteLog followed) {
        this.raw = raw;
        this.access = access;
        this.readOnly = readOnly;
        this.latest = latest;
        this.followed = followed;
    }

    /** Closes the log this store followed, if any. */
    void closeLog() {
        if (followed != null) {
            followed.close();
        }
    }

    /** The latest commit readers see. */
    CommittedState latest() {
        return latest;
    }

    /**
     * The latest commit, with one more reader. A read-only store first moves to the newest commit
     * in the file, so a long-lived read-only handle follows its writer.
     */
    CommittedState pin() {
        if (!readOnly) {
            return pinLatest();
        }
        for (int attempt = 1; ; attempt++) {
            refreshFromFile();
            CommittedState state = pinLatest();
            long newest = newestValidTxidInFile();
            if (newest <= state.txid()) {
                return state;
            }
            unpin(state);
            if (attempt == MAX_PIN_ATTEMPTS) {
                raw.followGrowth();
                MetaSlots.readLatest(raw); // throws why commit `newest` cannot be read, if it cannot
                throw new BigException(raw.name() + ": the writer committed " + attempt + " times while this read-only"
                        + " handle tried to start a read; try again");
            }
        }
    }

    /** The latest commit, with one more reader; read under the lock so it cannot be retired meanwhile. */
    private CommittedState pinLatest() {
        synchronized (lock) {
            CommittedState state = latest;
            addReader(state);
            return state;
        }
    }

    /**
     * Commit {@code meta} (the state a reader of this or another handle or process read it at),
     * with one more reader: the state a reader of this store already holds, the latest commit,
     * or a state made from {@code meta}. Only safe while someone has held a pin on that commit
     * since it was the latest (a query's coordinator does): otherwise the pages it names may have
     * been reused, which a read then reports as a checksum failure, never as other data.
     */
    CommittedState pin(MetaPage.State meta) {
        synchronized (lock) {
            CommittedState state = pinned.get(meta.txid());
            if (state == null && latest.txid() == meta.txid()) {
                state = latest;
            }
            if (state != null && !state.commitState().equals(meta)) {
                throw new BigException(raw.name() + " holds another commit " + meta.txid() + " than the one asked for"
                        + " (the file was replaced?): asked for " + meta + ", found " + state.commitState());
            }
            if (state == null && meta.formatVersion() >= MetaPage.VERSION_WRITE_LOG && meta.roots().equals(latest.meta.roots())
                    && meta.catalog().equals(latest.meta.catalog()) && meta.txid() != latest.meta.txid()) {
                state = loggedCommit(latest.meta, meta.txid());
            }
            if (state == null) {
                state = new CommittedState(meta, access);
            }
            addReader(state);
            return state;
        }
    }

    /**
     * Logged commit {@code txid} after checkpoint {@code checkpoint}, replayed from the write log:
     * how another handle or process reads a logged commit a reader elsewhere holds. Refused, saying
     * so, once the log no longer holds it (a checkpoint since started the log over).
     */
    private CommittedState loggedCommit(MetaPage.State checkpoint, long txid) {
        try (LogFile file = raw.openLog()) {
            List<LogFrames.Frame> frames = WriteLog.upTo(WriteLog.generation(file, checkpoint.txid()).frames(), txid);
            if (frames.isEmpty() || frames.getLast().txid() != txid) {
                throw new BigException(raw.name() + ": commit " + txid + " was in the write log after checkpoint "
                        + checkpoint.txid() + ", which no longer holds it; start the read again on the latest commit");
            }
            return Store.replay(new CommittedState(checkpoint, access), frames, access);
        }
    }

    /**
     * One more reader of {@code state} (under {@link #lock}); its first reader registers it and,
     * on a read-only handle, takes the file lock that keeps a writer from reusing its pages.
     */
    private void addReader(CommittedState state) {
        if (state.readers++ == 0) {
            pinned.put(state.txid(), state);
            if (readOnly) {
                try {
                    state.pin = raw.pinSnapshot(state.txid());
                } catch (RuntimeException e) {
                    state.readers--;
                    pinned.remove(state.txid(), state);
                    throw e;
                }
            }
        }
    }

    /** One reader of {@code state} less; the last one out of a state no longer the latest retires it. */
    void unpin(CommittedState state) {
        synchronized (lock) {
            if (--state.readers == 0) {
                pinned.remove(state.txid(), state);
                state.pin.close();
                state.pin = SnapshotPin.NONE;
                if (state != latest) {
                    state.retire();
                }
            }
            if (pinned.isEmpty()) {
                lock.notifyAll();
            }
        }
    }

    /**
     * Makes {@code next} the latest commit; the one it replaces is retired (its caches' native
     * memory freed) unless a reader still holds it, in which case the last one out retires it.
     */
    void publish(CommittedState next) {
        synchronized (lock) {
            CommittedState previous = latest;
            latest = next;
            if (previous.readers == 0) {
                previous.retire();
            }
        }
    }

    /** The txid of the oldest snapshot a reader holds, or the latest commit when none does. */
    long oldestPinnedTxid() {
        synchronized (lock) {
            return pinned.isEmpty() ? latest.txid() : Math.min(pinned.firstKey(), latest.txid());
        }
    }

    /**
     * Waits up to {@code millis} for every reader to leave (a close gives open reads that long to
     * finish), then retires the latest commit if none is left. Returns early if interrupted,
     * keeping the interrupt.
     */
    void awaitReadersAndRetire(long millis) {
        synchronized (lock) {
            long deadline = System.currentTimeMillis() + millis;
            while (!pinned.isEmpty() && System.currentTimeMillis() < deadline) {
                try {
                    lock.wait(Math.max(1, deadline - System.currentTimeMillis()));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        synchronized (lock) {
            if (pinned.isEmpty()) {
                latest.retire();
            }
        }
    }

    /** Moves a read-only store to the newest commit in the file, if a writer made one. */
    private void refreshFromFile() {
        refreshMetaFromFile();
        followLog();
    }

    /**
     * Moves a read-only store past the commits its writer logged since (a file with a write log):
     * replays the frames it has not read over the latest state. A frame being written, or of a
     * generation after a checkpoint it has not seen, ends what it reads this time.
     */
    private void followLog() {
        if (followed == null) {
            return;
        }
        synchronized (lock) {
            CommittedState state = latest;
            if (state.meta.formatVersion() < MetaPage.VERSION_WRITE_LOG) {
                return;
            }
            CommittedState next;
            try {
                next = Store.replay(state, followed.readNew(state.meta.txid()), access);
            } catch (RuntimeException e) {
                return; // a frame half written or replaced meanwhile: keep the state we have, read on next time
            }
            if (next != state) {
                publish(next);
            }
        }
    }

    /** Moves a read-only store to the newest checkpoint in the file, if its writer made one. */
    private void refreshMetaFromFile() {
        long seen = latest.meta.txid();
        long newest = newestTxidInFile();
        if (newest <= seen) {
            return;
        }
        synchronized (lock) {
            if (latest.meta.txid() >= newest) {
                return;
            }
            MetaPage.State meta;
            try {
                raw.followGrowth();
                meta = MetaSlots.readLatest(raw);
            } catch (RuntimeException e) {
                return; // A meta write in progress: keep the commit we have, try again next time.
            }
            if (meta.txid() > latest.meta.txid()) {
                publish(new CommittedState(meta, access));
            }
        }
    }

    /** The highest txid the meta slots claim, unverified (cheap). */
    private long newestTxidInFile() {
        return Math.max(peekTxid(0), peekTxid(1));
    }

    /**
     * The highest txid of an intact meta slot: a slot claiming a newer commit than this store's is
     * verified first, since a torn or damaged one must not make a reader wait for a commit that
     * does not exist.
     */
    private long newestValidTxidInFile() {
        long newest = latest.txid();
        for (int slot = 0; slot < MetaPage.SLOTS; slot++) {
            long claimed = peekTxid(slot);
            if (claimed > newest && MetaPage.validate(slot, raw.read(slot)) == null) {
                newest = claimed;
            }
        }
        return newest;
    }

    /** The txid a meta slot claims, without verifying it (cheap); 0 if unreadable. */
    private long peekTxid(int slot) {
        try {
            return PageHeader.txid(raw.read(slot));
        } catch (RuntimeException e) {
            return 0;
        }
    }
}
