package dev.big.reliability;

import dev.big.db.Db;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

/**
 * A reader JVM of the ownership battery ({@link WriterOwnershipBattery}): holds one read-only
 * handle of the file the battery's writer threads write, and reads every record again and again
 * (a fresh snapshot each time, following the writers' commits) until the stop file appears. Every
 * record must be whole and every tag in one record only: a read is one commit, never a mix.
 *
 * <p>Arguments: database file, this child's log, stop file.
 */
public final class OwnershipReaderChild {

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        Path stop = Path.of(args[2]);
        try (ChildLog log = new ChildLog(Path.of(args[1])); Db handle = Db.openReadOnly(file)) {
            log.line("opened");
            while (!Files.exists(stop)) {
                Set<Long> tags = new HashSet<>();
                for (OwnershipModel.Found record : WriterOwnershipBattery.scan(handle)) {
                    if (record.twice() != 2 * record.tag()) {
                        log.wrong(WriterOwnershipBattery.Check.EVERY_RECORD_READ_IS_WHOLE, "a reader process saw record "
                                + record.id() + " torn: " + record);
                    } else if (!tags.add(record.tag())) {
                        log.wrong(WriterOwnershipBattery.Check.EVERY_RECORD_READ_IS_WHOLE, "a reader process saw tag "
                                + record.tag() + " in two records of one read");
                    } else {
                        log.held(WriterOwnershipBattery.Check.EVERY_RECORD_READ_IS_WHOLE);
                    }
                }
                log.increment("reads");
            }
        }
    }

    private OwnershipReaderChild() {}
}
