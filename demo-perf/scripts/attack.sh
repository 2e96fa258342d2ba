#!/usr/bin/env bash
# One of issue 17's attacks on a highway producer while a well-behaved consumer calls it at a fixed
# rate on the same server event loop (one server thread): what the consumer saw (errors, P99, max)
# and what became of the abuser. Run it against two builds to compare them (docs/security.md).
# Usage: demo-perf/scripts/attack.sh <pipeline|header|idle> [perf.jar] [extra producer args...]
#   e.g. attack.sh idle demo-perf/target/perf.jar --axle.highway.server.idle-timeout=2s
# Needs: a JDK 21+ as java (or JAVA_HOME), the perf.jar given (default demo-perf/target/perf.jar).
set -euo pipefail
cd "$(dirname "$0")/../.."
ATTACK="$1"; JAR_ARG="${2:-demo-perf/target/perf.jar}"; shift $(( $# > 2 ? 2 : $# )) || true
. demo-perf/scripts/lib.sh
JAR="$JAR_ARG"
trap 'kill ${producer:-} 2>/dev/null || true' EXIT
start_producer attack --axle.highway.server.thread-count=1 "$@"
"$JAVA" -jar "$JAR" -c --rps=5000 --duration=20s --warmup=2s --axle.highway.client.thread-count=1 \
  --axle.request.timeout=5s --axle.registry.local.perf1="highway://127.0.0.1:$port" > "$OUT/consumer.log" 2>&1 &
consumer=$!
sleep 7
"$JAVA" demo-perf/scripts/Abuser.java "$ATTACK" "$port" 10 > "$OUT/abuser.log" 2>&1 || true
wait "$consumer" || true
echo "attack $ATTACK on $JAR $*"
grep -E '^\[ *[0-9]+s\]' "$OUT/consumer.log" | awk '{print "  " $0}' | sed -n '6,20p'
sed -n '/^perf summary/,/cpu\/request/p' "$OUT/consumer.log" | grep -E 'errors|latency'
cat "$OUT/abuser.log"
