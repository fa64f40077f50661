#!/usr/bin/env bash
# An L4 load balancer under load: `sonde load testbed up` (client, an nftables DNAT balancer with
# conntrack and numgen, SERVERS server namespaces), Sonde's server in every server namespace, and the
# same tests driven by Sonde's client and by wrk from the client namespace against the virtual address.
#   cps   new connections per second, one request each (Connection: close), at open-loop targets (Sonde)
#         and with wrk -H "Connection: close" (closed loop, wrk's connections reconnect as fast as they can)
#   cc    concurrent connections held (keepalive 1s) below, at and past the balancer's session limit
#         (LIMIT, dropped past it as a full conntrack table drops; once more with resets), and what
#         failed, by cause: skLost (no answer to any SYN), skRefused (reset at once), skReset, skTimeout
#         (wrk: its connections all busy, closed loop; its socket errors: connect, read, write, timeout)
# Writes the "load-lb" section of BENCHMARKS.md. Needs root (namespaces, nftables); installs wrk and
# nftables with apt-get when they are missing.
#   SERVERS=3 LIMIT=1000 CPS_LADDER="2000 4000 6000 8000" CC_LADDER="500 1000 2000" DURATION=10
#   BENCH_DIR=/tmp/sonde-load-lb   REPORT_ONLY=1 rewrites the section from BENCH_DIR's results
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${BENCH_DIR:-/tmp/sonde-load-lb}"
servers="${SERVERS:-3}"; limit="${LIMIT:-1000}"; duration="${DURATION:-10}"
cps_ladder="${CPS_LADDER:-2000 4000 6000 8000}"; cc_ladder="${CC_LADDER:-500 1000 2000}"
name="sonde-lbb"
mkdir -p "$dir"
if [ "${REPORT_ONLY:-0}" != 1 ]; then
[ "$(id -u)" = 0 ] || { echo "load-lb.sh: needs root (network namespaces, nftables)" >&2; exit 4; }
for tool in wrk nft; do
  command -v "$tool" >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$( [ "$tool" = nft ] && echo nftables || echo wrk )" >/dev/null
done
"$root/sonde" --version >/dev/null            # builds the jar if needed, outside the timings
cut -d ' ' -f 1-3 /proc/loadavg >"$dir/loadavg.txt"   # how busy the shared machine was at the start
wrk --version 2>&1 | head -1 >"$dir/wrk-version.txt" || true

server_pids=()
stop_servers() {
  for p in "${server_pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  for p in "${server_pids[@]}"; do wait "$p" 2>/dev/null || true; done
  server_pids=()
}
cleanup() {
  stop_servers
  "$root/sonde" load testbed down --name "$name" >/dev/null 2>&1 || true
}
trap cleanup EXIT INT TERM

# a testbed with the given options and Sonde's server on every backend
up() {
  stop_servers
  "$root/sonde" load testbed up --name "$name" --servers "$servers" "$@" >"$dir/up.out"
  for i in $(seq "$servers"); do
    ip netns exec "$name-s$i" "$root/sonde" load server --listen "10.72.$i.2:80" --quiet >/dev/null 2>"$dir/server-$i.err" &
    server_pids+=($!)
  done
  for i in $(seq "$servers"); do
    for _ in $(seq 300); do grep -q "serving on" "$dir/server-$i.err" 2>/dev/null && break; sleep 0.1; done
    grep -q "serving on" "$dir/server-$i.err" || { echo "server $i did not start:" >&2; cat "$dir/server-$i.err" >&2; exit 1; }
  done
}
status() { "$root/sonde" load testbed status --name "$name" --json "$dir/$1.json" >/dev/null; }

