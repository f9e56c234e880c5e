package dev.big.cli;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** At most a given number of bytes of a stream, then the end; closing it leaves the stream open. */
final class BoundedInputStream extends FilterInputStream {

    private long left;
    private boolean reachedLimit;

    BoundedInputStream(InputStream in, long maxBytes) {
        super(in);
        this.left = maxBytes;
    }

    /** Whether reading stopped at the limit rather than at the stream's end (so the last line may be cut). */
    boolean reachedLimit() {
        return reachedLimit;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        if (left == 0) {
            reachedLimit = true;
            return -1;
        }
        int n = super.read(buffer, offset, (int) Math.min(length, left));
        if (n > 0) {
            left -= n;
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        return read(new byte[(int) Math.min(n, 8192)], 0, (int) Math.min(n, 8192));
    }

    @Override
    public void close() {
        // The stream goes on being read after the sample.
    }
}
