#!/usr/bin/env bash
# Collie's search on the simulated RDMA subsystem (search/): for each method, the distinct
# ground-truth mechanisms found in a 10-hour simulated budget and the mean +- sd hours to the N-th
# (the paper's Figs. 4-5), over SEEDS seeds (default 10), on f-like (and h-like); and the speed in
# simulated experiments per minute of wall time. The annealing methods run twice: as Sonde runs them
# (screening --screen 128 mutants per step) and as the paper's annealing (--screen 0). Writes the
# "search-compare" section of BENCHMARKS.md.
#   OUT=/tmp/sonde-search-compare   where the comparisons' JSON goes
#   REPORT_ONLY=1                   rewrite the section from the JSON in OUT
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
SEEDS="${SEEDS:-10}" HOURS="${HOURS:-10}"
out="${OUT:-/tmp/sonde-search-compare}"
mkdir -p "$out"
if [ "${REPORT_ONLY:-0}" != 1 ]; then
  ./sonde --version >/dev/null
  for p in f-like h-like; do
    ./sonde search compare --target "sim:$p" --seeds "$SEEDS" --budget "${HOURS}h" --json "$out/$p.json" 2>/dev/null >/dev/null
    ./sonde search compare --target "sim:$p" --seeds "$SEEDS" --budget "${HOURS}h" --methods sa,sa-perf,collie-perf,collie --screen 0 \
      --json "$out/$p-plain.json" 2>/dev/null >/dev/null
  done
fi

python3 - "$out" "$SEEDS" "$HOURS" <<'PY'
import json, os, subprocess, sys
sys.path.insert(0, "bench")
from benchmarks_md import write_section
tmp, seeds, hours = sys.argv[1], sys.argv[2], sys.argv[3]
java = subprocess.run(["bash", "-c", "source scripts/jdk.sh >/dev/null; java -version"], capture_output=True, text=True).stderr.splitlines()[0]
paper = {"random": "7", "bo": "8", "collie": "13", "collie-perf": "11 (misses #7, #8)", "sa": "—", "sa-perf": "—", "walk": "—"}
lines = ["## Anomaly search on the simulated RDMA subsystem (Collie Figs. 4-5)", "",
         f"Command: `bench/search-compare.sh` (SEEDS={seeds}, HOURS={hours}), i.e. `sonde search compare --target sim:PROFILE --seeds {seeds} "
         f"--budget {hours}h`, then the annealing methods again with `--methods sa,sa-perf,collie-perf,collie --screen 0` (rows "
         "\", --screen 0\": the paper's annealing, which measures every mutant it draws; the other rows screen 128 mutants per step and "
         "measure the one a Gaussian process of the counter over the last 100 search experiments rates best). "
         f"Machine: {os.cpu_count()} cores, {java}. A mechanism counts as found when a search experiment "
         "(not an MFS test) shows an anomaly whose dominant ground-truth mechanism it is. Each experiment costs 20-60 s of the "
         "simulated clock (20 s + 0.02 s per QP + 0.001 s per MR); MFS experiments are charged too. "
         "The paper's numbers are on the real subsystem F.", ""]
