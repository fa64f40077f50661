# Sourced by ./sonde and ./run-tests: exports JAVA_HOME and PATH for a JDK >= 25
# (JAVA_HOME first, then /usr/lib/jvm/*, newest first), or exits 4 with advice.
sonde_min_java=25

sonde_java_major() { # feature version of the JDK at $1, or nothing
  # the JDK's release file says it without starting a JVM (which costs ~50 ms per launch)
  if [ -f "$1/release" ]; then
    sed -n 's/^JAVA_VERSION="\([0-9][0-9]*\).*/\1/p' "$1/release" | head -n 1
  else
    "$1/bin/java" -XshowSettings:properties -version 2>&1 \
      | sed -n 's/^ *java\.specification\.version = \([0-9][0-9]*\).*/\1/p' | head -n 1
  fi
}

sonde_find_jdk() {
  local candidates=() c major
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  while IFS= read -r c; do candidates+=("$c"); done \
    < <(ls -d /usr/lib/jvm/*/ 2>/dev/null | sed 's:/$::' | sort -V -r)
  for c in "${candidates[@]}"; do
    [ -x "$c/bin/java" ] && [ -x "$c/bin/javac" ] || continue
    major="$(sonde_java_major "$c")"
    if [ -n "$major" ] && [ "$major" -ge "$sonde_min_java" ]; then
      printf '%s\n' "$c"; return 0
    fi
  done
  return 1
}

if ! sonde_jdk="$(sonde_find_jdk)"; then
  echo "sonde: no JDK $sonde_min_java or newer found (looked at JAVA_HOME and /usr/lib/jvm/*)." >&2
  echo "hint: install one (e.g. Temurin 25) and set JAVA_HOME to it." >&2
  exit 4
fi
export JAVA_HOME="$sonde_jdk"
export PATH="$sonde_jdk/bin:$PATH"
