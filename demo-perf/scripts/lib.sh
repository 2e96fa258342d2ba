# Shared by the comparison scripts: sourced, not run. Sets JAVA, JAR and OUT, and defines
# start_producer and field.
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
JAR=demo-perf/target/perf.jar
OUT="$(mktemp -d)"
[ -f "$JAR" ] || { echo "missing $JAR: run ./mvnw -q package -DskipTests first" >&2; exit 1; }

# start_producer NAME [producer args...]: starts a producer on free loopback ports, waits for its
# ready line ("perf producer ready: highway://h:p rest://h:p (executor: ...)"), and sets
# producer (its pid), port (highway) and rest_port. Its output goes to $OUT/producer-NAME.log.
start_producer() {
  local name="$1" log="$OUT/producer-$1.log" ready
  shift
  "$JAVA" -jar "$JAR" --axle.highway.address=127.0.0.1:0 --axle.rest.address=127.0.0.1:0 --baseline.address=127.0.0.1:0 --baseline.rest-address=127.0.0.1:0 "$@" > "$log" 2>&1 &
  producer=$!
  port=""; rest_port=""
  for _ in $(seq 1 150); do
    ready=$(grep -o 'perf producer ready: highway://[^:]*:[0-9]* rest://[^:]*:[0-9]*' "$log" || true)
    port=$(echo "$ready" | grep -o 'highway://[^:]*:[0-9]*' | grep -o '[0-9]*$' || true)
    rest_port=$(echo "$ready" | grep -o 'rest://[^:]*:[0-9]*' | grep -o '[0-9]*$' || true)
    [ -n "$port" ] && [ -n "$rest_port" ] && return 0
    sleep 0.2
  done
  echo "producer ($name) did not start:" >&2
  cat "$log" >&2
  kill "$producer" 2>/dev/null || true
  exit 1
}

# field FILE NAME: the first numeric value of "NAME" in a result JSON file.
field() { grep -o "\"$2\" *: *[0-9.]*" "$1" | head -1 | cut -d: -f2 | tr -d " "; }
