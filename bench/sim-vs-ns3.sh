#!/usr/bin/env bash
# Sonde's simulator against ns-3 3.37 (Debian's libns3) on the same networks, side by side:
#   dumbbell: 8 long flows over a 10 Gb/s bottleneck, 100 us base RTT, 200 ms (NewReno and CUBIC)
#   incast:   16 CUBIC senders x 256 KB to one receiver across the bottleneck
# ns-3: bench/ns3/dumbbell.cc; Sonde: bench/sim/*.yaml. Both: MSS 1448, initial window 10, SACK,
# timestamps, rto_min 200 ms, 40 ms delayed ACK, a 500-packet bottleneck queue.
# Loss recovery differs: Sonde runs Linux's default RACK-TLP (RFC 8985); ns-3 3.37 has neither RACK nor TLP
# (RFC 6675 SACK recovery with PRR, duplicate threshold 3), so a lost retransmission waits for its RTO. The
# no-RACK case aligns the two: ns-3's TcpLinuxReno against Sonde with tcp_recovery = 0, tcp_early_retrans = 0.
# Compares throughput shares and FCTs, and speed: wall time of the run and events per second.
# Writes the "sim-vs-ns3" section of BENCHMARKS.md. REPEATS (default 3) runs per case, median.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
REPEATS="${REPEATS:-3}"
need=()
for p in libns3-dev g++ pkg-config libgsl-dev; do dpkg -s "$p" >/dev/null 2>&1 || need+=("$p"); done
if ((${#need[@]})); then
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
build=bench/ns3/build
mkdir -p "$build"
g++ -O2 -std=c++17 -o "$build/dumbbell" bench/ns3/dumbbell.cc \
  $(pkg-config --cflags --libs ns3-core ns3-network ns3-internet ns3-point-to-point ns3-applications ns3-traffic-control)
./sonde --version >/dev/null
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

python3 - "$out" "$REPEATS" "$build/dumbbell" <<'PY'
import json, os, statistics, subprocess, sys, time
sys.path.insert(0, "bench")
from benchmarks_md import write_section
out, repeats, ns3 = sys.argv[1], int(sys.argv[2]), sys.argv[3]
load = os.getloadavg()[0] # other work on the machine slows both simulators: say how much there was
cases = [
    ("dumbbell, 8 NewReno flows (Sonde: Linux reno), 200 ms", ["--mode=long", "--cc=TcpNewReno", "--flows=8", "--duration=0.2"], "bench/sim/dumbbell-reno.yaml"),
    ("dumbbell, 8 CUBIC flows, 200 ms", ["--mode=long", "--cc=TcpCubic", "--flows=8", "--duration=0.2"], "bench/sim/dumbbell-cubic.yaml"),
    ("dumbbell, 8 Linux-reno flows, no RACK-TLP (ns-3: TcpLinuxReno), 200 ms", ["--mode=long", "--cc=TcpLinuxReno", "--flows=8", "--duration=0.2"],
     "bench/sim/dumbbell-reno-norack.yaml"),
    ("incast, 16 CUBIC senders x 256 KB", ["--mode=incast", "--cc=TcpCubic", "--flows=16", "--size=256000", "--duration=2"], "bench/sim/incast-cubic.yaml"),
]

def timed(cmd):
    t = time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True)
    return p, time.monotonic() - t

def jain(xs):
    return sum(xs) ** 2 / (len(xs) * sum(x * x for x in xs)) if sum(xs) else 0

rows = []
for name, ns3_args, scenario in cases:
    n3, so = [], []
    for r in range(repeats):
        p, wall = timed([ns3] + ns3_args)
        if p.returncode != 0: sys.exit(f"ns-3 failed: {p.stderr}")
        j = json.loads(p.stdout); j["process"] = wall; n3.append(j)
        d = f"{out}/{os.path.basename(scenario)}-{r}"
        p, wall = timed(["./sonde", "sim", "run", scenario, "--seed", "1", "--out", d, "--no-report", "--json", d + ".json"])
        if p.returncode not in (0, 1): sys.exit(f"sonde failed: {p.stderr}")
        s = json.load(open(d + "/stats.json")); summary = json.load(open(d + ".json"))
        so.append({"stats": s, "wall": summary["wallSeconds"], "process": wall, "events": summary["events"]})
    a, b = n3[0], so[0]["stats"]
    ns3_bytes = a["received"]; sonde_bytes = [f["deliveredBytes"] for f in b["flows"]]
    sim_s = float(ns3_args[-1].split("=")[1])
    ns3_fct = sorted(x * 1e3 for x in a["fctSeconds"] if x >= 0); sonde_fct = sorted(f["fctNanos"] / 1e6 for f in b["flows"] if f["fctNanos"] is not None)
    med = lambda xs: statistics.median(xs)
    ns3_wall, sonde_wall = med([x["wallSeconds"] for x in n3]), med([x["wall"] for x in so])
    ns3_proc, sonde_proc = med([x["process"] for x in n3]), med([x["process"] for x in so])
    ns3_eps, sonde_eps = a["events"] / ns3_wall, so[0]["events"] / sonde_wall
    rows.append(dict(name=name,
        goodput=(sum(ns3_bytes) * 8 / sim_s / 1e9, sum(sonde_bytes) * 8 / b["simulatedNanos"] * 1e9 / 1e9) if "long" in ns3_args[0] else None,
        jain=(jain(ns3_bytes), jain(sonde_bytes)),
        share=((min(ns3_bytes) / sum(ns3_bytes), max(ns3_bytes) / sum(ns3_bytes)), (min(sonde_bytes) / sum(sonde_bytes), max(sonde_bytes) / sum(sonde_bytes))),
        fct=((ns3_fct[len(ns3_fct) // 2], ns3_fct[-1]), (sonde_fct[len(sonde_fct) // 2], sonde_fct[-1])) if ns3_fct and sonde_fct else None,
        wall=(ns3_wall, sonde_wall), proc=(ns3_proc, sonde_proc), events=(a["events"], so[0]["events"]), eps=(ns3_eps, sonde_eps)))

host = subprocess.run(["uname", "-srm"], capture_output=True, text=True).stdout.strip()
lines = ["## Simulator against ns-3 (issue 5)", "",
         f"`bash bench/sim-vs-ns3.sh` (REPEATS={repeats}, median wall times; {os.cpu_count()} cores, load average {load:.1f} at the start, {host}). ns-3 3.37 from Debian",
         "(`bench/ns3/dumbbell.cc`, point-to-point links, its TCP) and Sonde (`bench/sim/*.yaml`) simulate the same network:",
         "10 Gb/s links, 100 µs base RTT, a 500-packet bottleneck queue, MSS 1448, initial window 10, SACK, timestamps, rto_min 200 ms,",
         "40 ms delayed ACK. Sonde's frames carry Ethernet headers and wire overhead (38 B more per packet than ns-3's PPP), so its",
         "goodput ceiling is about 2 % lower.", "",
         "Loss recovery is not the same in both. Sonde's TCP runs Linux's default RACK-TLP (RFC 8985: losses found by transmit",
         "time, lost retransmissions included, and tail loss probes); ns-3 3.37 has neither (RFC 6675 SACK recovery with PRR and",
         "a duplicate threshold of 3), so there a lost retransmission waits for the 200 ms RTO, as long as the whole run. ns-3's",
         "TcpNewReno also grows cwnd by one segment per ACK, not per segment acked: with an ACK every second segment its slow",
         "start grows 1.5× per RTT instead of Linux's 2×, overshoots less and loses fewer retransmissions. The no-RACK row",
         "aligns both sides (ns-3's TcpLinuxReno, which counts acked segments as Linux does; Sonde with `tcp_recovery = 0`,",
         "`tcp_early_retrans = 0`): on both, flows whose retransmissions are lost stall until the end of the run; which and how",
         "many is chaotic (it turns on single drops), so that row agrees in kind, not within 10 %.", "",
         "| case | goodput Gb/s ns-3 / Sonde | Jain index ns-3 / Sonde | min–max share ns-3 / Sonde | FCT p50, max ms ns-3 / Sonde |",
         "| --- | --- | --- | --- | --- |"]
for r in rows:
    g = f"{r['goodput'][0]:.2f} / {r['goodput'][1]:.2f}" if r["goodput"] else "—"
    sh = r["share"]
    f = f"{r['fct'][0][0]:.2f}, {r['fct'][0][1]:.2f} / {r['fct'][1][0]:.2f}, {r['fct'][1][1]:.2f}" if r["fct"] else "—"
    lines.append(f"| {r['name']} | {g} | {r['jain'][0]:.3f} / {r['jain'][1]:.3f} | {sh[0][0]:.1%}–{sh[0][1]:.1%} / {sh[1][0]:.1%}–{sh[1][1]:.1%} | {f} |")
lines += ["", "| case | events ns-3 / Sonde | run wall s ns-3 / Sonde | events/s ns-3 / Sonde | events/s ratio | run time ratio | process time ratio |",
          "| --- | --- | --- | --- | --- | --- | --- |"]
for r in rows:
    lines.append(f"| {r['name']} | {r['events'][0]:,} / {r['events'][1]:,} | {r['wall'][0]:.3f} / {r['wall'][1]:.3f} | "
                 f"{r['eps'][0]:,.0f} / {r['eps'][1]:,.0f} | **{r['eps'][1] / r['eps'][0]:.2f}×** | "
                 f"**{r['wall'][0] / r['wall'][1]:.2f}×** | {r['proc'][0] / r['proc'][1]:.2f}× |")
lines += ["", "Events differ in granularity (ns-3 schedules more per packet), so the run time ratio (ns-3's wall time over",
          "Sonde's for the same simulated work) is the fairer speed figure; Sonde's run time includes loading the scenario and",
          "the JIT's warm-up, its process time the JVM's start too."]
# measurements made beside runs of this script, kept with their dates and commands
lines += ["", "**The cost of FlowMonitor (2026-11-27):** every packet a host sends is now followed to its delivery or drop "
          "(`sim.stats.FlowMonitor`, the report's \"Packets per flow\"). Side by side, `hyperfine -N -i -w 2 -r 10` of `sonde sim "
          "run bench/sim/dumbbell-cubic.yaml` (JVM start, run, stats.json and report included): the commit before it (`055653f`) "
          "**2.006 s ± 0.184**, this one **2.131 s ± 0.119**, **1.06 ± 0.11×**; the events and every result are identical "
          "(1,746,864 events).",
          "", "**Start-up and the AOT cache (issue 22, 2026-11-28):** the run of that day had a load average of 4.8 at the start "
          "and 8.7 at the end (other builds and tests), which slows Sonde (its JIT compiler and GC threads share the cores) more "
          "than ns-3: ns-3's dumbbell runs took 1.4–1.5× their earlier time, Sonde's 2.1–2.6×. Side by side at load 6 to 7, "
          "`SONDE_AOT_CACHE=0` against the default (`./sonde sim run bench/sim/dumbbell-cubic.yaml --seed 1 --out D --no-report "
          "--json F`, alternated, 3 each, `wallSeconds` of F): **4.89, 4.97, 5.75 s** without the launcher's AOT cache, "
          "**4.32, 4.34, 4.46 s** with it; the incast at load 3.8 (4 each): **0.64–0.82 s** without, **0.28–0.41 s** with it, "
          "ns-3 0.25 s. The incast is the case start-up decides: Sonde loads the scenario through Jackson, builds the network "
          "and runs its 31,221 events mostly in the interpreter and C1 (JDK 25's cache holds loaded and linked classes and "
          "method profiles, not compiled code; a cache trained on this very incast was no faster than the launcher's), while "
          "ns-3 runs compiled C++ from its first event; its run time ratio is therefore the one nearest 1.0× and moves most "
          "with the machine's load, and its process time ratio (JVM start included) stays well below it.",
          "", "**sim's TCP fixes (2026-11-29):** the timeouts' count cleared on forward progress and new data stamped no earlier "
          "than a copy sent in its instant move the dumbbells' runs a little (events: CUBIC 1,750,231 → 1,746,864, NewReno "
          "1,746,788 → 1,747,291, the no-RACK case and the incast unchanged; Jain's index and loss rates within a few thousandths "
          "and points of the run before). The incast's run time ratio was 1.10× in the run before and 0.91× and 0.96× in two "
          "runs after; the two builds side by side "
          "(`hyperfine -N -w 2 -r 12` of `sonde sim run bench/sim/incast-cubic.yaml --seed 1 --out D --no-report`, JVM start "
          "included, the commit before them, `1d3b405c`, against `ea16ed61`): **693 ms ± 47** against **696 ms ± 44**: the "
          "machine moved, not the code."]
write_section("BENCHMARKS.md", "sim-vs-ns3", lines)
PY
