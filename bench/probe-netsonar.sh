#!/usr/bin/env bash
# NetSonar's simulation tables (dissertation §3.6, Tables 3.1-3.8) on the IDN-like backbone, side
# by side with the dissertation's figures, plus the baselines (tomography, 007, NetBouncer-style)
# on the same probes and a k=8 fat-tree. Every run is `sonde probe simulate` with one seed; writes
# its section of BENCHMARKS.md.
#   OUT=/tmp/sonde-probe-bench    where the runs' JSON goes
#   TRIALS=1000                   trials per run (the dissertation's 1,000)
#   SEED=1
#   REPORT_ONLY=1                 rewrite the section from the results in OUT
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${OUT:-/tmp/sonde-probe-bench}"
trials="${TRIALS:-1000}"
seed="${SEED:-1}"
mkdir -p "$out"

run() { # name args...: one simulation, its JSON kept as OUT/name.json
  local name="$1"
  shift
  "$root/sonde" probe simulate --trials "$trials" --seed "$seed" --json "$out/$name.json" "$@" >"$out/$name.log" 2>&1 \
    || { cat "$out/$name.log" >&2; exit 1; }
  echo "$name: $(head -1 "$out/$name.log")" >&2
}

if [ -z "${REPORT_ONLY:-}" ]; then
  "$root/sonde" --version >/dev/null            # builds the jar if needed
  for f in 0.5 1 2 3; do run "inflation-$f" --topology idn --inflation "$f" --alpha 2; done
  for a in 1 3; do run "alpha-$a" --topology idn --alpha "$a"; done
  run all-pairs --topology idn --strategy all-pairs
  for n in 2 3; do run "failures-$n" --topology idn --failures "$n"; done
  run single-path --topology idn --strategy single-path
  run random-pairs --topology idn --strategy random-pairs
  for fn in 0.05 0.1 0.2; do run "false-negatives-$fn" --topology idn --false-negatives "$fn"; done
  for b in 0.0025 0.005 0.01; do
    run "bad-agents-$b" --topology idn --bad-agents "$b"
    run "bad-agents-$b-unfiltered" --topology idn --bad-agents "$b" --no-agent-filter
  done
  run fattree-8 --topology fattree:8
  for c in 1 2 3; do for a in 1 2 3; do run "changes-$c-alpha-$a" --topology idn --alpha "$a" --path-changes "$c"; done; done
  for t in 0 5 10 20; do run "traceroute-$t" --topology idn --path-lifetime 15m --traceroute-period "${t}m"; done
fi

OUT="$out" TRIALS="$trials" SEED="$seed" ROOT="$root" python3 - <<'PY'
import json, os, sys
out, root = os.environ["OUT"], os.environ["ROOT"]
sys.path.insert(0, os.path.join(root, "bench"))
from benchmarks_md import write_section
def load(n): return json.load(open(os.path.join(out, n + ".json")))
def pct(x): return "%.1f" % (100 * x)
def met(value, goal): return "met" if float(value) >= goal else "missed"
def acc(r, m=None):
    a = r["methods"][m] if m else r["accuracy"]
    return [pct(a["top1"]), pct(a["top2"]), pct(a["top3"])]
base = load("inflation-2")
lines = ["## NetSonar simulation (dissertation §3.6)", "",
         "`bench/probe-netsonar.sh` (`sonde probe simulate`, %s trials per row, seed %s). Topology: the IDN-like backbone "
         "(`--topology idn`: %s; up to 4 LSPs per site pair, chosen at the source by the 5-tuple's hash; the dissertation's IDN "
         "is private, so this one is sized to give about Table 3.2's all-pairs probe count). Per trial: a fresh hash salt (the "
         "hash function is unknown), failed router-to-router links that drop 5 %% of packets, 100 pings per probe, a probe is bad "
         "above 1 %% loss, traceroutes give each probe's real path (the dissertation's 0-minute traceroute period). Accuracy: "
         "trials whose failed links all rank within the top N suspects of Sherlock-style inference; ties are broken at random, "
         "never in the culprit's favour. Dissertation's figures in parentheses; *Max* is the expected number of probes through "
         "the busiest router per round." % (os.environ["TRIALS"], os.environ["SEED"], base["topology"]), "",
         "### Probabilistic covers against inflation factor (Table 3.1), MSC-2", "",
         "| inflation | ≤1 | ≤2 | ≤3 | probes/round | max |", "|---|---|---|---|---|---|"]
