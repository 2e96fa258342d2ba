#!/usr/bin/env bash
# Runs the perf demo once per executor kind (group, inline, virtual) and per driver mode (sync,
# async), producer and consumer as separate processes on loopback, and prints one table.
# Usage: demo-perf/scripts/compare-executors.sh [duration] [warmup] [extra consumer args...]
#   e.g. compare-executors.sh 15s 5s --axle.references.transport=rest   (the same table over REST)
# Needs: java 21+ on PATH (or JAVA_HOME) and demo-perf/target/perf.jar (./mvnw -q package -DskipTests).
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION="${1:-15s}"; WARMUP="${2:-5s}"; shift $(( $# > 2 ? 2 : $# )) || true
. demo-perf/scripts/lib.sh

printf '%-8s %-6s %10s %9s %9s %9s %9s\n' executor mode tps avg_ms p99_ms p999_ms errors
for executor in group inline virtual; do
  start_producer "$executor" --axle.executors.default="$executor"
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
