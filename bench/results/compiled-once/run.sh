#!/usr/bin/env bash
# Issue 37: builds before and after, alternated in one session, same machine, same flags.
# before = 8bd2a63 + the benchmarks (before PreparedSql and handles); update-before = before set-based UPDATE; after = main.
JAVA=$(ls -d /usr/lib/jvm/*25* | head -1)/bin/java
run() { $JAVA --sun-misc-unsafe-memory-access=allow -Dbig.bench.dir=/work/main/bench/target/bench-files -jar /work/benchmarks-37-$1.jar "$2" \
      -f 1 -wi 5 -i 5 -w 1s -r 1s -prof gc -rf json -rff $1-$3.json > $1-$3.txt 2>&1; }
for round in 1 2; do
  run before 'PreparedStatementBenchmark|SnapshotReadBenchmark.value$' read-$round
  run after 'PreparedStatementBenchmark|SnapshotReadBenchmark.(value|handleValue)$' read-$round
  run update-before 'SetUpdateBenchmark' update-$round
  run after 'SetUpdateBenchmark' update-$round
done
echo finished
