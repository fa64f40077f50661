# Sourced by ./sonde and ./run-tests: exports JAVA_HOME and PATH for a JDK >= 25
# (JAVA_HOME first, then /usr/lib/jvm/*, newest first), or exits 4 with advice.
sonde_min_java=25

sonde_java_release() { # the value of $1 in the release file of the JDK at $2, or nothing
  # read by the shell itself: every program started costs the launcher a few milliseconds
  local line
  [ -f "$2/release" ] || return 0
  while IFS= read -r line || [ -n "$line" ]; do
    if [[ $line == "$1="* ]]; then
      line="${line#*=}"; line="${line#\"}"; printf '%s\n' "${line%\"}"; return 0
    fi
  done < "$2/release"
}

sonde_java_major() { # feature version of the JDK at $1, or nothing
  # the JDK's release file says it without starting a JVM (which costs ~50 ms per launch)
  if [ -f "$1/release" ]; then
    local v
    v="$(sonde_java_release JAVA_VERSION "$1")"
    [[ $v =~ ^[0-9]+ ]] && printf '%s\n' "${BASH_REMATCH[0]}"
    return 0
  else
    "$1/bin/java" -XshowSettings:properties -version 2>&1 \
      | sed -n 's/^ *java\.specification\.version = \([0-9][0-9]*\).*/\1/p' | head -n 1
  fi
}

sonde_jdk_fits() { # whether $1 is a JDK >= sonde_min_java
  local major
  [ -x "$1/bin/java" ] && [ -x "$1/bin/javac" ] || return 1
  major="$(sonde_java_major "$1")"
  [ -n "$major" ] && [ "$major" -ge "$sonde_min_java" ]
}

sonde_find_jdk() {
  local c
  # JAVA_HOME alone when it fits: listing and sorting the others costs the launcher ~5 ms
  if [ -n "${JAVA_HOME:-}" ] && sonde_jdk_fits "$JAVA_HOME"; then printf '%s\n' "$JAVA_HOME"; return 0; fi
  while IFS= read -r c; do
    if sonde_jdk_fits "$c"; then printf '%s\n' "$c"; return 0; fi
  done < <(ls -d /usr/lib/jvm/*/ 2>/dev/null | sed 's:/$::' | sort -V -r)
  return 1
}

if ! sonde_jdk="$(sonde_find_jdk)"; then
  echo "sonde: no JDK $sonde_min_java or newer found (looked at JAVA_HOME and /usr/lib/jvm/*)." >&2
  echo "hint: install one (e.g. Temurin 25) and set JAVA_HOME to it." >&2
  exit 4
fi
export JAVA_HOME="$sonde_jdk"
export PATH="$sonde_jdk/bin:$PATH"
