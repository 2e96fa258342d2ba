# Sourced (POSIX sh) by ./mvnw and .ci/run: the build needs a JDK 21 or newer, and a machine's default `java`
# may be older with a newer JDK installed beside it. axle_pick_jdk leaves a JAVA_HOME (or java on PATH) of 21+
# alone and says nothing; otherwise it exports JAVA_HOME as the newest JDK 21+ it finds and puts its bin first
# on PATH, saying so in one line on stderr; if there is none, it says what it found, what is needed and what to
# set, and returns 1.
#
# JDK_CANDIDATES_FOR_TESTS, for tests only: the globs searched instead of the default ones.

AXLE_JDK_NEEDED=21
AXLE_JDK_DEFAULT_CANDIDATES="/usr/lib/jvm/* /opt/java/* /opt/jdk*"

# The feature version (17, 21, 25) of the JDK or JRE at $1, or 0 if it has none that can be read: its release
# file, else what its java reports.
axle_jdk_major() {
  _axle_v=""
  if [ -r "$1/release" ]; then
    _axle_v=$(sed -n 's/^JAVA_VERSION="\([^"]*\)".*/\1/p' "$1/release")
  fi
  if [ -z "$_axle_v" ] && [ -x "$1/bin/java" ]; then
    _axle_v=$("$1/bin/java" -XshowSettings:properties -version 2>&1 \
      | sed -n 's/^ *java\.specification\.version = //p') || _axle_v=""
  fi
  case "$_axle_v" in 1.*) _axle_v=${_axle_v#1.} ;; esac
  _axle_v=${_axle_v%%[!0-9]*}
  echo "${_axle_v:-0}"
}

# The home of the java (or javac) found on PATH under the name $1, or nothing.
axle_path_home() {
  _axle_bin=$(command -v "$1" 2>/dev/null) || return 0
  _axle_bin=$(readlink -f "$_axle_bin" 2>/dev/null || echo "$_axle_bin")
  dirname "$(dirname "$_axle_bin")"
}

# $1: who asks (mvnw, .ci/run), to start its lines with. $2: "newest" to take the newest JDK installed over
# the java on PATH (a set JAVA_HOME of 21+ still wins), as CI does: the project runs on the newest JDK at hand.
axle_pick_jdk() {
  if [ -n "${JAVA_HOME:-}" ]; then
    _axle_from="JAVA_HOME" _axle_home=$JAVA_HOME
  else
    _axle_from="java on PATH" _axle_home=$(axle_path_home java)
  fi
  _axle_have=0
  [ -z "$_axle_home" ] || _axle_have=$(axle_jdk_major "$_axle_home")
  # Accepted as it is: 21 or newer with a compiler (Maven compiles), unless the newest is asked for over PATH's.
  if [ "$_axle_have" -ge "$AXLE_JDK_NEEDED" ] && [ -x "$_axle_home/bin/javac" ] \
      && { [ "${2:-}" != newest ] || [ -n "${JAVA_HOME:-}" ]; }; then
    return 0
  fi

  # The newest JDK (javac, not only java: Maven compiles) under the globs or on PATH.
  _axle_best="" _axle_best_v=0 _axle_dirs=""
  _axle_dirs=$(axle_path_home javac)
  case $- in *f*) _axle_noglob=1 ;; *) _axle_noglob=0 ;; esac
  set +f # ./mvnw runs with globbing off
  for _axle_dir in $_axle_dirs ${JDK_CANDIDATES_FOR_TESTS:-$AXLE_JDK_DEFAULT_CANDIDATES}; do
    [ -x "$_axle_dir/bin/javac" ] || continue
    _axle_v=$(axle_jdk_major "$_axle_dir")
    if [ "$_axle_v" -ge "$AXLE_JDK_NEEDED" ] && [ "$_axle_v" -gt "$_axle_best_v" ]; then
      _axle_best=$_axle_dir _axle_best_v=$_axle_v
    fi
  done
  [ "$_axle_noglob" = 0 ] || set -f

  if [ -z "$_axle_home" ]; then
    _axle_found="no JAVA_HOME and no java on PATH"
  elif [ "$_axle_have" = 0 ]; then
    _axle_found="$_axle_from is $_axle_home, which has no java whose version can be read"
  else
    _axle_found="$_axle_from is Java $_axle_have ($_axle_home)"
  fi
  if [ -z "$_axle_best" ]; then
    echo "$1: Axle needs a JDK $AXLE_JDK_NEEDED or newer; $_axle_found, and no JDK $AXLE_JDK_NEEDED or newer is under" \
      "${JDK_CANDIDATES_FOR_TESTS:-$AXLE_JDK_DEFAULT_CANDIDATES} (expected: JAVA_HOME pointing at a JDK >= $AXLE_JDK_NEEDED," \
      "e.g. export JAVA_HOME=/usr/lib/jvm/<jdk-21-or-newer>)" >&2
    return 1
  fi
  echo "$1: $_axle_found; using Java $_axle_best_v at $_axle_best (Axle needs $AXLE_JDK_NEEDED or newer;" \
    "set JAVA_HOME to choose)" >&2
  JAVA_HOME=$_axle_best
  PATH="$JAVA_HOME/bin:$PATH"
  export JAVA_HOME PATH
}