# a Sonde client run: the balancer's counters before and after, the client's JSON
sonde_run() {
  local run="$1" lines="$2"
  printf 'mode client\nprotocol http\nserver 10.71.0.1 1\nlisten 80 1\nclient 10.70.0.2 16\nwait 1\nslow_start 0\nquiet\nduration %s\n%s\n' \
    "$duration" "$lines" >"$dir/$run.conf"
  status "$run-lb-before"
  # the balancer mid-run too: what it holds while the client holds its connections (the drain frees them)
  (sleep $(( 2 + duration / 2 )); status "$run-lb-mid") &
  local sampler=$!
  ip netns exec "$name-client" "$root/sonde" load run "$dir/$run.conf" --json "$dir/$run.json" >"$dir/$run.out" 2>"$dir/$run.err" || true
  wait "$sampler" || true
  status "$run-lb-after"
}
wrk_run() {
  local run="$1"; shift
  status "$run-lb-before"
  (sleep $(( 1 + duration / 2 )); status "$run-lb-mid") &
  local sampler=$!
  ip netns exec "$name-client" wrk -t1 -d "${duration}s" "$@" http://10.71.0.1/ >"$dir/$run.out" 2>&1 || true
  wait "$sampler" || true
  status "$run-lb-after"
}

up --balance random
for t in $cps_ladder; do sonde_run "cps-$t" "cps $t"; done
wrk_run wrk-cps -c 32 -H "Connection: close"

up --balance random --session-limit "$limit" --over-limit drop
for n in $cc_ladder; do sonde_run "cc-$n" "cc $n
cps 2000
keepalive 1s"; done
top="${cc_ladder##* }"
wrk_run wrk-cc -c "$top" --timeout 5s

up --balance random --session-limit "$limit" --over-limit reset
sonde_run "cc-reset-$top" "cc $top
cps 2000
keepalive 1s"
wrk_run wrk-cc-reset -c "$top" --timeout 5s
stop_servers
cut -d ' ' -f 1-3 /proc/loadavg >"$dir/loadavg-end.txt"
fi

PYTHONPATH="$root/bench" python3 - "$root" "$dir" "$servers" "$limit" "$duration" "$cps_ladder" "$cc_ladder" "$(nproc)" \
  "$(cat "$dir/loadavg.txt") at the start, $(cat "$dir/loadavg-end.txt" 2>/dev/null) at the end" "$(cat "$dir/wrk-version.txt" 2>/dev/null)" <<'PY'
import json, os, re, sys
from benchmarks_md import write_section
root, d, servers, limit, duration, cps_ladder, cc_ladder, cpus, loadavg, wrkv = sys.argv[1:]
def load(n): return json.load(open(os.path.join(d, n)))
def lb(run, until="after"):
    a, b = load(f"{run}-lb-before.json"), load(f"{run}-lb-{until}.json")
    per = [y["connections"] - x["connections"] for x, y in zip(a["backends"], b["backends"])]
    refused = (b["sessionLimit"] or {}).get("packetsRefused", 0) - (a["sessionLimit"] or {}).get("packetsRefused", 0)
    return per, refused, b["conntrackEntries"]
def causes(c):
    k = c["counters"]
    return " ".join(f"{n} {k.get(n, 0)}" for n in ("skLost", "skRefused", "skReset", "skTimeout", "skEof"))
def wrk(run):
    t = open(os.path.join(d, run + ".out")).read()
    rps = re.search(r"Requests/sec:\s+([\d.]+)", t)
    req = re.search(r"(\d+) requests in", t)
    se = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", t)
    non2 = re.search(r"Non-2xx or 3xx responses: (\d+)", t)
    err = f"connect {se.group(1)}, read {se.group(2)}, write {se.group(3)}, timeout {se.group(4)}" if se else "none"
    if non2: err += f"; non-2xx {non2.group(1)}"
    return (float(rps.group(1)) if rps else 0.0), (int(req.group(1)) if req else 0), err
