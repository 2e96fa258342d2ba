#!/usr/bin/env bash
# Soak: a producer and an open-loop consumer (a fixed rate, so latency is comparable from start to
# end) on loopback for a long time, sampling both processes: heap after the last GC (from the GC
# log), the live heap (a class histogram through jcmd, which runs a full GC: a pause, about 100 ms
# on a loaded 2-core machine, that the consumer's max and P99.9 show), live threads, open file descriptors, and the consumer's P99 (median of the
# per-second windows since the last sample). What a leak looks like: a column that only grows.
# The first and last class histograms of each process are kept in the log folder to diff.
# Usage: demo-perf/scripts/soak.sh [duration=30m] [rps=20000] [sample seconds=60] [extra consumer args...]
# Needs: Linux (/proc), a JDK 21+ as java (or JAVA_HOME), demo-perf/target/perf.jar (./mvnw -q package -DskipTests).
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION="${1:-30m}"; RPS="${2:-20000}"; SAMPLE="${3:-60}"; shift $(( $# > 3 ? 3 : $# )) || true
. demo-perf/scripts/lib.sh

seconds() { case "$1" in *h) echo $(( ${1%h} * 3600 ));; *m) echo $(( ${1%m} * 60 ));; *s) echo "${1%s}";; *) echo "$1";; esac; }
TOTAL=$(seconds "$DURATION")

"$JAVA" -Xlog:gc:file="$OUT/producer-gc.log" -jar "$JAR" --axle.highway.address=127.0.0.1:0 \
  --axle.rest.address=127.0.0.1:0 --baseline.address=127.0.0.1:0 --baseline.rest-address=127.0.0.1:0 \
  --axle.metrics.publisher.defaultLog.enabled=false > "$OUT/producer.log" 2>&1 &
producer=$!
trap 'kill $producer ${consumer:-} 2>/dev/null || true' EXIT
port=""
for _ in $(seq 1 150); do
  port=$(grep -o 'perf producer ready: highway://[^:]*:[0-9]*' "$OUT/producer.log" | grep -o '[0-9]*$' || true)
  [ -n "$port" ] && break
  sleep 0.2
done
[ -n "$port" ] || { echo "producer did not start" >&2; cat "$OUT/producer.log" >&2; exit 1; }

"$JAVA" -Xlog:gc:file="$OUT/consumer-gc.log" -jar "$JAR" -c --rps="$RPS" --duration="$((TOTAL + 5))s" --warmup=5s \
  --axle.registry.local.perf1="highway://127.0.0.1:$port" "$@" > "$OUT/consumer.log" 2>&1 &
consumer=$!

# The heap after the newest GC of a GC log ("... 45M->12M(256M) ..."), in MB.
heap_after_gc() { grep -o '[0-9]*M->[0-9]*M' "$1" 2>/dev/null | tail -1 | sed 's/.*->//; s/M//' || true; }
threads() { awk '/^Threads:/ {print $2}' "/proc/$1/status" 2>/dev/null || echo -; }
fds() { ls "/proc/$1/fd" 2>/dev/null | wc -l; }
JCMD="${JAVA_HOME:+$JAVA_HOME/bin/}jcmd"
# The live heap in MB after a full GC, from a class histogram kept as $OUT/$2-histogram-{first,last}.txt.
live_heap() {
  local file="$OUT/$2-histogram-last.txt"
  "$JCMD" "$1" GC.class_histogram > "$file" 2>/dev/null || { echo -; return; }
  [ -f "$OUT/$2-histogram-first.txt" ] || cp "$file" "$OUT/$2-histogram-first.txt"
  awk '/^Total/ {printf "%.1f", $3 / 1048576}' "$file"
}
# Median of the p99 of the consumer's windows logged since line $1.
p99_since() { tail -n +"$1" "$OUT/consumer.log" | grep -o 'p99= *[0-9.]*' | grep -o '[0-9.]*$' | sort -n \
  | awk '{v[NR]=$1} END {if (NR) print v[int((NR+1)/2)]; else print "-"}'; }

echo "soak: $DURATION at $RPS calls/s, a sample every ${SAMPLE}s; logs in $OUT"
printf '%7s | %9s %6s %7s %5s | %9s %6s %7s %5s | %9s\n' elapsed prod_heap live threads fds cons_heap live threads fds p99_ms
line=1
start=$(date +%s)
while kill -0 "$consumer" 2>/dev/null; do
  sleep "$SAMPLE"
  kill -0 "$consumer" 2>/dev/null || break
  now=$(wc -l < "$OUT/consumer.log")
  printf '%6ss | %8sM %5sM %7s %5s | %8sM %5sM %7s %5s | %9s\n' "$(( $(date +%s) - start ))" \
    "$(heap_after_gc "$OUT/producer-gc.log")" "$(live_heap $producer producer)" "$(threads $producer)" "$(fds $producer)" \
    "$(heap_after_gc "$OUT/consumer-gc.log")" "$(live_heap $consumer consumer)" "$(threads $consumer)" "$(fds $consumer)" \
    "$(p99_since "$line")"
  line=$((now + 1))
done
wait "$consumer" || true
sed -n '/^perf summary/,/cpu\/request/p' "$OUT/consumer.log"
