package dev.big.jdbc;

/** The driver's and the product's version, as JDBC reports them. */
final class Versions {

    static final int MAJOR = 0;
    static final int MINOR = 1;
    static final String TEXT = "0.1.0-SNAPSHOT";
    static final int JDBC_MAJOR = 4;
    static final int JDBC_MINOR = 3;

    private Versions() {}
}
