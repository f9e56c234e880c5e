package dev.big.page;

/** A file (or stream) was written in a format version this build cannot read. */
public final class FormatVersionException extends BigException {

    private final int found;
    private final int supportedFrom;
    private final int supportedTo;

    public FormatVersionException(String what, String where, int found, int supportedFrom, int supportedTo) {
        super(what + " " + where + " has format version " + found + ", this build of big reads versions "
                + supportedFrom + " to " + supportedTo + ". "
                + (found > supportedTo
                        ? "Open it with a newer big, or export it there and import it here."
                        : "Export it with the big that wrote it and import it here (see docs/versioning.md)."));
        this.found = found;
        this.supportedFrom = supportedFrom;
        this.supportedTo = supportedTo;
    }

    public int found() {
        return found;
    }

    public int supportedFrom() {
        return supportedFrom;
    }

    public int supportedTo() {
        return supportedTo;
    }
}
