#!/usr/bin/env bash
# Chaos under load, for longer than the test suite's minute: three producer processes behind an
# in-process ZooKeeper, two consumers calling them (one retrying, as for idempotent operations), and
# producers stopped gracefully, killed and restarted at random. Fails if any call is unaccounted for
# (docs/reliability.md, "Chaos under load"). Prints its seed; replay one with a second argument.
# Usage: demo-perf/scripts/chaos.sh [duration, e.g. 10m] [seed]
# Needs: a JDK 21+ as java (or JAVA_HOME); builds what it needs with the Maven wrapper.
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION="${1:-10m}"
SEED_ARG=()
[ -n "${2:-}" ] && SEED_ARG=("-Daxle.chaos.seed=$2")
./mvnw -q -B install -DskipTests -pl registry-zookeeper -am
# The test's 300 s timeout is for the suite's one-minute run: off here.
LOG="$(mktemp -t axle-chaos.XXXXXX.log)"
status=0
./mvnw -B verify -pl registry-zookeeper -Dtest=ChaosTest -Dsurefire.failIfNoSpecifiedTests=false \
  -Daxle.chaos.duration="$DURATION" -Djunit.jupiter.execution.timeout.mode=disabled ${SEED_ARG[@]+"${SEED_ARG[@]}"} \
  > "$LOG" 2>&1 || status=$?
grep -E 'ChaosTest (seed|events|answers)|Tests run:|expected|but was|not within' "$LOG" || true
echo "full log: $LOG"
exit "$status"
