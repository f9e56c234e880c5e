package dev.big.bench;

/**
 * JVM flags every forked benchmark JVM needs, as constants so {@code @Fork(jvmArgsAppend = ...)}
 * can name them. big itself needs native access only (its file locks); the peers' libraries and
 * JMH may still read memory through {@code sun.misc.Unsafe}, which JDK 25 warns about unless
 * allowed; DuckDB and SQLite load native code.
 */
public final class JvmFlags {

    public static final String ALLOW_UNSAFE_MEMORY_ACCESS = "--sun-misc-unsafe-memory-access=allow";
    public static final String ENABLE_NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";

    private JvmFlags() {}
}
