#!/usr/bin/env bash
# ATPG live (issue 19): the suite's send time per round on a Linux data plane built from the model
# (root). For each network: generate a rule-cover suite, bring its data plane up, run the suite
# ROUNDS times healthy (periodic mode: one `sonde atpg run --rounds` process), take it down. Reports
# per round the agents' send time (every frame handed to the kernel on its own, so its send stamp
# is its own) and rate, and the whole round (send, the receiver waiting out the last copies, judging).
# Then ATPG's performance tests (§2.3.2) on the example network: link AB slowed to each of RATES
# (tbf), trains of TRAIN frames per test (`sonde atpg run --train`), and what the trains measure
# for AB and for the links not slowed, beside what `atpg emulate` predicts. Then ATPG's priority
# test: link CA slowed to 4 kbit/s with and without strict priority for tp_dst 80 (htb, two classes),
# trains of PRIORITY_TRAIN frames, each class's worst latency live and emulated. Writes its sections
# of BENCHMARKS.md.
#   NETWORKS="example-network:all fat-tree-4:edge vlan-network:all stanford-apkeep:edge stanford-cisco-subset:edge"
#            examples/atpg files, or a shared dataset of the same name read in the format of that name (stanford-apkeep: its
#            16 routers, 10 backbone segments as bridges), or stanford-cisco-subset (the raw Stanford backbone read by
#            --format stanford, routers bbrb and goza with the trunk between them, as LiveStanfordCiscoNetnsTest), or
#            stanford (the whole raw backbone, --topology stanford-apkeep) : terminals
#   ROUNDS_ONLY=1 stops after the rounds (the trains' and priority sections are left as they are)
#   ROUNDS=10
#   RATES="4kbps 64kbps 1Mbps 10Mbps"   TRAIN=20   PRIORITY_TRAIN=8
#   OUT=/tmp/sonde-atpg-live-bench
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
networks="${NETWORKS:-example-network:all fat-tree-4:edge vlan-network:all stanford-apkeep:edge stanford-cisco-subset:edge}"
datasets="${SONDE_DATASETS:-$root/../shared/datasets}"
rounds="${ROUNDS:-10}"
out="${OUT:-/tmp/sonde-atpg-live-bench}"
name="bench$$"
mkdir -p "$out"
"$root/sonde" --version >/dev/null            # builds the jar if needed, outside the timings
trap '"$root/sonde" atpg dataplane down --name "$name" >/dev/null 2>&1 || true' EXIT

rows=()
for pair in $networks; do
  net="${pair%%:*}" terminals="${pair#*:}"
  if [[ -f "$root/examples/atpg/$net.json" ]]; then model=(--network "$root/examples/atpg/$net.json" --format json)
  elif [[ "$net" = stanford ]]; then model=(--network "$datasets/stanford-backbone" --format stanford --topology "$datasets/stanford-apkeep")
  elif [[ "$net" = stanford-cisco-subset ]]; then
    # two routers' files and the snapshot's topology lines between them (APKeep's, ACL nodes collapsed)
    mkdir -p "$out/$net"
    for r in bbrb_rtr goza_rtr; do cp "$datasets/stanford-backbone/$r"_*.txt "$out/$net/"; done
    printf 'bbrb_rtr te1/1 goza_rtr te3/1\ngoza_rtr te3/1 bbrb_rtr te1/1\n' >"$out/$net-topology.txt"
    model=(--network "$out/$net" --format stanford --topology "$out/$net-topology.txt")
  else model=(--network "$datasets/$net" --format "$net"); fi
  "$root/sonde" atpg generate "${model[@]}" --terminals "$terminals" --out "$out/$net-suite" \
    >"$out/$net-generate.log" 2>&1 || { cat "$out/$net-generate.log" >&2; exit 1; }
  "$root/sonde" atpg dataplane up "${model[@]}" --name "$name" --json "$out/$net-dataplane.json" \
    >"$out/$net-up.log" 2>&1 || { cat "$out/$net-up.log" >&2; exit 1; }
  "$root/sonde" atpg run --suite "$out/$net-suite" --dataplane "$name" --rounds "$rounds" --json "$out/$net-results.json" >"$out/$net-rounds.log" 2>&1 \
    || { cat "$out/$net-rounds.log" >&2; exit 1; }
  "$root/sonde" atpg dataplane down --name "$name" >/dev/null
  echo "$net: $(head -1 "$out/$net-up.log")" >&2
  rows+=("$net|$terminals|$out/$net-dataplane.json|$out/$net-rounds.log|$out/$net-suite/summary.json")
