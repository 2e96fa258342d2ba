#!/usr/bin/env bash
# Every scenario of the reference articles (../shared/reference/README.md, docs/benchmarks.md), one after the
# other, on loopback: each writes its table to OUT/<name>.txt, its JSON to OUT/<name>.json and its charts to
# OUT/<name>.html. Usage: demo-perf/scripts/reference-scenarios.sh [out-dir] [duration] [warmup]
# Needs: java 21+ on PATH (or JAVA_HOME) and demo-perf/target/perf.jar (./mvnw -q package -DskipTests).
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT="${1:-target/reference-scenarios}"; DURATION="${2:-10s}"; WARMUP="${3:-3s}"
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
JAR=demo-perf/target/perf.jar
[ -f "$JAR" ] || { echo "missing $JAR: run ./mvnw -q package -DskipTests first" >&2; exit 1; }
mkdir -p "$OUT"

run() { # run NAME perf.jar-args...: one series, its summary kept
  local name="$1"; shift
  echo "== $name: java -jar perf.jar $*"
  "$JAVA" -jar "$JAR" --loopback --duration="$DURATION" --warmup="$WARMUP" --json="$OUT/$name.json" \
    --report="$OUT/$name.html" "$@" > "$OUT/$name.log" 2>&1
  sed -n '/^series summary/,$p' "$OUT/$name.log" | grep -v '^report: \|^result written' | tee "$OUT/$name.txt"
}

# 002 (tRPC): pure server, QPS at P999 <= 10 ms, per executor kind.
for executor in inline group virtual; do
  run "knee-$executor" --target-p999=10ms --knee.start-rps=50000 --knee.max-steps=8 \
    --axle.executors.default="$executor"
done
# 002: proxy mode (client -> proxy -> server), 100 outstanding calls, per executor kind.
run proxy-executors --loopback.proxy=true --sync=false --async-count=100 \
  --sweep=axle.executors.default=inline,group,virtual
# 002: long-tail test, fixed 10k requests/s, 1% of them 5 ms slower, per executor kind, without and with.
run long-tail-executors --rps=10000 --long-tail.ratio=0.01 --long-tail.delay=5ms --long-tail.compare=true \
  --sweep=axle.executors.default=inline,group,virtual
# 001 (Go): QPS against concurrency on one connection, then against connections at 100 callers.
run concurrency-one-connection --axle.highway.client.thread-count=1 --sweep=sync-count=1,10,50,100,200,500
run connections --sync-count=100 --sweep=axle.highway.client.thread-count=1,2,4,8
# 004: the same load closed loop (100 callers) and open loop (at a rate below what the closed loop carried).
run closed-vs-open --sweep=sync-count=100
run open-loop --sweep=rps=50000
# 003 (ServiceComb tuning walk): network threads, executor groups, then REST's connection pool.
run server-threads --sync-count=500 --sweep=axle.highway.server.thread-count=1,2,4
run executor-groups --sync-count=500 --axle.executor.default.thread-per-group=2 \
  --sweep=axle.executor.default.group=1,2,4
run rest-pool --axle.references.transport=rest --sync-count=100 --sweep=axle.rest.client.connection.maxPoolSize=1,5,10,20
echo "(tables, JSON and HTML reports in $OUT)"
