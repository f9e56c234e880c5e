#!/usr/bin/env bash
# Issue 32, counts kept with the committed state: before (bba18c8) and after, alternated in one session.
JAVA=$(ls -d /usr/lib/jvm/*25* | head -1)/bin/java
run() { $JAVA --sun-misc-unsafe-memory-access=allow -Dbig.bench.dir=/work/main/bench/target/bench-files -jar /work/benchmarks-32-$1.jar \
      'SnapshotCountBenchmark.oneType|SqlShapeBenchmark' -p shape=one_type,verified_false,group_by_type -p records=$2 \
      -f 1 -wi 5 -i 5 -w 1s -r 1s -rf json -rff $1-$2-$3.json > $1-$2-$3.txt 2>&1; }
for round in 1 2; do
  for records in 1000000 10000000; do
    run before $records $round
    run after $records $round
  done
done
echo finished