L = [
 "## Load: an nftables L4 load balancer (conntrack, DNAT by numgen) between namespaces",
 "",
 f"`bench/load-lb.sh` (SERVERS={servers} LIMIT={limit} CPS_LADDER=\"{cps_ladder}\" CC_LADDER=\"{cc_ladder}\" DURATION={duration}):",
 f"`sonde load testbed up --servers {servers}` (client — balancer — {servers} servers, each a namespace; the balancer DNATs",
 "10.71.0.1:80 to a server per connection with `numgen random mod N`, conntrack maps the rest), `sonde load server` in",
 "every server namespace, and the client (Sonde's kernel-socket engine, or wrk) in the client namespace, each its own",
 f"process, unpinned, on a {cpus}-CPU machine shared with another session's work (load average {loadavg}):",
 "the client, the balancer's softirq work and the servers share two cores, so these are the testbed's limits here, not",
 "nftables'. Per-backend counts are the balancer's nft counters over the run.",
 "",
 "New connections per second (one request each; Sonde: open-loop target; wrk: 32 connections, `Connection: close`):",
 "",
 "| client | target | connections/s | requests | per backend (balancer) | errors |",
 "| --- | --- | --- | --- | --- | --- |",
]
for t in cps_ladder.split():
    c = load(f"cps-{t}.json"); per, _, _ = lb(f"cps-{t}")
    L.append(f"| Sonde | {t}/s | {c['connectionsPerSecond']:.0f} | {c['requests']} | {' / '.join(map(str, per))} | skErr {c['socketErrors']} ({causes(c)}) |")
rps, req, err = wrk("wrk-cps"); per, _, _ = lb("wrk-cps")
L.append(f"| wrk | closed loop | {rps:.0f} | {req} | {' / '.join(map(str, per))} | {err} |")
L += ["",
 f"Concurrent connections against a session limit of {limit} (nft `ct count over {limit}`; nf_conntrack_max itself is the host's,",
 "read-only inside a namespace on this kernel). Sonde holds cc connections, each sending a request every second, launched",
 "at 2,000/s; past the limit the balancer drops the new connections' SYNs (or resets them), and the client says which:",
 "",
 "| client | cc | past limit | peak skCon | admitted by mid-run (balancer) | admitted in all | requests ok | SYN packets refused | skErr by cause |",
 "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
top = cc_ladder.split()[-1]
for run, n, how in [(f"cc-{n}", n, "drop") for n in cc_ladder.split()] + [(f"cc-reset-{top}", top, "reset")]:
    c = load(f"{run}.json"); per, refused, _ = lb(run); mid, _, _ = lb(run, "mid")
    L.append(f"| Sonde | {n} | {how} | {c['maxConcurrent']} | {sum(mid)} | {sum(per)} | {c['responses2xx']} | {refused} | skErr {c['socketErrors']}: {causes(c)} |")
for run, how in [("wrk-cc", "drop"), ("wrk-cc-reset", "reset")]:
    rps, req, err = wrk(run); per, refused, _ = lb(run); mid, _, _ = lb(run, "mid")
    L.append(f"| wrk | {top} | {how} | — | {sum(mid)} | {sum(per)} | {req} | {refused} | {err} |")
L += ["",
 "Reading it: the balancer admits exactly its limit while the table is full (\"admitted by mid-run\", sampled halfway).",
 "Past a dropping limit the surplus connections never complete a handshake: Sonde counts each as skLost (no answer",
 "to any SYN within 4 retransmit timeouts, 8 s, after which it relaunches them; or still unanswered when the drain",
 "ends) and keeps serving the established ones. \"Admitted in all\" is larger because the drain closes the held",
 "connections and the surplus' resent SYNs then get in. With resets each surplus attempt is refused at once",
 "(skRefused, one per reset the balancer sent) and relaunched, so refusals count attempts. wrk reports nothing",
 "about connections that a dropping balancer never admits: they wait in connect while the admitted ones run",
 "closed-loop, and its summary says no errors; against resets it counts write errors.",
 f"wrk: {wrkv}."]
write_section(os.path.join(root, "BENCHMARKS.md"), "load-lb", L)
PY
