#!/usr/bin/env bash
# Runs statements on the server run-server.sh started, through the Trino JDBC driver:
#   big-trino/query.sh "SELECT count(*) FROM events" ["SELECT ..."]   (PORT=18080 by default)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
java="${JAVA25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
port="${PORT:-18080}"
exec "$java" -Durl="jdbc:trino://127.0.0.1:$port/big/default" -cp "$(cat "$here/target/server/classpath.txt")" "$here/server/TrinoQuery.java" "$@"
