#!/usr/bin/env bash
# Lumina's fuzzing on the simulated testbed (inject/fuzz):
#   1. wall time of one Fig. 11 run (36 QPs x ten 20 KB READs, cx4lx-like, drops on the first 0/8/12
#      QPs): the injection test (simulation, mirroring, captures, trace reconstruction) and the
#      analyzers, in one JVM, first run and median of the warm ones;
#   2. fuzzing campaigns with the built-in noisy-neighbour target: runs until the anomaly is
#      declared per fuzz seed on cx4lx-like, and on neutral (where it must not be declared).
# Writes the "inject-fuzz" section of BENCHMARKS.md. REPEATS (default 6) runs per Fig. 11 case,
# SEEDS (default 24) fuzz seeds, BUDGET (default 300) runs per campaign.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
REPEATS="${REPEATS:-6}" SEEDS="${SEEDS:-24}" BUDGET="${BUDGET:-300}"
source scripts/jdk.sh
mvn -q -o install -pl inject -am -DskipTests
cp_file=$(mktemp)
trap 'rm -f "$cp_file"' EXIT
mvn -q -o dependency:build-classpath -pl inject -Dmdep.outputFile="$cp_file" >/dev/null
json=$(java -XX:+UseParallelGC -cp "inject/target/classes:$(cat "$cp_file")" bench/inject/FuzzBench.java "$REPEATS" "$SEEDS" "$BUDGET")

python3 - "$json" "$REPEATS" "$SEEDS" "$BUDGET" <<'PY'
import json, os, statistics, subprocess, sys
sys.path.insert(0, "bench")
from benchmarks_md import write_section
d, repeats, seeds, budget = json.loads(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])
java = subprocess.run(["java", "-version"], capture_output=True, text=True).stderr.splitlines()[0]
lines = ["## Fuzzing the simulated testbed (Lumina Algorithm 1)", "",
         f"Command: `bench/inject-fuzz.sh` (REPEATS={repeats}, SEEDS={seeds}, BUDGET={budget}). Machine: {os.cpu_count()} cores, {java}; "
         "wall times inside one JVM (no start-up), the machine shared with other work.", "",
         "### One Fig. 11 run (36 QPs x ten 20 KB READs, cx4lx-like, the 5th response packet of every message dropped on the first QPs)", "",
         "| link | QPs with drops | first run (ms) | median warm run (ms) | median analysis (ms) | innocent mean MCT (us) | rx_discards_phy |",
         "| --- | --- | --- | --- | --- | --- | --- |"]
for r in d["figure11"]:
    lines.append(f"| {r['gbps']} Gb/s | {r['dropping']} | {r['firstRunMs']:.0f} | {r['medianRunMs']:.0f} | {r['medianAnalyzeMs']:.0f} | {r['innocentMctUs']:.0f} | {r['rxDiscardsPhy']} |")
lines += ["", f"### Campaigns: built-in noisy-neighbour target, budget {budget} runs, sim targets at 100 Gb/s", "",
          "| NIC | seeds | declared | runs until declared (sorted) | not declared | wall per campaign (median, max) | max innocent MCT inflation of undeclared |",
          "| --- | --- | --- | --- | --- | --- | --- |"]
for profile in ("cx4lx-like", "neutral"):
    c = [x for x in d["campaigns"] if x["profile"] == profile]
    found = sorted(x["runs"] for x in c if x["found"])
    missed = [str(x["seed"]) for x in c if not x["found"]]
    walls = [x["wallMs"] / 1000 for x in c]
    undeclared = max([x["maxInflation"] for x in c if not x["found"]], default=0)
    lines.append(f"| {profile} | {len(c)} | {len(found)} | {', '.join(map(str, found)) or '—'} | {'seeds ' + ', '.join(missed) if missed else '—'} "
                 f"| {statistics.median(walls):.1f} s, {max(walls):.1f} s | {undeclared:.2f} |")
write_section("BENCHMARKS.md", "inject-fuzz", lines)
PY
