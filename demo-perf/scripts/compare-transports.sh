#!/usr/bin/env bash
# One producer serving both transports; the consumer drives it over highway, then REST,
# alternately (H R H R ...), sync-count callers each, and prints one table; then, if wrk is
# installed, wrk loads the REST echo endpoint of the same producer directly.
# Usage: demo-perf/scripts/compare-transports.sh [duration] [warmup] [pairs] [extra consumer args...]
# Needs: java 21+ on PATH (or JAVA_HOME) and demo-perf/target/perf.jar (./mvnw -q package -DskipTests).
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION="${1:-15s}"; WARMUP="${2:-5s}"; PAIRS="${3:-2}"; shift $(( $# > 3 ? 3 : $# )) || true
. demo-perf/scripts/lib.sh

start_producer both
trap 'kill $producer 2>/dev/null || true' EXIT

printf '%-4s %-8s %10s %9s %9s %9s %7s\n' run transport tps avg_ms p99_ms p999_ms errors
for pair in $(seq 1 "$PAIRS"); do
  for transport in highway rest; do
    json="$OUT/$pair-$transport.json"
    "$JAVA" -jar "$JAR" -c --sync=true --sync-count=100 --duration="$DURATION" --warmup="$WARMUP" --json="$json" \
      --axle.references.transport="$transport" \
      --axle.registry.local.perf1="highway://127.0.0.1:$port,rest://127.0.0.1:$rest_port" "$@" \
      > "$OUT/consumer-$pair-$transport.log" 2>&1
    printf '%-4s %-8s %10s %9s %9s %9s %7s\n' "$pair" "$transport" "$(field "$json" tps)" "$(field "$json" avg)" \
      "$(field "$json" p99)" "$(field "$json" p999)" "$(field "$json" errors)"
  done
done
if command -v wrk >/dev/null; then
  echo "wrk -t2 -c100 -d$DURATION against the same producer's REST echo:"
  wrk -t2 -c100 -d"$DURATION" --latency -s demo-perf/scripts/echo-post.lua \
    "http://127.0.0.1:$rest_port/PerfService/echo" | grep -E 'Requests/sec|99%|Non-2xx|Socket errors|requests in'
else
  echo "(wrk not installed: apt-get install wrk, for the direct REST load)"
fi
echo "(logs and JSON in $OUT)"
