#!/usr/bin/env bash
# What metrics cost: the same load against a producer with metrics on, then off, alternately
# (on off on off ...), each against a fresh producer, and one table with the TPS ratio per pair.
# Usage: demo-perf/scripts/compare-metrics.sh [duration] [warmup] [pairs] [executor] [consumer args...]
#   e.g. compare-metrics.sh 10s 5s 3 inline --sync=false --async-count=100
# Needs: java 21+ on PATH (or JAVA_HOME) and demo-perf/target/perf.jar (./mvnw -q package -DskipTests).
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION="${1:-10s}"; WARMUP="${2:-5s}"; PAIRS="${3:-3}"; EXECUTOR="${4:-group}"; shift $(( $# > 4 ? 4 : $# )) || true
. demo-perf/scripts/lib.sh

printf '%-4s %-8s %10s %9s %9s\n' pair metrics tps p99_ms off/on
for pair in $(seq 1 "$PAIRS"); do
  declare -A tps=()
  for metrics in on off; do
    enabled=true; [ "$metrics" = off ] && enabled=false
    start_producer "$metrics-$pair" --axle.executors.default="$EXECUTOR" --axle.metrics.enabled="$enabled" \
      --axle.metrics.publisher.defaultLog.enabled=false
    json="$OUT/$pair-$metrics.json"
    "$JAVA" -jar "$JAR" -c --duration="$DURATION" --warmup="$WARMUP" --json="$json" \
      --axle.registry.local.perf1="highway://127.0.0.1:$port" "$@" > "$OUT/consumer-$pair-$metrics.log" 2>&1
    kill "$producer"; wait "$producer" 2>/dev/null || true
    tps[$metrics]="$(field "$json" tps)"
    ratio=""; [ "$metrics" = off ] && ratio=$(awk -v a="${tps[off]}" -v b="${tps[on]}" 'BEGIN { printf "%.3f", a / b }')
    printf '%-4s %-8s %10s %9s %9s\n' "$pair" "$metrics" "${tps[$metrics]}" "$(field "$json" p99)" "$ratio"
  done
done
echo "(logs and JSON in $OUT)"
