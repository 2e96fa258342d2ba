#!/usr/bin/env bash
# Runs the perf demo once per executor kind (group, inline, virtual) and per driver mode (sync,
# async), producer and consumer as separate processes on loopback, and prints one table.
# Usage: demo-perf/scripts/compare-executors.sh [duration] [warmup] [extra consumer args...]
#   e.g. compare-executors.sh 15s 5s --axle.references.transport=rest   (the same table over REST)
# Needs: java 21+ on PATH (or JAVA_HOME) and demo-perf/target/perf.jar (./mvnw -q package -DskipTests).
set -euo pipefail
cd "$(dirname "$0")/../.."
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
JAR=demo-perf/target/perf.jar
DURATION="${1:-15s}"; WARMUP="${2:-5s}"; shift $(( $# > 2 ? 2 : $# )) || true
OUT="$(mktemp -d)"
[ -f "$JAR" ] || { echo "missing $JAR: run ./mvnw -q package -DskipTests first" >&2; exit 1; }

field() { grep -o "\"$2\" *: *[0-9.]*" "$1" | head -1 | cut -d: -f2 | tr -d " "; }

printf '%-8s %-6s %10s %9s %9s %9s %9s\n' executor mode tps avg_ms p99_ms p999_ms errors
for executor in group inline virtual; do
  "$JAVA" -jar "$JAR" --axle.highway.address=127.0.0.1:0 --axle.rest.address=127.0.0.1:0 \
    --axle.executors.default="$executor" > "$OUT/producer-$executor.log" 2>&1 &
  producer=$!
  port=""; rest_port=""
  for _ in $(seq 1 150); do
    # The ready line: perf producer ready: highway://127.0.0.1:<port> rest://127.0.0.1:<port> (executor: ...)
    ready=$(grep -o 'perf producer ready: highway://[^:]*:[0-9]* rest://[^:]*:[0-9]*' "$OUT/producer-$executor.log" || true)
    port=$(echo "$ready" | grep -o 'highway://[^:]*:[0-9]*' | grep -o '[0-9]*$' || true)
    rest_port=$(echo "$ready" | grep -o 'rest://[^:]*:[0-9]*' | grep -o '[0-9]*$' || true)
    [ -n "$port" ] && [ -n "$rest_port" ] && break
    sleep 0.2
  done
  [ -n "$port" ] && [ -n "$rest_port" ] || { echo "producer ($executor) did not start:" >&2; cat "$OUT/producer-$executor.log" >&2; kill $producer; exit 1; }
  for mode in sync async; do
    json="$OUT/$executor-$mode.json"
    sync=true; [ "$mode" = async ] && sync=false
    "$JAVA" -jar "$JAR" -c --sync="$sync" --sync-count=100 --async-count=100 --duration="$DURATION" \
      --warmup="$WARMUP" --json="$json" --axle.registry.local.perf1="highway://127.0.0.1:$port,rest://127.0.0.1:$rest_port" "$@" \
      > "$OUT/consumer-$executor-$mode.log" 2>&1
    printf '%-8s %-6s %10s %9s %9s %9s %9s\n' "$executor" "$mode" "$(field "$json" tps)" "$(field "$json" avg)" \
      "$(field "$json" p99)" "$(field "$json" p999)" "$(field "$json" errors)"
  done
  kill $producer; wait $producer 2>/dev/null || true
done
echo "(logs and JSON in $OUT)"
