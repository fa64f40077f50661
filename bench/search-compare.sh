#!/usr/bin/env bash
# Collie's search on the simulated RDMA subsystem (search/): for each method, the distinct
# ground-truth mechanisms found in a 10-hour simulated budget and the mean +- sd hours to the N-th
# (the paper's Figs. 4-5), over SEEDS seeds (default 10), on f-like (and h-like); and the speed in
# simulated experiments per minute of wall time. Writes the "search-compare" section of BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
SEEDS="${SEEDS:-10}" HOURS="${HOURS:-10}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
./sonde --version >/dev/null
for p in f-like h-like; do
  ./sonde search compare --target "sim:$p" --seeds "$SEEDS" --budget "${HOURS}h" --json "$tmp/$p.json" 2>/dev/null >/dev/null
done

python3 - "$tmp" "$SEEDS" "$HOURS" <<'PY'
import json, os, subprocess, sys
sys.path.insert(0, "bench")
from benchmarks_md import write_section
tmp, seeds, hours = sys.argv[1], sys.argv[2], sys.argv[3]
java = subprocess.run(["bash", "-c", "source scripts/jdk.sh >/dev/null; java -version"], capture_output=True, text=True).stderr.splitlines()[0]
paper = {"random": "7", "bo": "8", "collie": "13", "collie-perf": "11 (misses #7, #8)", "sa": "—", "sa-perf": "—", "walk": "—"}
lines = ["## Anomaly search on the simulated RDMA subsystem (Collie Figs. 4-5)", "",
         f"Command: `bench/search-compare.sh` (SEEDS={seeds}, HOURS={hours}), i.e. `sonde search compare --target sim:PROFILE --seeds {seeds} "
         f"--budget {hours}h`. Machine: {os.cpu_count()} cores, {java}. A mechanism counts as found when a search experiment "
         "(not an MFS test) shows an anomaly whose dominant ground-truth mechanism it is. Each experiment costs 20-60 s of the "
         "simulated clock (20 s + 0.02 s per QP + 0.001 s per MR); MFS experiments are charged too. "
         "The paper's numbers are on the real subsystem F.", ""]
for p in ("f-like", "h-like"):
    d = json.load(open(f"{tmp}/{p}.json"))
    total = 13 if p == "f-like" else 5
    lines += [f"### {p} ({total} mechanisms)", "",
              "| method | mechanisms found per seed | mean | paper (F, 10 h) | hours to N = 1, 2, 3, ... (mean ± sd, seeds reaching N) | hit by how many seeds | experiments per seed | MFSs: count, precision, recall | simulated experiments per minute of wall time |",
              "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for m in d["methods"]:
        ttn = "; ".join(f"{r['meanHours']:.2f} ± {r['sdHours']:.2f} ({r['seedsReaching']})" for r in m["timeToN"])
        hits = ", ".join(f"{k} {v}" for k, v in sorted(m["hitBySeeds"].items(), key=lambda kv: int(kv[0][1:])))
        rate = m["experimentsPerSeed"] * d["seeds"] / max(m["wallSeconds"], 1e-9) * 60
        mfs = "—" if m["mfsCount"] == 0 else f"{m['mfsCount']}, {m['mfsPrecision']:.2f}, {m['mfsRecall']:.2f}"
        lines.append(f"| {m['method']} | {', '.join(map(str, m['mechanismsFound']))} | {m['meanFound']:.1f} | {paper.get(m['method'], '—') if p == 'f-like' else '—'} "
                     f"| {ttn} | {hits} | {m['experimentsPerSeed']:.0f} | {mfs} | {rate:,.0f} |")
    lines.append("")
lines += ["MFS precision and recall are against the simulator's ground truth on points 1-4 mutations away from each MFS's trigger "
          "(precision: share of points inside the MFS where its mechanism, the dominant one on the trigger, bites; recall: share of points where it bites that the MFS covers).",
          "",
          "Reading: on this model the SA-based methods still do not reproduce the paper's order (Collie 13 > BO 8 > random 7 in 10 h): random 7.7 mechanisms per "
          "seed, BO 7.3, collie 5.4, collie-perf 4.5. Collie's 5.4 against 4.7 before its MFS changes is mostly the seeds: over seeds 1-30 it found 5.0 per seed "
          "both before and after on f-like, and 3.5 both before and after on h-like (h-like's BO: 4.3 here against 4.5 before, 4.57 both before and after over "
          "seeds 1-30, though its twin-traffic MFSs are narrower and it re-finds more: 428 anomalies against 203). A third of uniform random points (32.6% on "
          "f-like) are anomalous: the large regions (#1 8%, #11 10%, #13 9%, #9 5%, #2 2.7%, #12 1.6%, #3 0.7% of random points) are hit by random in every seed "
          "within about 3 hours, while the annealing walk, one dimension among ~38 per experiment, meets an anomaly about once in 60 experiments and here misses "
          "#9 and #12 in 7 seeds of 10; the hard regions (#4-#8, #10: 0.01-0.07% of random points) need a counter climbed through ~100-300 one-dimension "
          "mutations, and collie reaches #4, #6 or #7 in one or two seeds each, never #5, #8 or #10, while BO, screening 300 random candidates with its Gaussian "
          "process before each experiment, reaches #7 and #8 (the MTT and QPC counters) in 6-7 seeds. What changed: an MFS costs about 30 experiments instead of "
          "35-60 (an anomaly that needs both directions is tested on twin traffics, one direction's worth; a point an MFS test already ran is not run again), and"
          " MFS precision and recall are 0.97 and 0.98, judged against the mechanism on each MFS's trigger (judged as before, against the anomaly's dominant "
          "mechanism, collie's and collie-perf's precision is 0.90 and 0.89, against 0.86 and 0.89 before: where two mechanisms bite at once, the MFS describes "
          "the one that keeps the symptom). Even with MFS experiments free of charge the annealing found about 6 mechanisms per seed (10 seeds), so the walk, not"
          " the MFS cost, is what loses to random here. Tried and left out, each within noise or worse on 10-30 seeds: ending a counter's turn when its annealing"
          " stalls, with or without a random restart (f-like +0.5, h-like -0.5), restarting within a counter's share when it stalls, other temperatures, cooling,"
          " neighbour and repeat shares, a dimension choice weighted by which dimensions moved the counter, cache counters that also rise with the working set "
          "beyond the cache (QPs, MRs, posted receives), a counter of a both-direction mechanism that averages the directions instead of taking the lower, and "
          "Collie's one-test NUMA check. What the model and the search miss to reach the paper's figure is open.", ""]
write_section("BENCHMARKS.md", "search-compare", lines)
PY