done

PYTHONPATH="$root/bench" python3 - "$root/BENCHMARKS.md" "${rows[@]}" <<'PY'
from benchmarks_md import write_section
import json, os, re, statistics, sys
target, rows = sys.argv[1], sys.argv[2:]
line = re.compile(r"round \d+: (\d+) tests, (\d+) failed .*?; (\d+) frames sent in ([\d.]+) ms, (\d+) copies received; round ([\d.]+) s")
lines = ["## ATPG live: sending a suite through a Linux data plane (issue 19)", "",
         "Command: `sudo bench/atpg-live.sh` (each network: `sonde atpg generate --cover rules`, `sonde atpg dataplane up`, "
         "then `sonde atpg run --rounds 10`, healthy rounds back to back in one process). *Send* is the agents' time to hand "
         "every frame of the round (regular and reserved packets) to the kernel through AF_PACKET, one send per frame so each "
         "frame's latency stamp is its own; *round* adds the receiver waiting out the last copies (100 ms of quiet after the "
         f"last expected one) and judging. Machine: {os.cpu_count()} cores, shared with other work; the first round (a JVM "
         "just started) apart, medians over the other rounds with min and max in parentheses.", "",
         "| network | devices / links / segments / terminals | namespaces up | routes / policy rules / nftables rules | frames per round | first round's send | send per round | agents' send rate | round | failed | not run |",
         "|---|---|---|---|---|---|---|---|---|---|---|"]
for r in rows:
    net, terminals, dp, log, summary = r.split("|")
    b = json.load(open(dp))["dataplane"]
    runs = [m.groups() for m in map(line.search, open(log)) if m]
    first, runs = runs[0], runs[1:]
    frames = int(runs[0][2])
    send = [float(x[3]) for x in runs]
    rate = [frames / (s / 1e3) for s in send]
    rnd = [float(x[5]) for x in runs]
    failed = sum(int(x[1]) for x in runs)
    f = lambda xs, fmt: f"{fmt(statistics.median(xs))} ({fmt(min(xs))}–{fmt(max(xs))})"
    notrun = next((m.group(1) for m in map(re.compile(r"^(\d+) tests not run").search, open(log)) if m), "0")
    lines.append(f"| {net} (terminals {terminals}) | {b['devices']} / {b['links']} / {b['segments']} / {b['terminals']} | {b['seconds']:.1f} s | "
                 f"{b['routes']} / {b['policyRules']} / {b['nftablesRules']} | {frames} | {float(first[3]):.2f} ms | {f(send, lambda v: f'{v:.2f} ms')} | "
                 f"{f(rate, lambda v: f'{v / 1e3:.1f} k/s')} | {f(rnd, lambda v: f'{v:.3f} s')} | {failed} of {len(runs)} × {runs[0][0]} | {notrun} |")
