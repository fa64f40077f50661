#!/usr/bin/env bash
# The user-space engine's closed-loop connection rate (the workers scenario of load-userspace.sh with one worker
# each: cc WORKERS_CC, one request per connection, client on CPU 0 and server on CPU 1) of two builds side by side,
# with and without the namespaces' own IP stacks seeing the frames (load-userspace.sh's KERNEL_STACK): the four
# variants run in turn (their order alternating with the rounds), ROUNDS times, so that a machine whose speed swings
# with other work treats them alike.
#   OLD=DIR          a checkout with the older build (its ./sonde runs it; e.g. a copy of cli/target, sonde, scripts)
#   ROUNDS=4 DURATION=8 WORKERS_CC=1000   rounds, seconds measured per run, connections in flight
#   BENCH_DIR=/tmp/sonde-load-userspace-ab
#   REPORT_ONLY=1    rewrite the section from BENCH_DIR's results
# Writes the "load-userspace-ab" section of BENCHMARKS.md. Needs root.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${BENCH_DIR:-/tmp/sonde-load-userspace-ab}"
rounds="${ROUNDS:-4}"; duration="${DURATION:-8}"; workers_cc="${WORKERS_CC:-1000}"
old="${OLD:-}"
mkdir -p "$dir"
if [ "${REPORT_ONLY:-0}" != 1 ]; then
[ "$(id -u)" = 0 ] || { echo "load-userspace-ab.sh: needs root (network namespaces, raw sockets)" >&2; exit 4; }
[ -x "$old/sonde" ] || { echo "load-userspace-ab.sh: OLD must name a checkout with a built ./sonde" >&2; exit 2; }
cut -d ' ' -f 1 /proc/loadavg >"$dir/loadavg.txt"
git -C "$root" describe --always --dirty >"$dir/new.txt" 2>/dev/null || echo unknown >"$dir/new.txt"
git -C "$old" describe --always --dirty >"$dir/old.txt" 2>/dev/null || echo "$old" >"$dir/old.txt"
"$root/sonde" --version >/dev/null; "$old/sonde" --version >/dev/null   # builds and caches outside the timings
rm -f "$dir"/run-*.json

# shellcheck source=load/veth-pair.sh
source "$root/bench/load/veth-pair.sh"
veth_pair "sonde-ab-$$"
common="engine userspace
server 10.0.0.1 1
listen 80 1
client 10.1.0.1 16
quiet"
printf 'mode server\nnetns %s\nport veth-b 10.0.0.1 10.0.0.2\nduration 1h\ncpu 1\n%s\n' "$ns_b" "$common" >"$dir/server.conf"
printf 'mode client\nnetns %s\nport veth-a 10.0.0.2 10.0.0.1\nwait 2\nslow_start 0\ncpu 0\n%s\ncc %s\ncps 200k\nkeepalive 1us 1\nduration %s\n' \
  "$ns_a" "$common" "$workers_cc" "$duration" >"$dir/client.conf"

run() {   # run BUILD_ROOT NAME
  "$1/sonde" load run "$dir/server.conf" --json "$dir/$2-server.json" >/dev/null 2>"$dir/$2-server.err" &
  server_pid=$!
  for _ in $(seq 100); do grep -q "^load: server" "$dir/$2-server.err" 2>/dev/null && break; sleep 0.1; done
  "$1/sonde" load run "$dir/client.conf" --json "$dir/$2.json" >/dev/null 2>"$dir/$2.err" || true
  kill -TERM "$server_pid"; wait "$server_pid" || true; server_pid=""
}
for r in $(seq "$rounds"); do
  for stack in $([ $((r % 2)) = 1 ] && echo 1 0 || echo 0 1); do
    # the same ingress chain as load-userspace.sh's KERNEL_STACK=0, added and removed between runs
    ingress_drop "$ns_a" veth-a "$([ "$stack" = 0 ] && echo on || echo off)"
    ingress_drop "$ns_b" veth-b "$([ "$stack" = 0 ] && echo on || echo off)"
    # the builds' order alternates with the rounds, so neither is always the one after the other
    if [ $((r % 2)) = 1 ]; then run "$old" "run-$r-old-$stack"; run "$root" "run-$r-new-$stack"
    else run "$root" "run-$r-new-$stack"; run "$old" "run-$r-old-$stack"; fi
  done
done
fi

PYTHONPATH="$root/bench" python3 - "$root" "$dir" "$rounds" "$duration" "$workers_cc" "$(nproc)" <<'PY'
import json, os, statistics, sys
from benchmarks_md import write_section
root, d, rounds, duration, workers_cc, cpus = sys.argv[1:]
def rate(name):
    p = os.path.join(d, name + ".json")
    return json.load(open(p))["connectionsPerSecond"] if os.path.exists(p) else None
old, new, loadavg = (open(os.path.join(d, f)).read().strip() for f in ("old.txt", "new.txt", "loadavg.txt"))
variants = [(b, s) for s in ("1", "0") for b in ("old", "new")]
label = {("old", "1"): "old build, IP stacks see frames", ("new", "1"): "new build, IP stacks see frames",
         ("old", "0"): "old build, ingress drop", ("new", "0"): "new build, ingress drop"}
rows = {v: [rate(f"run-{r}-{v[0]}-{v[1]}") for r in range(1, int(rounds) + 1)] for v in variants}
def med(v): return statistics.median([x for x in v if x is not None]) if any(x is not None for x in v) else 0
def fmt(x): return f"{x:,.0f}" if x is not None else "failed"
lines = [
 "## Load: the user-space engine's connection rate, two builds side by side (issue 22 item 7)",
 "",
 f"`OLD=DIR bench/load-userspace-ab.sh` (ROUNDS={rounds} DURATION={duration} WORKERS_CC={workers_cc}): closed-loop new connections/s",
 f"(cc {int(workers_cc):,}, one request each, `keepalive 1us 1`), one worker each, client on CPU 0 and server on CPU 1 of {cpus}; the old",
 f"build ({old}) and the new ({new}) alternate, each with the namespaces' IP stacks seeing every frame and with load-userspace.sh's",
 f"nftables ingress drop (KERNEL_STACK=0). Machine shared with other work (load average {loadavg} at the start).",
 "",
 "| round | " + " | ".join(label[v] for v in variants) + " |",
 "|---|" + "---:|" * len(variants),
 *[f"| {r + 1} | " + " | ".join(fmt(rows[v][r]) for v in variants) + " |" for r in range(int(rounds))],
 "| **median** | " + " | ".join(f"**{med(rows[v]):,.0f}**" for v in variants) + " |",
 "",
]
def ratio(a, b):
    rs = [y / x for x, y in zip(rows[a], rows[b]) if x and y]
    return f"{statistics.median(rs):.2f}× (rounds {', '.join(f'{x:.2f}' for x in rs)})" if rs else "n/a"
lines += [f"Per round, new build against old: {ratio(('old', '1'), ('new', '1'))} with the IP stacks seeing frames, "
          f"{ratio(('old', '0'), ('new', '0'))} with the ingress drop; the ingress drop against none, new build: {ratio(('new', '1'), ('new', '0'))}; "
          f"both together against the old build as it was: {ratio(('old', '1'), ('new', '0'))}."]
write_section(os.path.join(root, "BENCHMARKS.md"), "load-userspace-ab", lines)
PY
