#!/usr/bin/env bash
# The Linux target's injector (issue 18's goals), written to the "inject-tcp" section of BENCHMARKS.md:
# examples/inject/tcp-bulk.yaml (4 connections x 64 MB of bulk TCP, no event) runs RUNS times through
# the netfilter-queue injector between two namespaces; from each run's result.json:
#   - the delay the injector adds per packet: from the middle box's kernel receiving the packet
#     (its receive timestamp) to the verdict, median and p99 (goal: median < 50 us);
#   - packets per second through the queue over the whole transfer (goal: >= 100 k packets/s);
#   - the time in the injector's own code per packet (the rest of the added delay is the queue's trip).
# Reference, side by side: the same transfer through the same namespaces with no queue (plain forwarding),
# its duration against the injected run's. Needs root. BENCH_DIR (default a temporary directory) keeps the runs.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
RUNS="${RUNS:-5}"
source scripts/jdk.sh
./sonde --version >/dev/null
dir="${BENCH_DIR:-$(mktemp -d)}"
[[ -n "${BENCH_DIR:-}" ]] || trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir"
python3 - "$dir" "$RUNS" <<'PY'
import json, os, platform, statistics, subprocess, sys, time
sys.path.insert(0, "bench")
from benchmarks_md import write_section
d, runs = sys.argv[1], int(sys.argv[2])
rows = []
for i in range(runs):
    out = f"{d}/run{i}"
    t = time.monotonic()
    p = subprocess.run(["./sonde", "inject", "run", "examples/inject/tcp-bulk.yaml", "--target", "linux", "--out", out, "--no-report"],
                       capture_output=True, text=True)
    wall = time.monotonic() - t
    if p.returncode != 0:
        sys.exit(f"run {i} failed ({p.returncode}): {p.stderr}")
    r = json.load(open(f"{out}/result.json"))
    inj = r["injector"]
    duration = max(c["durationNanos"] for c in r["connections"]) / 1e9
    rows.append({"added": inj["addedDelayMedianNanos"], "addedP99": inj["addedDelayP99Nanos"], "processing": inj["processingMedianNanos"],
                 "pps": inj["packetsPerSecond"], "packets": r["packets"], "seconds": duration, "wall": wall, "kernel": r["kernel"]})
ref = subprocess.run(["bash", "bench/inject/plain-forwarding.sh", "4", "64"], capture_output=True, text=True)
if ref.returncode != 0:
    sys.exit(f"reference run failed: {ref.stderr}")
plain = float(ref.stdout.strip().splitlines()[-1])
med = lambda k: statistics.median(r[k] for r in rows)
load = os.getloadavg()
lines = [
    "## The Linux target's injector (issue 18)", "",
    f"`bash bench/inject-tcp.sh` (RUNS={runs}; {os.cpu_count()} cores, {platform.system()} {rows[0]['kernel']}; load average "
    f"{load[0]:.2f} at the end): `examples/inject/tcp-bulk.yaml`, 4 connections x 64 MB of bulk TCP (cubic) between two network "
    "namespaces through the middle box's netfilter queue and Sonde's injector, every packet mirrored to the pcapng trace.", "",
    "| measurement | goal | measured (median of runs) |", "| --- | --- | --- |",
    f"| delay the injector adds per packet (middle box kernel receipt to verdict) | median < 50 us | **{med('added') / 1e3:.1f} us** "
    f"(p99 {med('addedP99') / 1e3:.0f} us; runs {', '.join(f'{r['added'] / 1e3:.1f}' for r in rows)}) |",
    f"| packets through the queue per second over the transfer ({rows[0]['packets']:,} packets) | >= 100 k/s | **{med('pps') / 1e3:.0f} k/s** "
    f"(runs {', '.join(f'{r['pps'] / 1e3:.0f}' for r in rows)}) |",
    f"| of which the injector's own code per packet (classify, mirror, verdict) | - | {med('processing') / 1e3:.1f} us |",
    f"| transfer time, injected vs plain forwarding (same namespaces, no queue) | - | {med('seconds'):.2f} s vs {plain:.2f} s "
    f"({med('seconds') / plain:.1f}x) |",
]
write_section("BENCHMARKS.md", "inject-tcp", lines)
PY