lines += ["", "The send rate is that of one agent thread sending one frame per system call (the frames go out of the "
          "ingress terminal or, for a test entering at a linked port, the peer device's interface); the first round runs "
          "in a JVM that has just started, hence its slower send. The round is dominated by the receiver's 100 ms settling "
          "wait. The model has no multipath, so the data planes have no ECMP routes. *Not run*: tests Linux cannot run, left "
          "out of the results: a martian destination; a martian source (0.0.0.0, which the selection takes where the rules "
          "leave the source free) for which no stand-in source (192.0.2.1) is forwarded by the model exactly alike; a packet "
          "that loops in the model; a path through a rule the data plane does not carry (the Cisco import's routes to a routed "
          "port with dot1Q subinterfaces that set no VLAN). The VLAN networks' member ports take their VLANs through nftables "
          "ingress chains (802.1Q-tagged test frames, per-VLAN next-hop MACs between devices).", ""]
write_section(target, "atpg-live", lines)
PY
[[ "${ROUNDS_ONLY:-0}" = 1 ]] && exit 0

# performance tests: one data plane of the example network, AB slowed to each rate in turn
rates="${RATES:-4kbps 64kbps 1Mbps 10Mbps}"
train="${TRAIN:-20}"
net=example-network
"$root/sonde" atpg dataplane up --network "$root/examples/atpg/$net.json" --format json --name "$name" >/dev/null
trows=()
for rate in $rates; do
  "$root/sonde" atpg run --suite "$out/$net-suite" --dataplane "$name" --fault "link:AB:rate=$rate" --train "$train" --threshold 60s \
    --json "$out/trains-$rate-live.json" >"$out/trains-$rate-live.log" 2>&1 || { cat "$out/trains-$rate-live.log" >&2; exit 1; }
  "$root/sonde" atpg emulate --suite "$out/$net-suite" --fault "link:AB:rate=$rate" --train "$train" --threshold 60s \
    --json "$out/trains-$rate-emulated.json" >/dev/null 2>&1 || { echo "emulate failed at $rate" >&2; exit 1; }
  trows+=("$rate|$out/trains-$rate-live.json|$out/trains-$rate-emulated.json")
done
# ATPG's priority test: CA slowed, without and with strict priority for tp_dst 80
ptrain="${PRIORITY_TRAIN:-8}"
for mode in fifo priority; do
  prio=(); [ "$mode" = priority ] && prio=(--fault link:CA:priority=tp_dst=80)
  "$root/sonde" atpg run --suite "$out/$net-suite" --dataplane "$name" --fault link:CA:rate=4kbps "${prio[@]}" --train "$ptrain" \
    --threshold 60s --json "$out/priority-$mode-live.json" >"$out/priority-$mode-live.log" 2>&1 || { cat "$out/priority-$mode-live.log" >&2; exit 1; }
  "$root/sonde" atpg emulate --suite "$out/$net-suite" --fault link:CA:rate=4kbps "${prio[@]}" --train "$ptrain" --threshold 60s \
    --json "$out/priority-$mode-emulated.json" >/dev/null 2>&1 || { echo "emulate failed ($mode)" >&2; exit 1; }
done
"$root/sonde" atpg dataplane down --name "$name" >/dev/null

PYTHONPATH="$root/bench" python3 - "$root/BENCHMARKS.md" "$train" "${trows[@]}" <<'PY'
from benchmarks_md import write_section
import json, os, sys
target, train, rows = sys.argv[1], sys.argv[2], sys.argv[3:]
unit = {"kbps": 1e3, "Mbps": 1e6, "Gbps": 1e9, "bps": 1}
def bps(text):
    for u in ("kbps", "Mbps", "Gbps", "bps"):
        if text.endswith(u):
            return float(text[: -len(u)]) * unit[u]
lines = ["## ATPG live: performance tests on a slowed link (issue 19, item 4)", "",
         f"Command: `sudo bench/atpg-live.sh` (after the rounds above). The example network's data plane with link AB slowed "
         f"(`--fault link:AB:rate=R`: a tbf token bucket holding the suite's largest frame, filling at R), its suite sent with "
         f"`sonde atpg run --train {train}` (each test's frame {train} times back to back) and emulated with the same options. A "
         f"train's bottleneck is its frames' bits over its dispersion; a link's rate is the greatest bottleneck of the trains over "
         f"it (the link carries at least that). Machine: {os.cpu_count()} cores, shared with other work.", "",
         "| AB slowed to | AB measured live | live / slowed rate | AB in emulation | links not slowed, live (least) | in emulation | tests failed |",
         "|---|---|---|---|---|---|---|"]
