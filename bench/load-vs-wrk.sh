#!/usr/bin/env bash
# Sonde's load generator (sonde load run) against wrk, side by side on loopback in one run, with
# nginx (worker_processes 1) as the target; the generator is pinned to one CPU and the server to
# another (taskset). Scenarios: keepalive requests/s (wrk -t1 -c64 vs cc 64, keepalive 0us), new
# connections/s with the server closing (wrk -H "Connection: close" vs cc 64 with one request per
# connection, and Sonde's open-loop cps at wrk's rate), concurrent idle connections with memory per
# connection, CPU per request from /proc, the engine choice (Netty 4.2 epoll / io_uring / NIO against
# Sonde's FFM epoll client, same workload), and Sonde's server against nginx as wrk's target
# (keepalive and new connections, alternating and head to head on one core).
# Writes its sections of BENCHMARKS.md (load-vs-wrk, load-server).
#   DURATION=10        seconds per run
#   RUNS=3             runs per measurement (the section reports the median)
#   IDLE=9000          concurrent idle connections to hold (both ends are local: 2 descriptors each)
#   GEN_CPU=0 SRV_CPU=1  the CPUs for the generator and the server
#   BENCH_DIR=/tmp/sonde-load-bench
#   REPORT_ONLY=1      rewrite the sections from BENCH_DIR/results.json (and server-results.json) without running anything
#   SERVER_ONLY=1      only Sonde's server against nginx (section "load-server": alternating and head to head)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${BENCH_DIR:-/tmp/sonde-load-bench}"
mkdir -p "$dir"
if [ "${REPORT_ONLY:-0}" = 1 ]; then
  PYTHONPATH="$root/bench" exec python3 "$root/bench/load/bench.py" --root "$root" --dir "$dir" --netty - --java - \
    --duration "${DURATION:-10}" --runs "${RUNS:-3}" --idle "${IDLE:-9000}" --gen-cpu "${GEN_CPU:-0}" --srv-cpu "${SRV_CPU:-1}" --report-only
fi

# wrk, nginx and the helpers, from Debian, once
need=()
command -v wrk >/dev/null 2>&1 || need+=(wrk)
command -v nginx >/dev/null 2>&1 || need+=(nginx-light)
command -v taskset >/dev/null 2>&1 || need+=(util-linux)
command -v curl >/dev/null 2>&1 || need+=(curl)
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null 2>&1 \
    || { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null; }
fi
# a Debian nginx package starts its own service; ours runs from its own configuration
systemctl disable --now nginx >/dev/null 2>&1 || true

server_only=()
[ "${SERVER_ONLY:-0}" = 1 ] && server_only=(--server-only)
netty=-
if [ ${#server_only[@]} -eq 0 ]; then
  # Netty for the engine choice: 4.2.15.Final is the newest 4.2 whose native epoll and io_uring jars
  # Maven Central carries (4.2.19 and 4.2.20 have none there yet)
  netty_version=4.2.15.Final
  netty="$dir/netty-$netty_version"
  if [ ! -f "$netty/.complete" ]; then
    mkdir -p "$netty"
    for a in netty-common netty-buffer netty-resolver netty-transport netty-transport-native-unix-common \
             netty-transport-classes-epoll netty-transport-classes-io_uring; do
      curl -sfL -o "$netty/$a.jar" "https://repo1.maven.org/maven2/io/netty/$a/$netty_version/$a-$netty_version.jar"
    done
    for a in netty-transport-native-epoll netty-transport-native-io_uring; do
      curl -sfL -o "$netty/$a.jar" "https://repo1.maven.org/maven2/io/netty/$a/$netty_version/$a-$netty_version-linux-x86_64.jar"
    done
    touch "$netty/.complete"
  fi
fi

# shellcheck source=scripts/jdk.sh
source "$root/scripts/jdk.sh"                 # JAVA_HOME: a JDK >= 25, for the Netty probe
"$root/sonde" --version >/dev/null            # builds the jar if needed, outside the timings
ulimit -n "$(ulimit -Hn)"
PYTHONPATH="$root/bench" python3 "$root/bench/load/bench.py" --root "$root" --dir "$dir" --netty "$netty" --java "$JAVA_HOME/bin/java" \
  --duration "${DURATION:-10}" --runs "${RUNS:-3}" --idle "${IDLE:-9000}" --gen-cpu "${GEN_CPU:-0}" --srv-cpu "${SRV_CPU:-1}" "${server_only[@]}"
