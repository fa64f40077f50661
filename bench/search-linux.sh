#!/usr/bin/env bash
# Collie on the Linux kernel's TCP stack (search/, --target linux; root): one search of BUDGET
# (default 5m) of wall time with SEED (default 1): the experiments it ran, each anomaly with its MFS,
# when it was found, and the counters that rose where it was found (read from the search's progress
# lines), with the cause they point to. Writes the "search-linux" section of BENCHMARKS.md.
# FROM=DIR formats DIR/run.json and DIR/progress.txt of an earlier run of the same command instead.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
BUDGET="${BUDGET:-5m}" SEED="${SEED:-1}"
if [ -n "${FROM:-}" ]; then
  dir="$FROM"
else
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' EXIT
  ./sonde --version >/dev/null
  # exit 1: anomalies were found
  ./sonde search run --target linux --budget "$BUDGET" --seed "$SEED" --json "$dir/run.json" 2> "$dir/progress.txt" > /dev/null || [ $? -eq 1 ]
fi

python3 - "$dir" "$BUDGET" "$SEED" <<'PY'
import json, os, re, subprocess, sys
sys.path.insert(0, "bench")
from benchmarks_md import write_section
d, budget, seed = sys.argv[1], sys.argv[2], sys.argv[3]
run = json.load(open(f"{d}/run.json"))
progress = open(f"{d}/progress.txt").read().splitlines()
java = subprocess.run(["bash", "-c", "source scripts/jdk.sh >/dev/null; java -version"], capture_output=True, text=True).stderr.splitlines()[0]
kernel = os.uname().release
order = ["cps", "requests", "concurrency", "requestBytes", "responseBytes", "clientAddresses", "ephemeralPorts", "backlog", "serverWorkers", "syncookies", "twReuse"]

def point_text(p):
    return " ".join(f"{k}={p[k]}" for k in order if not (k == "concurrency" and p["requests"] == 1))

def mfs_text(m):
    if m is None:
        return "(no MFS: the simplified point did not reproduce)"
    parts = []
    for k in order:
        if k not in m:
            continue
        v = m[k]
        if k in ("syncookies", "twReuse"):
            parts.append(f"{k} in {{{', '.join(map(str, v))}}}")
        else:
            parts.append(f"{k}={v[0]}" if v[0] == v[1] else f"{k} {v[0]}..{v[1]}")
    return ", ".join(parts) or "any workload"

def where_found(p):
    # the first experiment on the point that the monitor flagged: its rates and the counters that rose
    key = " " + point_text(p) + ":"
    for line in progress:
        if key in line and "anomaly" in line:
            return line.split(key, 1)[1].split("  ->")[0].strip()
    return ""

def cause(counters):
    rate = lambda name: float(m.group(1)) if (m := re.search(re.escape(name) + r" (\d+)/s", counters)) else 0
    c = []
    if rate("client.launchSkipped") > 0:
        c.append("no free source port: the client's ephemeral range times its addresses is held by open and TIME_WAIT connections"
                 + (" (some taken over from TIME_WAIT: TWRecycled)" if rate("client.TWRecycled") > 0 else ""))
    if rate("server.ListenOverflows") > 0:
        c.append("accept-queue overflow (ListenOverflows)")
    if rate("server.TCPReqQFullDrop") > 0:
        c.append("SYN queue full without cookies (TCPReqQFullDrop)")
    return "; ".join(c) or "no kernel drop counter rose: what the client and server processes carry on this machine"

lines = ["## Anomaly search on the Linux TCP stack (Collie, `--target linux`)", "",
         f"Command: `bench/search-linux.sh` (BUDGET={budget}, SEED={seed}), i.e. `sudo ./sonde search run --target linux --budget {budget} "
         f"--seed {seed} --json run.json` (root: each experiment builds its two namespaces). Machine: {os.cpu_count()} cores, Linux {kernel}, {java}; "
         "the client and server share the cores (and another engineer's tests ran beside it). Each experiment: 2 s measured, the client's drain, "
         "namespaces built and deleted (2-6 s of wall time in all).", "",
         f"{run['experiments']} experiments in {run['usedHours'] * 3600:.0f} s of the budget ({run['searchExperiments']} for the search, "
         f"{run['mfsExperiments']} for MFSs, {run['skipped']} points skipped inside MFSs); {len(run['anomalies'])} anomalies; the diagnostic "
         f"counters by variability over the 10 ranking points: {', '.join(run['counterOrder'][:6])}, ...", "",
         "| # | found at | symptom | MFS (TCP dimensions) | MFS experiments | where found: answered of offered requests/s, p99, counters that rose | the counters point to |",
         "| --- | --- | --- | --- | --- | --- | --- |"]
for i, a in enumerate(run["anomalies"], 1):
    at = where_found(a["point"])
    lines.append(f"| {i} | {a['foundAtHours'] * 3600:.0f} s | {a['symptom']} | {mfs_text(a['mfs'])} | {a['mfsExperiments']} | {at} | {cause(at)} |")
lines += ["",
          "Every anomaly is the kernel's or the machine's, none planted: the monitor compares the answered requests with what the open-loop "
          "client offered (20 % short) and latency with a light workload's, and the counters are the namespaces' own `/proc/net/snmp` and "
          "`netstat`. Several MFSs can describe one mechanism (boxes of one region: ports times addresses against connections held), as in "
          "Collie. `LinuxSearchNetnsTest` (tag netns) checks the loop on a small space in under a minute: a search finds the accept-queue "
          "overflow, its MFS names the backlog, its trigger shows the anomaly and `ListenOverflows` again, and the same point with the "
          "largest backlog does not. Where no kernel counter rose, the anomaly is the capacity of the client and server processes on two "
          "shared cores, and its MFS is the noisiest (a busy machine decides its probes); a first run with up to 8 requests per connection "
          "(24000 requests/s offered) found mostly that, 15000-19000 requests/s with the largest backlog, so the space now stops at 4.", ""]
write_section("BENCHMARKS.md", "search-linux", lines)
PY
