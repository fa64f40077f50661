#!/usr/bin/env bash
# The Linux target's injector (issue 18's goals), written to the "inject-tcp" section of BENCHMARKS.md:
# two tests run RUNS times each through the netfilter-queue injector between two namespaces, with no event:
#   - examples/inject/tcp-pingpong.yaml (20,000 requests of 100 bytes, each answered): one packet in flight,
#     so the delay the injector adds per packet (from the middle box's kernel receiving it, its receive
#     timestamp, to the verdict) is the injector's own and not a queue's: median and p99 (goal: median < 50 us);
#   - examples/inject/tcp-bulk.yaml (4 connections x 64 MB of bulk TCP): packets per second through the
#     queue over the whole transfer (goal: >= 100 k packets/s), and the time in the injector's own code
#     per packet. Under bulk load TCP fills the queue, as it fills a bottleneck router's buffer: the
#     delay added then is queueing, reported for completeness.
# Reference, side by side: the same transfer through the same namespaces with no queue (plain forwarding),
# its duration against the injected run's.
#   - `sonde inject capacity`: the packets per second the injector holds with no loss (RFC 2544's zero-loss
#     throughput), offered a bulk transfer's packets from AF_PACKET rings so that the hosts' TCP stacks do not
#     share the 2 cores with it (goal: >= 100 k packets/s), alternated CAPACITY_RUNS times with `--plain`, the same
#     search through the same middle box without the queue: the machine's ceiling for those packets.
# Needs root. BENCH_DIR (default a temporary directory) keeps the runs.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
RUNS="${RUNS:-5}"
CAPACITY_RUNS="${CAPACITY_RUNS:-3}"
source scripts/jdk.sh
./sonde --version >/dev/null
dir="${BENCH_DIR:-$(mktemp -d)}"
[[ -n "${BENCH_DIR:-}" ]] || trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir"
python3 - "$dir" "$RUNS" "$CAPACITY_RUNS" <<'PY'
import json, os, platform, statistics, subprocess, sys, time
sys.path.insert(0, "bench")
from benchmarks_md import write_section
d, runs, capacity_runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def measure(test, i):
    out = f"{d}/{test}-{i}"
    t = time.monotonic()
    p = subprocess.run(["./sonde", "inject", "run", f"examples/inject/{test}.yaml", "--target", "linux", "--out", out, "--no-report"],
                       capture_output=True, text=True)
    wall = time.monotonic() - t
    if p.returncode != 0:
        sys.exit(f"{test} run {i} failed ({p.returncode}): {p.stderr}")
    r = json.load(open(f"{out}/result.json"))
    inj = r["injector"]
    duration = max(c["durationNanos"] for c in r["connections"]) / 1e9
    return {"added": inj["addedDelayMedianNanos"], "addedP99": inj["addedDelayP99Nanos"], "processing": inj["processingMedianNanos"],
            "pps": inj["packetsPerSecond"], "packets": r["packets"], "seconds": duration, "wall": wall, "kernel": r["kernel"]}
pingpong = [measure("tcp-pingpong", i) for i in range(runs)]
rows = [measure("tcp-bulk", i) for i in range(runs)]
ref = subprocess.run(["bash", "bench/inject/plain-forwarding.sh", "4", "64"], capture_output=True, text=True)
if ref.returncode != 0:
    sys.exit(f"reference run failed: {ref.stderr}")
plain = float(ref.stdout.strip().splitlines()[-1])
def capacity(i, plain_forwarding):
    out = f"{d}/capacity-{'plain' if plain_forwarding else 'injector'}-{i}.json"
    p = subprocess.run(["./sonde", "inject", "capacity", "--json", out] + (["--plain", "--max-rate", "1000000"] if plain_forwarding else []),
                       capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"capacity run {i} failed ({p.returncode}): {p.stderr}{p.stdout}")
    return json.load(open(out))
caps, plains = [], []
for i in range(capacity_runs):
    caps.append(capacity(i, False))
    plains.append(capacity(i, True))
