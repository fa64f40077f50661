#!/usr/bin/env bash
# Speed of event-injection testing (issue 7's goals), written to the "inject-speed" section of BENCHMARKS.md:
#   1. the paper's noisy-neighbour test (36 QPs x 10 READs of 20 KB, drops on 12; examples/inject/noisy-neighbour.yaml)
#      on sim:cx4lx-like: wall time of `sonde inject run` as a user runs it (JVM start included), RUNS runs, median;
#   2. reconstruction plus all analyzers over a ~10 M-packet trace (bench/inject/big-trace.yaml simulated once):
#      packets per second of one streaming pass over the dumpers' captures (bench/inject/TraceThroughput.java).
# BENCH_DIR (default a temporary directory) keeps the big run (about 3 GB on disk).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
RUNS="${RUNS:-5}"
REPS="${REPS:-3}"
source scripts/jdk.sh
./sonde --version >/dev/null
dir="${BENCH_DIR:-$(mktemp -d)}"
[[ -n "${BENCH_DIR:-}" ]] || trap 'rm -rf "$dir"' EXIT
mkdir -p "$dir"
python3 - "$dir" "$RUNS" "$REPS" "$JAVA_HOME/bin/java" <<'PY'
import json, os, platform, statistics, subprocess, sys, time
sys.path.insert(0, "bench")
from benchmarks_md import write_section
d, runs, reps, java = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]

nn = []
for i in range(runs):
    t = time.monotonic()
    p = subprocess.run(["./sonde", "inject", "run", "examples/inject/noisy-neighbour.yaml", "--target", "sim:cx4lx-like",
                        "--out", f"{d}/nn", "--no-report"], capture_output=True, text=True)
    nn.append(time.monotonic() - t)
    if p.returncode not in (0, 1):
        sys.exit(f"noisy-neighbour run failed: {p.stderr}")
packets = json.load(open(f"{d}/nn/result.json"))["integrity"]["tracePackets"]

big = f"{d}/big"
if not os.path.exists(f"{big}/metadata.yaml"):
    t = time.monotonic()
    p = subprocess.run(["./sonde", "inject", "run", "bench/inject/big-trace.yaml", "--out", big, "--no-report"], capture_output=True, text=True)
    sim_seconds = time.monotonic() - t
    if p.returncode not in (0, 1):
        sys.exit(f"big run failed: {p.stderr}")
else:
    sim_seconds = None
p = subprocess.run([java, "--enable-native-access=ALL-UNNAMED", "-Xmx8g", "-cp", "cli/target/sonde.jar",
                    "bench/inject/TraceThroughput.java", big, str(reps)], capture_output=True, text=True, check=True)
rows = [json.loads(l) for l in p.stdout.splitlines() if l.startswith("{")]
best = max(rows, key=lambda r: r["packetsPerSecond"])
med = statistics.median(r["packetsPerSecond"] for r in rows)
load = os.getloadavg()
lines = [
    "## Event-injection testing speed (issue 7)", "",
    f"`bash bench/inject-speed.sh` (RUNS={runs}, REPS={reps}; {os.cpu_count()} cores, {platform.system()} {platform.release()}; "
    f"load average {load[0]:.2f} at the end).", "",
    "| measurement | goal | measured |", "| --- | --- | --- |",
    f"| noisy-neighbour test on `sim:cx4lx-like` (36 QPs x 10 READs of 20 KB, drops on 12; {packets:,} packets), "
    f"`sonde inject run` wall time with JVM start, median of {runs} | < 2 s | **{statistics.median(nn):.2f} s** "
    f"(min {min(nn):.2f}, max {max(nn):.2f}) |",
    f"| reconstruction (merge of {len(os.listdir(big + '/dumpers'))} dumper captures) + integrity + all analyzers, one streaming pass over "
    f"{best['packets']:,} packets, median of {len(rows)} | >= 2 M packets/s | **{med / 1e6:.2f} M packets/s** (best {best['packetsPerSecond'] / 1e6:.2f}) |",
    "",
    f"The large trace is `bench/inject/big-trace.yaml` simulated once (64 WRITE QPs x 80 messages x 1,000 packets, drops and ECN marks "
    f"every message on 16 QPs{'' if sim_seconds is None else f'; simulating it took {sim_seconds:.0f} s'}); its dumpers' captures (128-byte "
    f"trimmed pcaps) are merged by mirror sequence number into a new trace while the integrity check, the decoder and every "
    f"analyzer consume it (`bench/inject/TraceThroughput.java`). Verdicts of the last pass: integrity {best['integrity']}, "
    f"go-back-N {best['gbn']}, {best['losses']:,} losses timed.",
]
write_section("BENCHMARKS.md", "inject-speed", lines)
print("\n".join(lines))
PY