paper31 = {"0.5": ("76.9", "82.4", "84.7", "2,401", "280"), "1": ("89.8", "94.1", "96.1", "4,813", "582"),
           "2": ("92.1", "96.0", "98.8", "9,626", "1,100"), "3": ("95.7", "97.6", "99.8", "14,439", "1,653")}
for f in ["0.5", "1", "2", "3"]:
    r, p = load("inflation-" + f), paper31[f]
    a = acc(r)
    lines.append(f"| {f} | {a[0]} ({p[0]}) | {a[1]} ({p[1]}) | {a[2]} ({p[2]}) | {r['probesPerRound']:,} ({p[3]}) | {r['maxRouterProbesPerRound']:.0f} ({p[4]}) |")
lines += ["", "### Diagnosable covers against α (Table 3.2), inflation 2", "",
          "| algorithm | ≤1 | ≤2 | ≤3 | probes/round | max |", "|---|---|---|---|---|---|"]
paper32 = {"MSC-1": ("alpha-1", "74.6", "87.1", "94.9", "8,073", "800"), "MSC-2": ("inflation-2", "92.1", "96.0", "98.8", "9,626", "1,100"),
           "MSC-3": ("alpha-3", "96.0", "98.8", "99.9", "18,957", "2,206"), "All-pairs": ("all-pairs", "98.5", "99.3", "99.9", "51,621", "7,054")}
for name, (run, *p) in paper32.items():
    r = load(run); a = acc(r)
    lines.append(f"| {name} | {a[0]} ({p[0]}) | {a[1]} ({p[1]}) | {a[2]} ({p[2]}) | {r['probesPerRound']:,} ({p[3]}) | {r['maxRouterProbesPerRound']:.0f} ({p[4]}) |")
lines += ["", "### Multiple failures (Table 3.3)", "",
          "≤N: all N failed links within the top N suspects; X %%: within the top X %% of the %d links." % base["links"], "",
          "| N | ≤N | 0.5 % | 1 % | 2 % |", "|---|---|---|---|---|"]
paper33 = {1: ("92.1", "100", "100", "100"), 2: ("46.4", "85.1", "94.5", "97.6"), 3: ("19.1", "56.2", "79.6", "92.9")}
for n in [1, 2, 3]:
    r = load("inflation-2" if n == 1 else f"failures-{n}"); a = r["accuracy"]; p = paper33[n]
    tp = a["topPercent"]
    lines.append(f"| {n} | {pct(a['top%d' % n])} ({p[0]}) | {pct(tp['0.5'])} ({p[1]}) | {pct(tp['1'])} ({p[2]}) | {pct(tp['2'])} ({p[3]}) |")
lines += ["", "### Multipath and planning (Table 3.4)", "",
          "*All-pairs + single path*: every pair probes with one tuple and localisation assumes one random path of the pair "
          "(the probe really takes its hashed path); *Random pairs + prob. cover*: as many random pairs as MSC-2 picks. Coverage: "
          "links the planned (or assumed) paths reach, of those any pair's paths reach.", "",
          "| algorithm | ≤1 | ≤2 | ≤3 | coverage % | probes/round |", "|---|---|---|---|---|---|"]
paper34 = {"NetSonar": ("inflation-2", "92.1", "96.0", "98.8", "100"), "All-pairs + single path": ("single-path", "60.9", "68.4", "73.8", "78.2"),
           "Random pairs + prob. cover": ("random-pairs", "71.9", "79.7", "82.8", "84.5")}
for name, (run, *p) in paper34.items():
    r = load(run); a = acc(r)
    lines.append(f"| {name} | {a[0]} ({p[0]}) | {a[1]} ({p[1]}) | {a[2]} ({p[2]}) | {pct(r['coverage'])} ({p[3]}) | {r['probesPerRound']:,} |")
lines += ["", "### False negatives (Table 3.5)", "", "| false negatives % | ≤1 | ≤2 | ≤3 |", "|---|---|---|---|"]
paper35 = {"0": ("inflation-2", "92.1", "96.0", "98.8"), "5": ("false-negatives-0.05", "91.5", "95.6", "97.9"),
           "10": ("false-negatives-0.1", "91.0", "95.2", "97.6"), "20": ("false-negatives-0.2", "90.6", "94.5", "96.6")}
for name, (run, *p) in paper35.items():
    a = acc(load(run))
    lines.append(f"| {name} | {a[0]} ({p[0]}) | {a[1]} ({p[1]}) | {a[2]} ({p[2]}) |")
