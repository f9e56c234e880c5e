/**
 * The reliability battery: big's promises (crash safety, failing disks, bit rot, hostile files,
 * bad input, concurrency, lifecycle, many processes) as batteries, run fast by the tests and long
 * by {@code ./big torture}. Nothing depends on it, so it exports nothing. It ships as one merged
 * jar on the class path (see big-reliability/pom.xml), and its child JVMs run on the class path too.
 */
module dev.big.reliability {
    // The batteries read and write through the user API, and reach below it where a promise lives
    // there: pages (bit rot walks them), fault-injecting and in-memory pagers, the store and check().
    requires dev.big.db;
    // The ownership battery commits and aborts JDBC connections from other threads.
    requires dev.big.jdbc;
    // CliBatchChild runs the big command in-process (BigCommand.execute); big-cli exports it to this module only.
    requires dev.big.cli;
}
