#!/usr/bin/env bash
# Starts a real Trino 483 server (one node: coordinator and worker) with the big plugin and a catalog
# `big` over DATA_DIR, waits until it answers, and leaves it running. Stop it with: kill $(cat PID_FILE).
#
#   big-trino/run-server.sh DATA_DIR [PORT]        (PORT defaults to 18080)
#   big-trino/query.sh "SELECT count(*) FROM events"
#
# The server is trino-main's runtime class path (the io.trino:trino-server tarball does not resolve
# from Maven Central here) started by server/TrinoServerMain.java, with an etc/ directory and a
# plugin directory built by Maven (big-trino/target/big-trino-plugin/) under big-trino/target/server/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
if [[ $# -lt 1 ]]; then
    echo "usage: $0 DATA_DIR [PORT]   (DATA_DIR: a directory of .big files)" >&2
    exit 2
fi
data_dir="$(cd "$1" && pwd)" || { echo "$0: $1 is not a directory" >&2; exit 2; }
port="${2:-18080}"
java_home="${JAVA25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
java="$java_home/bin/java"
run="$here/target/server"

mvn -B -ntp -q -o -f "$root/pom.xml" -pl big-trino -am package -DskipTests
mvn -B -ntp -q -o -f "$here/server/pom.xml" dependency:build-classpath -Dmdep.outputFile="$run/classpath.txt" -Dmdep.includeScope=runtime \
    || mvn -B -ntp -q -f "$here/server/pom.xml" dependency:build-classpath -Dmdep.outputFile="$run/classpath.txt" -Dmdep.includeScope=runtime

rm -rf "$run/plugin" "$run/etc"
mkdir -p "$run/plugin" "$run/etc/catalog" "$run/var"
cp -r "$here/target/big-trino-plugin" "$run/plugin/big"
cat > "$run/etc/config.properties" <<CONFIG
node.environment=big
node.id=big-node-1
node.internal-address=127.0.0.1
node.bind-ip=127.0.0.1
coordinator=true
node-scheduler.include-coordinator=true
http-server.http.port=$port
discovery.uri=http://127.0.0.1:$port
plugin.dir=$run/plugin
catalog.config-dir=$run/etc/catalog
query.max-memory=1GB
query.max-memory-per-node=512MB
CONFIG
echo "io.trino=INFO" > "$run/etc/log.properties"
cat > "$run/etc/catalog/big.properties" <<CATALOG
connector.name=big
big.data-dir=$data_dir
big.split-placement=shared
CATALOG

cd "$run"
nohup "$java" -Xmx2g -XX:+UseG1GC -XX:+ExitOnOutOfMemoryError --add-modules=jdk.incubator.vector \
    --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow \
    -Dconfig="$run/etc/config.properties" -Dlog.levels-file="$run/etc/log.properties" \
    -cp "$(cat "$run/classpath.txt")" "$here/server/TrinoServerMain.java" > "$run/server.log" 2>&1 &
echo $! > "$run/server.pid"
echo "Trino server pid $(cat "$run/server.pid"), log $run/server.log; waiting for it to answer on port $port ..."
for _ in $(seq 1 180); do
    if grep -q "SERVER STARTED" "$run/server.log" 2>/dev/null; then
        echo "started: jdbc:trino://127.0.0.1:$port/big/default   (stop: kill \$(cat $run/server.pid))"
        exit 0
    fi
    if ! kill -0 "$(cat "$run/server.pid")" 2>/dev/null; then
        echo "the server exited; the end of its log:" >&2
        tail -30 "$run/server.log" >&2
        exit 1
    fi
    sleep 1
done
echo "the server did not start within 180 s; see $run/server.log" >&2
exit 1