for p in ("f-like", "h-like"):
    d = json.load(open(f"{tmp}/{p}.json"))
    total = 13 if p == "f-like" else 5
    lines += [f"### {p} ({total} mechanisms)", "",
              "| method | mechanisms found per seed | mean | paper (F, 10 h) | hours to N = 1, 2, 3, ... (mean ± sd, seeds reaching N) | hit by how many seeds | experiments per seed | MFSs: count, precision, recall | simulated experiments per minute of wall time |",
              "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    plain = json.load(open(f"{tmp}/{p}-plain.json"))
    rows = [(m, m["method"], d["seeds"]) for m in d["methods"]] + [(m, m["method"] + ", --screen 0", plain["seeds"]) for m in plain["methods"]]
    for m, label, nseeds in rows:
        ttn = "; ".join(f"{r['meanHours']:.2f} ± {r['sdHours']:.2f} ({r['seedsReaching']})" for r in m["timeToN"])
        hits = ", ".join(f"{k} {v}" for k, v in sorted(m["hitBySeeds"].items(), key=lambda kv: int(kv[0][1:])))
        rate = m["experimentsPerSeed"] * nseeds / max(m["wallSeconds"], 1e-9) * 60
        mfs = "—" if m["mfsCount"] == 0 else f"{m['mfsCount']}, {m['mfsPrecision']:.2f}, {m['mfsRecall']:.2f}"
        lines.append(f"| {label} | {', '.join(map(str, m['mechanismsFound']))} | {m['meanFound']:.1f} | {paper.get(m['method'], '—') if p == 'f-like' else '—'} "
                     f"| {ttn} | {hits} | {m['experimentsPerSeed']:.0f} | {mfs} | {rate:,.0f} |")
    lines.append("")
lines += ["MFS precision and recall are against the simulator's ground truth on points 1-4 mutations away from each MFS's trigger "
          "(precision: share of points inside the MFS where its mechanism, the dominant one on the trigger, bites; recall: share of points where it bites that the MFS covers).",
          "",
          "Reading: the annealing methods now screen their mutants (the rows without \", --screen 0\"); run as the paper runs it, Collie still does not "
          "reproduce the paper's order (Collie 13 > BO 8 > random 7 in 10 h). On f-like, mechanisms per seed without and with screening: collie 5.1 and 7.4, "
          "SA 6.8 and 8.4, collie-perf 5.0 and 5.6, SA (Perf) 5.4 and 5.3; random 7.7 and BO 7.9 do not anneal. On h-like: collie 2.8 and 3.7, SA 2.8 and "
          "4.2 (BO 4.5, random 3.6). Hours to the 8th mechanism (seeds reaching it): SA 5.72 (8), BO 6.99 (7), random 7.73 (7), collie 8.18 (4); random "
          "points still reach the first 7 soonest (2.73 h), the easy regions being large. Collie finds #7 in 3 seeds and #8 in 1 (BO 4 and 3; collie-perf "
          "#7 once and #8 never, as the performance counter does not see them coming, which the paper reports too), #4, #5 and #6 in 5, 1 and 3; no seed "
          "finds all 13 (best 9). MFSs made minimal (2026-11-28), two fixes to the builder: (1) when neither a uniform pattern of the largest nor of the "
          "smallest message reproduces, it tries one message of each and bisects the large one down and the small one up, so #9's MFS says \"smallest <= 1 "
          "KB, largest >= 64 KB\" as Table 2 does; before, it kept the trigger's own sizes (e.g. \"largest >= 1 MB\"), which is not minimal: `search "
          "check-app` passed applications mixing 512 B and 128 KB, and the search met #9 again at each other mix (four MFSs of #9 in seed 1); (2) an opcode "
          "the trigger's QP type cannot carry (READ on UC) is tested on RC where RC reproduced too; before, it was left out untested, and #13's MFS found "
          "on UC WRITE excluded READ traffic, where the search met #13 again. MFSs per 10 seeds, before and after: collie 125 and 84, collie-perf 137 and "
          "80, BO 224 and 114; precision and recall 0.98 and 0.95 before, 0.98 and 0.98 after. Mechanisms per seed fell, before and after: collie 8.2 and "
          "7.4 (seeds 1-50: 7.74, 7.42 with the first fix, 7.18 with both), collie-perf 6.9 and 5.6, BO 8.2 and 7.9, because the mechanisms overlap and a "
          "minimal MFS of one covers the other's points where both bite, which the search then passes over: #12 is #9's mix with GPU memory, and the "
          "symptom alone does not tell them apart: an MFS of #9 built on host memory finds GPU memory still pausing (#12 bites there) and allows every "
          "memory, hiding #12's points with three or more SGEs; one built on a trigger where both bite finds host memory still pausing (#9) and hides #9's "
          "(collie, seeds 1-50, seeds that hit each before and after both fixes: #9 42 and 25, #12 40 and 24, while #3 43 and 49 and #4 21 and 31 gained "
          "from the budget the duplicates no longer take). Only the diagnostic counters tell the two apart (the GPU path's backpressure against PCIe "
          "ordering stalls); an MFS test that also asks for the trigger's counters is not built: no one "
          "threshold says a counter has risen (over 20,000 random f-like points, a counter is 3.8-14 times its median where its mechanism bites for the "
          "inter-socket, GPU-path and PCIe-ordering counters, while the receive-WQE counter reaches 31 times its median where none of its four bites). "
          "The screening figures below were measured before these fixes. Why screening: the counters do lead to the hard regions (with the counter floor removed, each counter the "
          "bare proximity of its mechanisms, plain collie found no more, 5.5-6.1 per seed on 10-seed sets, and with a 40-hour budget 8.2, #7 in 9 of 10 "
          "seeds), but a counter's share of the budget is about 50 search experiments and most mutations move one of a traffic's 19 dimensions that the "
          "counter ignores (a trace of seed 1 stayed 25 steps at one counter value), so measuring every mutant spent the share on neutral moves. A step now "
          "draws 128 mutants, one dimension each as before, and measures the one BO's surrogate (a Gaussian process of the counter over the last 100 search "
          "experiments) rates best by mean + 1 sd; mutants inside a known MFS count among the 128 and are passed over. On seeds 1-10 of collie, 8, 16, 32, 64, "
          "128 and 256 mutants gave 7.2, 7.4, 7.7, 7.6, 8.2 and 8.0 mechanisms per seed; an upper confidence bound of mean + 0.5, 1.5 or 2.576 sd did worse "
          "or no better; rating 128 mutants outside the known MFSs instead gave 7.5 against 7.9 on seeds 11-40. Tried the same day and left out, each no "
          "better than plain collie's 6.25 on 20 seeds: MFS bounds bisected to adjacent grid values (6.2), a dimension choice weighted by how much each "
          "dimension had moved the counter (5.9), ending a counter's turn after 10 or 20 experiments without a new best and cycling the counters (5.85, 5.7), "
          "and starting each counter's turn, or every restart, from the best point measured for it (5.95, 5.8). The Gaussian process costs wall time: about "
          "20 k simulated experiments per minute instead of about 1 M, still far ahead of the simulated clock. Earlier findings, before screening (the "
          "figures of that time): What was found and fixed. (1) Cost is not the cause: a uniform point costs 51 s on "
          "average (QPs and MRs are log-spaced, so half of them pay the 60 s cap), and the walk and collie pay 44-57 s per experiment, within the paper's 20-60 "
          "s. (2) The mutation drifted: the repairs after a mutation moved dependents one way only (a smaller receive size or UD MTU capped the requests, a "
          "smaller depth lowered the batch, a longer request vector copied its elements, WRITE turned SEND got the canonical receives of depth 1, a new QP type "
          "kept its opcode, traffics with more dimensions were left less often), so over 200,000 steps a plain walk met messages of 64 KB or more in 19% of "
          "traffics against 51% for random points, mixed vectors in 14% against 39%, one-way points in 20% against 33%, and anomalies in 22% of points against "
          "32% (#13 1.5% against 8.4%, #9 0.4% against 3.4%, #12 0.25% against 1.6%). A mutation now jumps within what the rest of the traffic allows and draws "
          "what the change leaves undrawn as a random point does (Collie's code regenerates the request vectors on a change of QP type too); its walk meets "
          "anomalies in 34% of points, and the walk went from 4.0 to 6.6 mechanisms per seed, SA from 5.1 to 6.8, SA (Perf) from 3.4 to 5.4, collie-perf from 4.5 "
          "to 5.7, collie from 5.4 to 5.7. (3) An MFS built where two mechanisms bite at once (#9's mix with #11's remote memory) kept the second one's feature "
          "in its working copy, so every later test stayed anomalous and the MFS said only \"bidirectional\", hiding every bidirectional point; an irrelevant "
          "memory now moves to the NIC's socket and an irrelevant QP type to RC, as Collie's working copy keeps irrelevant features simplified. What still holds "
          "collie back, measured on seeds 1-4: its search experiments meet an anomaly only 1-3% of the time, because once the large regions are covered little of "
          "the space's anomalous mass is left to a walk; it builds 11 MFSs per seed for 5.7 mechanisms (about 30 experiments each, some 40% of its budget), "
          "mostly re-finding #11, whose region (remote memory at either end of each traffic) is a union that one MFS per end and direction does not cover; 85-95% "
          "of mutants are accepted, since most mutations move a dimension the counter ignores; the counters of the hard mechanisms are flat far from their "
          "regions: a mechanism's proximity is the product of its factors (median at random points 4.5e-4 for #8, 2.2e-3 for #7, 6.8e-4 for #5), so at 86% of "
          "random points the QPC counter is mostly the 0.01-per-unit-of-load floor (73% for the MTT counter and #7, 70% for #10's, 99-100% for the receive-WQE "
          "counter and #5/#6, whose easy siblings #1 and #2 dominate it) and its climb there follows the NIC's load, away from #8's batch 1, WQ <= 16 and <= 1 "
          "KB; and a found region's counter keeps the walk on the border of its MFS for the rest of its hour. On h-like the change costs collie and SA about 0.8 "
          "mechanisms per seed (collie 3.6 to 2.8, SA 3.7 to 2.8, collie-perf 3.3 to 2.1; random and BO unchanged): the old drift towards small SEND messages "
          "happened to lead to #17 (<= 1 KB SEND) and #18 (<= 64 KB), which the unbiased walk, matching random points there too (27.6% anomalous against 27.7%), "
          "reaches as rarely as random points do; this is not recovered. Tried and left out before, each within noise or worse on 10-30 seeds: ending a counter's "
          "turn when its annealing stalls, with or without a random restart, restarting within a counter's share when it stalls, other temperatures, cooling, "
          "neighbour and repeat shares, a dimension choice weighted by which dimensions moved the counter, cache counters that also rise with the working set "
          "beyond the cache (QPs, MRs, posted receives), a counter of a both-direction mechanism that averages the directions instead of taking the lower, and "
          "Collie's one-test NUMA check (all with the drifting mutation). What the model and the search miss to reach the paper's figure is open.", ""]
write_section("BENCHMARKS.md", "search-compare", lines)
PY
