#!/usr/bin/env bash
# Lumina's §6 for Linux TCP (issue 18 item 9), written to the "inject-tcp-study" section of BENCHMARKS.md:
# `sonde inject study --target linux` with reno, cubic and bbr, REPETITIONS runs of each scenario; the
# medians per scenario and congestion control. Needs root. BENCH_DIR (default a temporary directory) keeps the runs.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
REPETITIONS="${REPETITIONS:-5}"
source scripts/jdk.sh
./sonde --version >/dev/null
dir="${BENCH_DIR:-$(mktemp -d)}"
[[ -n "${BENCH_DIR:-}" ]] || trap 'rm -rf "$dir"' EXIT
./sonde inject study --target linux --repetitions "$REPETITIONS" --out "$dir/study" >/dev/null
python3 - "$dir/study/study.json" "$REPETITIONS" <<'PY'
import json, os, platform, sys
sys.path.insert(0, "bench")
from benchmarks_md import write_section
doc = json.load(open(sys.argv[1]))
s = doc["study"]
NOTE = """Reading it: a lone tail segment's loss probe waits 1.5 SRTT + 200 ms capped at the RTO (RFC 8985's WCDelAckT, `tcp_schedule_loss_probe()`), so `tail-loss` costs ~200 ms with every congestion control, a probe by the kernel's `TCPLossProbes` count; a lost retransmission is found by RACK when data sent after it is acknowledged first, else by the RTO, so the medians of `lost-retransmission` swing between ~3 ms and ~210 ms with the runs' timing; dropping the first flight's acknowledgements costs a probe timeout (2 SRTT) that sends new data, not a retransmission; `loss` finishes within the baseline's noise (negative added times are that noise)."""
ms = lambda n: "-" if n is None or n < 0 else "%.1f" % (n / 1e6)
added = lambda n: "-" if n is None else "%+.1f" % (n / 1e6)
load = os.getloadavg()
lines = [
    "## Linux TCP after chosen losses: reno, cubic, bbr (issue 18, Lumina §6 for TCP)", "",
    f"`bash bench/inject-tcp-study.sh` (REPETITIONS={sys.argv[2]}; {os.cpu_count()} cores, {platform.system()} {s['kernel']}; load average "
    f"{load[0]:.2f} at the end): one connection sends 20 segments of 1,448 bytes through Sonde's netfilter-queue injector and waits "
    "for a 100-byte answer; medians of the runs (times in ms at the injector). Every run's verdicts: "
    + ("all passed." if doc["pass"] else "SOME FAILED (see the study's report)."), "",
    "| scenario | cc | completion | added to baseline | recovered by | recovery latency | longest stall |",
    "| --- | --- | --- | --- | --- | --- | --- |",
]
for x in s["summary"]:
    lines.append(f"| {x['scenario']} | {x['congestionControl']} | {ms(x['completionNanos'])} | "
                 f"{added(x['addedNanos'])} | {x['recoveries'] or '-'} | "
                 f"{ms(x['recoveryNanos'])} | {ms(x['stallNanos'])} |")
lines += ["", NOTE]
write_section("BENCHMARKS.md", "inject-tcp-study", lines)
PY
