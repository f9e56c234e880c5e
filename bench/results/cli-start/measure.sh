#!/usr/bin/env bash
# Whole-process wall time of short `big` commands on a 10,000-row database: the launcher as it was at
# the branch point (BASE, default f3d6f40: no start-up cache, every command on the JVM's defaults) and
# the launcher of this checkout (the AOT start-up cache; C1 alone for `get` and for a query of a
# small file), alternated run by run
# so the machine's other work falls on both. Prints a Markdown table of medians (and min-max) in ms.
#
#   bench/results/cli-start/measure.sh            # 21 runs of each
#   RUNS=11 bench/results/cli-start/measure.sh
#
# Files go under target/cli-start of the repository (never /tmp). The old launcher runs from a
# directory that links this checkout's pom.xml and modules, so it checks and runs the same jar.
set -euo pipefail

root="$(cd -P "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
base="${BASE:-f3d6f40}"
runs="${RUNS:-21}"
work="$root/target/cli-start"
mkdir -p "$work"
cd "$work"

# The old launcher, beside links to what it builds from.
rm -rf before && mkdir before
git -C "$root" show "$base:big" > before/big
chmod +x before/big
for each in pom.xml big-page big-pager big-engine big-db big-workload big-cli; do
  ln -s "$root/$each" "before/$each"
done
touch -h -d 2000-01-01 before/pom.xml  # find(1) compares the link itself: an old one, so the jar is not "stale"

# The jar (built if stale) and the start-up cache: the first command starts the training in the
# background; wait for it, so every timed run of the new launcher has it.
"$root/big" --version > /dev/null
for ((i = 0; i < 120; i++)); do
  [ -f "$root/big-cli/target/big-cli.aot.jdk" ] && [ ! -e "$root/big-cli/target/big-cli.aot.lock" ] \
    && [ "$root/big-cli/target/big-cli.aot" -nt "$root/big-cli/target/big-cli.jar" ] && break
  sleep 1
done
[ "$root/big-cli/target/big-cli.aot" -nt "$root/big-cli/target/big-cli.jar" ] || { echo "no start-up cache was made" >&2; exit 1; }

# A small file: 10,000 rows of mixed types.
rm -f small.csv small.big
awk 'BEGIN { print "type,value,verified,received_at,size,tags";
  for (i = 0; i < 10000; i++)
    printf "type%02d,%d,%s,2024-01-%02d %02d:%02d:00,%d,%s\n", (i * 7) % 20, (i * 7919) % 1048576,
      (i % 100 == 0 ? "false" : "true"), i % 28 + 1, i % 24, i % 60, (i * 104729) % 1000000, (i % 3 == 0 ? "a|b" : "c") }' > small.csv
"$root/big" load small.big t small.csv --create > /dev/null 2>&1

# name|launcher|environment|arguments
variants=(
  "query, before|before/big||query small.big SELECT count(*) FROM t"
  "query, after|$root/big||query small.big SELECT count(*) FROM t"
  "query, after with BIG_AOT=0|$root/big|BIG_AOT=0|query small.big SELECT count(*) FROM t"
  "query, after, C2 kept (the cache alone)|$root/big|BIG_JAVA_OPTS=-XX:TieredStopAtLevel=4|query small.big SELECT count(*) FROM t"
  "get, before|before/big||get small.big t 123"
  "get, after|$root/big||get small.big t 123"
)

# One run: its wall time in ms on stdout; its output checked (same answer, and nothing from the JVM).
run() {
  local launcher="$1" environment="$2" command="$3" start end out err
  local -a args
  if [[ "$command" == query* ]]; then
    args=(query small.big "SELECT count(*) FROM t")
  else
    args=(get small.big t 123)
  fi
  start=$(date +%s%N)
  if [ -n "$environment" ]; then
    env "$environment" "$launcher" "${args[@]}" > out.txt 2> err.txt
  else
    "$launcher" "${args[@]}" > out.txt 2> err.txt
  fi
  end=$(date +%s%N)
  out="$(< out.txt)"
  err="$(< err.txt)"
  if [[ "$command" == query* ]]; then
    [ "$out" = $'count(*)\n10000' ] || { echo "unexpected answer from $launcher: $out" >&2; exit 1; }
    [[ "$err" =~ ^\(1\ row\ in\ [0-9.]+\ (ms|µs|s)\)$ ]] || { echo "unexpected stderr from $launcher: $err" >&2; exit 1; }
  else
    [[ "$out" == id,*$'\n'123,* ]] || { echo "unexpected answer from $launcher: $out" >&2; exit 1; }
    [ -z "$err" ] || { echo "unexpected stderr from $launcher: $err" >&2; exit 1; }
  fi
  echo $(((end - start) / 1000000))
}

echo "# $(date -u +%FT%TZ), $(git -C "$root" rev-parse --short HEAD), base $base, $runs runs each, uptime: $(uptime)" > times.txt
for ((r = 1; r <= runs; r++)); do
  for v in "${variants[@]}"; do
    IFS='|' read -r name launcher environment command <<< "$v"
    millis="$(run "$launcher" "$environment" "$command")" || exit 1
    echo "$name|$millis" >> times.txt
  done
done
echo "# end: $(uptime)" >> times.txt

echo "| command | median ms | min-max ms | runs |"
echo "|---|---:|---:|---:|"
for v in "${variants[@]}"; do
  name="${v%%|*}"
  grep -F "$name|" times.txt | grep -v '^#' | awk -F'|' -v n="$name" '$1 == n { print $2 }' | sort -n \
    | awk -v n="$name" '{ a[NR] = $1 } END { m = (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2;
        printf "| %s | %d | %d-%d | %d |\n", n, m, a[1], a[NR], NR }'
done
head -1 times.txt
tail -1 times.txt