for r in rows:
    rate, live, emulated = r.split("|")
    L, E = json.load(open(live)), json.load(open(emulated))
    ab = next(l for l in L["links"] if l["link"] == "AB")
    eab = next(l for l in E["links"] if l["link"] == "AB")
    others = [l["rateBps"] for l in L["links"] if l["link"] != "AB" and not any(t in ab["tests"] for t in l["tests"])]
    eothers = [l["rateBps"] for l in E["links"] if l["link"] != "AB" and not any(t in eab["tests"] for t in l["tests"])]
    fmt = lambda v: "not limited" if v is None else f"{v / 1e3:,.1f} kbit/s"
    lines.append(f"| {rate} | {fmt(ab['rateBps'])} | {ab['rateBps'] / bps(rate):.2f} | {fmt(eab['rateBps'])} | "
                 f"{fmt(min(others)) if others else '-'} | {', '.join(sorted(set(fmt(v) for v in eothers))) or '-'} | {L['failed']} |")
lines += ["", "Live, a link not slowed measures the agents' own train rate (one AF_PACKET send per frame, some 35 Mbit/s here), "
          "so a slowed link is measured while it is well below that. Copies are timed by the kernel's receive time (the packet "
          "ring's), not by when the receiver read them: a receiver off the CPU once squeezed a 1 Mbit/s train's dispersion to "
          "nothing and measured 15 times the rate.", ""]
write_section(target, "atpg-live-trains", lines)
PY

PYTHONPATH="$root/bench" python3 - "$root/BENCHMARKS.md" "$ptrain" "$out" <<'PY'
from benchmarks_md import write_section
import json, sys
target, train, out = sys.argv[1], sys.argv[2], sys.argv[3]
runs = {(m, k): json.load(open(f"{out}/priority-{m}-{k}.json")) for m in ("fifo", "priority") for k in ("live", "emulated")}
classes = runs[("priority", "emulated")]["classes"]
def worst(run, tests):
    ms = [v for r in run["results"] if r["id"] in tests for v in r["observed"].values()]
    return max(ms) if ms else None
fmt = lambda v: "none arrived" if v is None else f"{v:,.0f} ms"
lines = ["## ATPG live: the priority test (issue 19, item 4)", "",
         f"Command: `sudo bench/atpg-live.sh` (after the sections above). The example network's data plane with link CA slowed to "
         f"4 kbit/s (`--fault link:CA:rate=4kbps`), its suite sent with `sonde atpg run --train {train}`, first without priority "
         f"(tbf: frames leave in arrival order), then with `--fault link:CA:priority=tp_dst=80` (htb with two prioritised classes, "
         f"nftables putting tp_dst 80 in the first), and emulated with the same options. Per class, the worst latency of its tests "
         f"over CA. The round sends the low class's trains first, so without priority the high class waits behind them.", "",
         "| class over CA | tests | no priority: emulated | live | strict priority: emulated | live |", "|---|---|---|---|---|---|"]
for c in classes:
    lines.append(f"| {'high' if c['high'] else 'low'} ({c['match']}) | {len(c['tests'])} | "
                 + " | ".join(fmt(worst(runs[(m, k)], c["tests"])) for m in ("fifo", "priority") for k in ("emulated", "live")) + " |")
lines += ["", "Live, htb gives each class one frame of credit of its own at the start, so a class's first frame may leave ahead of its "
          "turn: live latencies are at most the model's, up to a frame time (110 ms here) less.", ""]
write_section(target, "atpg-live-priority", lines)
PY
