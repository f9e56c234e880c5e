package dev.big.bench.jdbc;

import dev.big.bench.JvmFlags;
import dev.big.bench.db.StandardDb;
import dev.big.bench.db.StandardTable;
import dev.big.bench.compare.PeerQuestion;
import dev.big.bench.campaign.LatencyShape;
import dev.big.jdbc.BigDriver;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A JDBC {@link PreparedStatement} prepared once and executed again and again with the next
 * question's parameter, on the standard table of 1,000,000 events: a point read of one field by id
 * and a count of one type. What a repeated execution costs beyond the read itself (lexing,
 * parsing, classifying, binding): compare with {@code SnapshotReadBenchmark.value} and
 * {@code SnapshotCountBenchmark.oneType}, the typed calls, and run with {@code -prof gc} for the
 * allocation per execution.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = {JvmFlags.ALLOW_UNSAFE_MEMORY_ACCESS, JvmFlags.ENABLE_NATIVE_ACCESS})
public class PreparedStatementBenchmark {

    /** One thread's connection and prepared statements, and the questions it asks round-robin. */
    @State(Scope.Thread)
    public static class Statements {
        Connection connection;
        PreparedStatement pointRead;
        PreparedStatement typeCount;
        private List<PeerQuestion> ids;
        private List<PeerQuestion> types;
        private int nextId;
        private int nextType;

        @Setup(Level.Trial)
        public void prepare(StandardDb db) throws SQLException {
            connection = BigDriver.connect(db.db);
            pointRead = connection.prepareStatement("SELECT value FROM " + StandardTable.NAME + " WHERE id = ?");
            typeCount = connection.prepareStatement("SELECT count(*) FROM " + StandardTable.NAME + " WHERE type = ?");
            ids = LatencyShape.POINT_READ_VALUE.questions(db.records);
            types = LatencyShape.ONE_TYPE.questions(db.records);
        }

        @TearDown(Level.Trial)
        public void close() throws SQLException {
            connection.close();
        }

        long nextId() {
            long id = ids.get(nextId).longArg(0);
            nextId = (nextId + 1) % ids.size();
            return id;
        }

        String nextType() {
            String type = types.get(nextType).stringArg(0);
            nextType = (nextType + 1) % types.size();
            return type;
        }
    }

    @Benchmark
    public long pointRead(Statements s) throws SQLException {
        s.pointRead.setLong(1, s.nextId());
        try (ResultSet result = s.pointRead.executeQuery()) {
            return result.next() ? result.getLong(1) : -1;
        }
    }

    @Benchmark
    public long typeCount(Statements s) throws SQLException {
        s.typeCount.setString(1, s.nextType());
        try (ResultSet result = s.typeCount.executeQuery()) {
            result.next();
            return result.getLong(1);
        }
    }
}
