/**
 * Starts a Trino 483 server in this JVM from trino-main's class path (run by ../run-server.sh with
 * -Dconfig=etc/config.properties): what the server tarball's launcher would start.
 */
public final class TrinoServerMain {
    public static void main(String[] args) {
        new io.trino.server.Server().start("483");
    }
}
