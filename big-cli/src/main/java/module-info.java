/**
 * The big command line. Compiled as a module so the compiler keeps it to exported API: big-db's,
 * and what big-db's API exposes through {@code requires transitive} (the exported packages of
 * big-engine, big-pager and big-page; never the engine's tree package). Of the layers below
 * big-db the CLI names only what every layer throws, big-page's {@code BigException} family; it
 * names nothing of big-engine or big-pager, which {@code CliSpeaksToDbOnlyTest} holds it to. It
 * ships and runs as one merged jar on the class path (see big-cli/pom.xml).
 */
@SuppressWarnings("module") // the battery's module is not on this module's path: "module not found: dev.big.reliability"
module dev.big.cli {
    requires dev.big.db;
    requires dev.big.workload;
    requires info.picocli;
    requires me.tongfei.progressbar;
    requires org.jline.terminal;
    requires org.jline.reader;
    requires de.siegmar.fastcsv;
    requires com.fasterxml.jackson.databind;
    // Parquet in and out: parquet-java merged into one automatic module, whose API names JDK types only.
    requires dev.big.parquet;
    // picocli fills the commands' annotated fields by reflection.
    opens dev.big.cli to info.picocli;
    // The reliability battery runs the command in-process (BigCommand.execute) for its bad inputs.
    exports dev.big.cli to dev.big.reliability;
}