lines += ["", "### Bad agents (Table 3.6)", "",
          "Each agent is bad with the given probability and then distorts each of its probes (a fifth of its pings look lost) "
          "with a probability drawn from 10–90 %%. The dissertation's figures are without its filter (it reports the filter restores "
          "the first row); *filtered*: agents bad towards at least 90 %% of at least 3 targets are set aside, unless one link explains "
          "their bad probes (every bad one crosses it, no good one does). With 80 agents, 1 %% "
          "means %.1f bad agents per trial on average; the filter sets aside %.1f agents per trial (the rest distort too few of their "
          "probes to look bad towards nearly every target). In a one-off run outside this script, looser filters (75 %%, "
          "60 %% of targets) lowered accuracy even without bad agents — they set aside agents whose own site's links failed — so 90 %% stays." % (
              load("bad-agents-0.01")["meanBadAgents"], load("bad-agents-0.01")["meanFilteredAgents"]), "",
          "| bad agents % | mean bad agents per trial | without filter ≤1 / ≤2 / ≤3 | filtered ≤1 / ≤2 / ≤3 |", "|---|---|---|---|"]
paper36 = {"0": ("inflation-2", None, "92.1", "96.0", "98.8"), "0.25": ("bad-agents-0.0025", 1, "90.0", "94.6", "95.4"),
           "0.5": ("bad-agents-0.005", 1, "79.3", "88.0", "92.7"), "1": ("bad-agents-0.01", 1, "44.7", "59.2", "72.9")}
for name, (run, has, *p) in paper36.items():
    f = load(run); u = load(run + "-unfiltered") if has else f
    au, af = acc(u), acc(f)
    lines.append(f"| {name} | {f['meanBadAgents']:.2f} | {au[0]} ({p[0]}) / {au[1]} ({p[1]}) / {au[2]} ({p[2]}) | {af[0]} / {af[1]} / {af[2]} |")
lines += ["", "### Path changes within the window (Table 3.7), ≤2 accuracy", "",
          "`--path-changes N`: each probe changes path N times at random moments of its window, each time to a random path of "
          "its pair (the dissertation picks a random LSP of the same pair), and a bad probe blames every path the window saw.", "",
          "| changes per window | MSC-1 | MSC-2 | MSC-3 |", "|---|---|---|---|"]
paper37 = {0: ("87.1", "96.0", "98.8"), 1: ("74.6", "88.6", "95.3"), 2: ("72.6", "84.0", "93.7"), 3: ("65.2", "81.3", "84.8")}
for c, p in paper37.items():
    runs = ["alpha-1", "inflation-2", "alpha-3"] if c == 0 else [f"changes-{c}-alpha-{a}" for a in (1, 2, 3)]
    lines.append(f"| {c} | " + " | ".join(f"{acc(load(r))[1]} ({q})" for r, q in zip(runs, p)) + " |")
lines += ["", "### Traceroute period (Table 3.8)", "",
          "`--path-lifetime 15m --traceroute-period Tm`: paths live for exponential lifetimes of median 15 minutes (each new one a "
          "random path of the pair); a probe's pings, evenly spread over the 60-minute aggregation window, are each put on the path "
          "its last traceroute saw (traceroutes every T minutes from a random phase; T = 0: every ping on its real path). A probe's "
          "pings on one traced path are judged together. Overhead: every probe traced once a period, in traceroute probes per "
          "second, in total and through the busiest router (the dissertation's columns; its 9,626 probes give its 32.1 at 5 minutes).", "",
          "| TR period (min) | ≤1 | ≤2 | ≤3 | total pps | max pps |", "|---|---|---|---|---|---|"]
paper38 = {0: ("92.1", "96.0", "98.8", "∞", "∞"), 5: ("89.3", "95.8", "98.1", "32.1", "3.7"), 10: ("87.5", "94.1", "96.3", "16.0", "1.8"),
           20: ("82.4", "90.3", "94.0", "8.0", "0.9")}
for t, p in paper38.items():
    r = load(f"traceroute-{t}")
    a = acc(r)
    total = r.get("traceroutesPerSecond", "∞")
    mx = r.get("maxRouterTraceroutesPerSecond", "∞")
    lines.append(f"| {t} | {a[0]} ({p[0]}) | {a[1]} ({p[1]}) | {a[2]} ({p[2]}) | {total} ({p[3]}) | {mx} ({p[4]}) |")
