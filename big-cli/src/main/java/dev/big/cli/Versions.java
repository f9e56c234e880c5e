package dev.big.cli;

import dev.big.db.Inspection;
import dev.big.db.exchange.ExportFormat;
import picocli.CommandLine.IVersionProvider;

/** {@code big --version}: the build, and the format versions it writes and reads (see docs/versioning.md). */
final class Versions implements IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {
            "big " + buildVersion(),
            "file format " + Inspection.FORMAT_VERSION_CURRENT + " (reads " + Inspection.FORMAT_VERSION_START + " to "
                    + Inspection.FORMAT_VERSION_CURRENT + ")",
            "export stream " + ExportFormat.VERSION_CURRENT + " (reads " + ExportFormat.VERSION_START + " to "
                    + ExportFormat.VERSION_CURRENT + ")",
            "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")",
        };
    }

    /** The project version from the jar's manifest; "development build" when run from classes. */
    static String buildVersion() {
        String version = Versions.class.getPackage().getImplementationVersion();
        return version != null ? version : "development build";
    }
}
