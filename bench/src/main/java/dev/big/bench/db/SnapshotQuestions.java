package dev.big.bench.db;

import dev.big.bench.campaign.LatencyShape;
import dev.big.bench.compare.PeerQuestion;
import dev.big.db.FieldHandle;
import dev.big.db.Snapshot;
import dev.big.db.TableHandle;
import java.util.List;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One thread's snapshot of the {@link StandardDb}, held open for the trial, and the campaign's
 * question sequences of the shapes the {@code db} benchmarks ask ({@link LatencyShape}), so JMH
 * and the campaign measure the same calls. Each {@code next...} moves round-robin through its
 * shape's questions. The handles of the standard table and its {@code value} field are bound once
 * per trial, as a caller reading many records binds them.
 */
@State(Scope.Thread)
public class SnapshotQuestions {

    Snapshot snapshot;
    TableHandle events;
    FieldHandle value;
    private final Cursor ids = new Cursor();
    private final Cursor thresholds = new Cursor();
    private final Cursor windows = new Cursor();
    private final Cursor typeWindows = new Cursor();
    private final Cursor types = new Cursor();

    @Setup(Level.Trial)
    public void open(StandardDb db) {
        snapshot = db.db.read();
        events = snapshot.tableHandle(StandardTable.NAME);
        value = events.field("value");
        ids.questions = LatencyShape.POINT_READ_VALUE.questions(db.records);
        thresholds.questions = LatencyShape.COUNT_GE.questions(db.records);
        windows.questions = LatencyShape.WINDOW_1H.questions(db.records);
        typeWindows.questions = LatencyShape.TYPE_WINDOW_VERIFIED.questions(db.records);
        types.questions = LatencyShape.ONE_TYPE.questions(db.records);
    }

    @TearDown(Level.Trial)
    public void close() {
        if (snapshot != null) {
            snapshot.close();
        }
    }

    PeerQuestion nextId() {
        return ids.next();
    }

    PeerQuestion nextThreshold() {
        return thresholds.next();
    }

    PeerQuestion nextWindow() {
        return windows.next();
    }

    PeerQuestion nextTypeWindow() {
        return typeWindows.next();
    }

    PeerQuestion nextType() {
        return types.next();
    }

    private static final class Cursor {
        List<PeerQuestion> questions;
        int next;

        PeerQuestion next() {
            PeerQuestion question = questions.get(next);
            next = (next + 1) % questions.size();
            return question;
        }
    }
}