held = lambda c: next(t for t in c["trials"] if t["offeredPacketsPerSecond"] == c["zeroLossPacketsPerSecond"])
cap_med = statistics.median(c["zeroLossPacketsPerSecond"] for c in caps)
plain_med = statistics.median(c["zeroLossPacketsPerSecond"] for c in plains)
cap_runs = ", ".join("%.0f" % (c["zeroLossPacketsPerSecond"] / 1e3) for c in caps)
plain_runs = ", ".join("%.0f" % (c["zeroLossPacketsPerSecond"] / 1e3) for c in plains)
cpu_med = statistics.median(held(c)["injectorCpuNanosPerPacket"] for c in caps if c["zeroLossPacketsPerSecond"] > 0)
delay_med = statistics.median(held(c)["addedDelayMedianNanos"] for c in caps if c["zeroLossPacketsPerSecond"] > 0)
med = lambda k: statistics.median(r[k] for r in rows)
added_runs = ", ".join("%.1f" % (r["added"] / 1e3) for r in pingpong)
pmed = lambda k: statistics.median(r[k] for r in pingpong)
pps_runs = ", ".join("%.0f" % (r["pps"] / 1e3) for r in rows)
load = os.getloadavg()
lines = [
    "## The Linux target's injector (issue 18)", "",
    f"`bash bench/inject-tcp.sh` (RUNS={runs}; {os.cpu_count()} cores, {platform.system()} {rows[0]['kernel']}; load average "
    f"{load[0]:.2f} at the end): TCP between two network namespaces through the middle box's netfilter queue and Sonde's injector, "
    "every packet mirrored to the pcapng trace, no event. `examples/inject/tcp-pingpong.yaml` (20,000 requests of 100 bytes, each "
    "answered: one packet in flight) for the delay the injector adds; `examples/inject/tcp-bulk.yaml` (4 connections x 64 MB, cubic) "
    "for throughput, where TCP fills the queue as it fills a bottleneck's buffer.", "",
    "| measurement | goal | measured (median of runs) |", "| --- | --- | --- |",
    f"| delay the injector adds per packet, ping-pong (middle box kernel receipt to verdict) | median < 50 us | **{pmed('added') / 1e3:.1f} us** "
    f"(p99 {pmed('addedP99') / 1e3:.0f} us; runs {added_runs}) |",
    f"| the injector's time per packet, ping-pong (arrival to trace record) | - | {pmed('processing') / 1e3:.1f} us |",
    f"| packets per second the injector holds with no loss (`sonde inject capacity`: RFC 2544 zero-loss throughput, 2 s trials, "
    f"bulk TCP packets offered from AF_PACKET rings) | >= 100 k/s | **{cap_med / 1e3:.0f} k/s** (runs {cap_runs}) |",
    f"| the same search without the queue (`--plain`, reference: the machine's plain forwarding of those packets) | - | "
    f"{plain_med / 1e3:.0f} k/s (runs {plain_runs}); injector / plain: **{cap_med / plain_med:.2f}x** |",
    f"| at the rate held: the injector thread's CPU per packet (its verdicts carry the forwarding), the delay it adds (median) | - | "
    f"{cpu_med / 1e3:.1f} us, {delay_med / 1e3:.0f} us |",
    f"| packets through the queue per second over the TCP bulk transfer ({rows[0]['packets']:,} packets; the hosts' stacks share the "
    f"2 cores with the injector) | - | {med('pps') / 1e3:.0f} k/s (runs {pps_runs}) |",
    f"| the injector's time per packet under bulk load (arrival to trace record, a batched verdict's wait included) | - | {med('processing') / 1e3:.1f} us |",
    f"| delay added under bulk load (queueing at the injector, as at a bottleneck) | - | {med('added') / 1e3:.0f} us |",
    f"| transfer time, injected vs plain forwarding (same namespaces, no queue) | - | {med('seconds'):.2f} s vs {plain:.2f} s "
    f"({med('seconds') / plain:.1f}x) |",
]
write_section("BENCHMARKS.md", "inject-tcp", lines)
PY