lines += ["", "### Localisation methods on the same probes", "",
          "Every run localises each trial's probes with every method; the default run (inflation 2, MSC-2, one failure), "
          "the 1 % bad-agent run with the filter, and two failures:", "",
          "| method | 1 failure ≤1 / ≤2 / ≤3 | 1 % bad agents ≤1 / ≤2 / ≤3 | 2 failures ≤2 / ≤3 |", "|---|---|---|---|"]
for m, label in [("sherlock", "Sherlock-style (NetSonar)"), ("tomography", "Boolean tomography"), ("007", "007 voting"), ("netbouncer", "NetBouncer-style loss fit")]:
    a, b = acc(base, m), acc(load("bad-agents-0.01"), m)
    c = load("failures-2")["methods"][m]
    lines.append(f"| {label} | {' / '.join(a)} | {' / '.join(b)} | {pct(c['top2'])} / {pct(c['top3'])} |")
ft = load("fattree-8")
lines += ["", "### Fat-tree, k = 8", "",
          "`--topology fattree:8` (%s; ECMP at every hop, hashed per router), inflation 2, MSC-2: %s pairs, %s probes per round, "
          "max %.0f per router; Sherlock-style ≤1 / ≤2 / ≤3: %s %%. The gap between ≤1 and ≤2 is not analysed here; the likely "
          "cause is pairs of links crossed by exactly the same probes in a window (ties, decided at random)." % (
              ft["topology"], f"{ft['pairs']:,}", f"{ft['probesPerRound']:,}", ft["maxRouterProbesPerRound"], " / ".join(acc(ft)))]
lines += ["", "### Where the figures differ", "",
          "- Scale: this backbone has 80 agents, one per site, so MSC-2 needs about a tenth of the dissertation's probes per round; "
          "all-pairs (39,548) is close to its 51,621. The issue's goals: ≥ 92.1 %% (≤1) is %s (%s %%) at ≤ 9,626 probes; ≥ 98.8 %% (≤3) "
          "is %s (%s %%); two and three failures (%s, %s %%) are above 46.4 and 19.1 %%; with 1 %% bad agents the filter "
          "reaches %s %% (≤1) against the 90 %% goal." % (met(acc(base)[0], 92.1), acc(base)[0], met(acc(base)[2], 98.8), acc(base)[2],
                                                        pct(load("failures-2")["accuracy"]["top2"]), pct(load("failures-3")["accuracy"]["top3"]),
                                                        acc(load("bad-agents-0.01"))[0]),
          "- Trial by trial (seed 1, MSC-2, inflation 2, one failure), every trial whose failed link stayed out of the top 3 had "
          "set aside, as a bad agent, the one agent whose probes crossed the failed link: a site's uplink that most of the agent's "
          "tuples hashed to made it bad towards all of its three or four targets. The filter now keeps an agent when one link "
          "explains its bad probes (every bad probe crosses it, none of its good ones does), which a bad agent, spoiling probes on "
          "every path, does not show; that took ≤3 from 98.7 to 99.6 % here, and the 1 % bad-agent row's ≤1 from 89.3 to 90.2 % "
          "(a one-off run of the same seeds before and after).",
          "- Multiple failures come out far better than the dissertation's. Here a failed link drops 5 % of every packet through "
          "it, so nearly every probe through it is bad (100 pings, 1 % threshold), which the greedy likelihood search separates "
          "well; the dissertation's failures are p99 latency spikes, whose model it does not give, so the two are not directly comparable.",
          "- All-pairs + single path reaches every link here (6,320 pairs, one assumed LSP each, leave no link out), unlike the "
          "dissertation's 78.2 %; its accuracy drops from misattributed probes alone. Random pairs lose coverage (97 %) and top-3 accuracy.",
          "- Path changes (Tables 3.7–3.8) cost less accuracy here than in the dissertation, in the same directions: fewer "
          "covers lose more, and a longer traceroute period loses more. A failed link here drops 5 % of every packet, so most "
          "probes crossing it while it is on their path are bad, and other probes over the same link still implicate it when one "
          "probe's pings are put on a path it left; the dissertation's latency spikes, judged on one p99 per window, have less to "
          "spare. The traceroute overhead is about a tenth of the dissertation's because this plan sends about a tenth of its "
          "probes per round (964 against 9,626).",
          "- 007's voting is much weaker with several failures (every link of a bad path gets a vote, and its ranking has no step "
          "that removes the probes a first culprit explains); the NetBouncer-style fit suffers most from bad agents, whose "
          "distorted losses it fits as link loss."]
write_section(os.path.join(root, "BENCHMARKS.md"), "probe-netsonar", lines)
PY
