package dev.big.cli;

import dev.big.db.exchange.ExportFormat;
import dev.big.page.MetaPage;
import picocli.CommandLine.IVersionProvider;

/** {@code big --version}: the build, and the format versions it writes and reads (see docs/versioning.md). */
final class Versions implements IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {
            "big " + buildVersion(),
            "file format " + MetaPage.VERSION_CURRENT + " (reads " + MetaPage.VERSION_START + " to " + MetaPage.VERSION_CURRENT + ")",
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
