package dev.big.bench.db;

import dev.big.db.Db;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/** The standard table of {@link StandardDbFile}, open, shared by all benchmark threads. */
@State(Scope.Benchmark)
public class StandardDb {

    @Param({"1000000"})
    public long records;

    public Db db;

    @Setup(Level.Trial)
    public void open() {
        db = Db.open(StandardDbFile.file(records));
    }

    @TearDown(Level.Trial)
    public void close() {
        if (db != null) {
            db.close();
        }
    }
}
