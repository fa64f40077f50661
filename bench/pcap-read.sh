#!/usr/bin/env bash
# Reading and decoding a RoCEv2 capture at several sizes, page cache warm: sonde against tcpdump (and
# tshark at one size) on the same file, side by side in one run, with the ratio printed, so that the
# size from which sonde is ahead shows. Writes its section of BENCHMARKS.md. About 3 minutes.
#   SIZES="10M 100M 1100M 4400M"  capture sizes to measure
#   RUNS=5                        hyperfine runs per command at 1 GB or more (smaller: SMALL_RUNS=10)
#   TSHARK_SIZE=1100M             the size tshark reads too (2 runs, it takes seconds per GB); none: -
#   BENCH_DIR=/tmp/sonde-bench    where the captures go (deleted afterwards unless KEEP=1)
#   BASELINE=DIR                  also time DIR/sonde (another build of Sonde) in the same runs, on its own rows
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
sizes="${SIZES:-10M 100M 1100M 4400M}"
runs="${RUNS:-5}"
small_runs="${SMALL_RUNS:-10}"
tshark_size="${TSHARK_SIZE:-1100M}"
dir="${BENCH_DIR:-/tmp/sonde-bench}"

need=()
for tool in tcpdump tshark hyperfine python3; do command -v "$tool" >/dev/null 2>&1 || need+=("$tool"); done
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  echo "wireshark-common wireshark-common/install-setuid boolean false" | debconf-set-selections
  apt-get update -qq && apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

mkdir -p "$dir"
load_before="$(cut -d ' ' -f 1 /proc/loadavg)"   # the table says whether the cores were shared
"$root/sonde" --version >/dev/null            # builds the jar and its start-up cache if needed, outside the timings
baseline=()
if [ -n "${BASELINE:-}" ]; then
  "$BASELINE/sonde" --version >/dev/null
  baseline=(-n "baseline: sonde pcap inspect --totals-only")
fi
# The fixed cost: a capture with no packets (a pcap file header alone) costs sonde its JVM, command-line
# and inspect start-up and nothing else
empty="$dir/empty.pcap"
printf '\xd4\xc3\xb2\xa1\x02\x00\x04\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x04\x00\x01\x00\x00\x00' >"$empty"
fixed="$dir/hyperfine-fixed.json"
hyperfine --style basic --warmup 1 --runs "$small_runs" --export-json "$fixed" \
  -n "sonde pcap inspect EMPTY --totals-only" "$root/sonde pcap inspect $empty --totals-only" \
  ${BASELINE:+"${baseline[@]}" "$BASELINE/sonde pcap inspect $empty --totals-only"} \
  -n "sonde --version" "$root/sonde --version" \
  -n "tcpdump -r EMPTY -w /dev/null" "tcpdump -r $empty -w /dev/null" >&2

results=()
for size in $sizes; do
  file="$dir/roce-$size.pcap"
  [ -f "$file" ] || "$root/sonde" pcap synth --capture "$file" --size "$size" --seed 1 >/dev/null
  cat "$file" >/dev/null                         # page cache warm
  json="$dir/inspect-$size.json"
  "$root/sonde" pcap inspect "$file" --totals-only --json "$json" >/dev/null
  n="$runs"
  [ "$(stat -c %s "$file")" -lt 1000000000 ] && n="$small_runs"
  out="$dir/hyperfine-$size.json"
  hyperfine --style basic --warmup 1 --runs "$n" --export-json "$out" \
    -n "sonde pcap inspect --totals-only" "$root/sonde pcap inspect $file --totals-only" \
    -n "tcpdump -r FILE -w /dev/null" "tcpdump -r $file -w /dev/null" \
    ${BASELINE:+"${baseline[@]}" "$BASELINE/sonde pcap inspect $file --totals-only"} >&2
  tshark_out=""
  if [ "$size" = "$tshark_size" ]; then
    tshark_out="$dir/hyperfine-tshark-$size.json"
    hyperfine --style basic --runs 2 --export-json "$tshark_out" \
      -n "tshark -r FILE -T fields -e frame.number" "tshark -r $file -T fields -e frame.number >/dev/null" >&2
  fi
  results+=("$size|$file|$json|$out|$tshark_out")
done

PYTHONPATH="$root/bench" python3 - "$root/BENCHMARKS.md" "$load_before" "$fixed" "${results[@]}" <<'PY'
from benchmarks_md import write_section
import json, os, platform, subprocess, sys
target, load_before, fixed_hf, runs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
def version(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=60).stdout.splitlines()[0].strip().rstrip(".")
    except Exception as e:
        return "unknown"
def size_name(nbytes):
    return f"{nbytes / 1e9:.2f} GB" if nbytes >= 1e9 else f"{nbytes / 1e6:.0f} MB"
load_after = os.getloadavg()[0]
busy = float(load_before) > 1.0  # before the run: none of its own work counted
fixed = {r["command"]: r for r in json.load(open(fixed_hf))["results"]}
empty_sonde = fixed["sonde pcap inspect EMPTY --totals-only"]
empty_tcpdump = fixed["tcpdump -r EMPTY -w /dev/null"]
version_only = fixed["sonde --version"]
lines = ["## Reading and decoding a RoCEv2 capture", "",
         "Command: `bench/pcap-read.sh` (captures made by `sonde pcap synth --seed 1`: RC WRITEs, MTU 1024, "
         "8 QPs, ACKs, NAKs, CNPs; page cache warm; wall time of whole processes, JVM start included, "
         "measured with hyperfine, sonde and tcpdump in the same run).",
         "",
         f"Machine: {os.cpu_count()} cores, {platform.machine()}; "
         f"{version(['tcpdump', '--version'])}; {version(['tshark', '--version'])}; "
         f"{version([os.path.join(os.path.dirname(target), 'sonde'), '--version'])}; "
         f"load average {load_before} before the run, {load_after:.2f} after"
         f"{' (other jobs shared the cores: all times are longer than on an idle machine)' if busy else ''}.", "",
         "`sonde pcap inspect --totals-only` dissects every frame (Ethernet, IPv4, UDP, BTH and its extension "
         "headers) and verifies every IPv4 header checksum and RoCE ICRC; `tcpdump -r F -w /dev/null` only copies "
         "records; `tshark -T fields -e frame.number` dissects fully. Files of 256 MiB or more are counted on both "
         "cores (`--threads`)." + (f" Rows named baseline time another build of Sonde ({os.environ.get('BASELINE_NAME') or os.environ['BASELINE']}) "
                                    "in the same runs." if os.environ.get("BASELINE") else ""), "",
         "| capture | command | wall time (s) | packets/s | GB/s | time ÷ sonde's (above 1: sonde is faster) |",
         "| --- | --- | --- | --- | --- | --- |"]
points = []  # (bytes, sonde mean, tcpdump mean)
for r in runs:
    size, file, inspect_json, hf, tshark_hf = r.split("|")
    totals = json.load(open(inspect_json))["totals"]
    packets, nbytes = totals["packets"], os.path.getsize(file)
    results = json.load(open(hf))["results"]
    if tshark_hf:
        results += json.load(open(tshark_hf))["results"]
    sonde_mean = results[0]["mean"]
    points.append((nbytes, sonde_mean, results[1]["mean"]))
    for res in results:
        mean, sd = res["mean"], res["stddev"] or 0.0
        ratio = "—" if res is results[0] else f"{mean / sonde_mean:.2f}×"
        lines.append(f"| {size_name(nbytes)}, {packets:,} packets | `{res['command']}` | {mean:.3f} ± {sd:.3f} "
                     f"| {packets / mean / 1e6:.2f} M | {nbytes / mean / 1e9:.2f} | {ratio} |")
    print(f"{size_name(nbytes)}: sonde {sonde_mean:.3f} s, tcpdump {results[1]['mean']:.3f} s, "
          f"ratio {results[1]['mean'] / sonde_mean:.2f} (above 1: sonde is faster)")
fixed_rows = [(empty_sonde, "(fixed cost inside every sonde run)"), (empty_tcpdump, ""),
              (version_only, "(JVM and launcher alone, no command line)")]
if "baseline: sonde pcap inspect --totals-only" in fixed:
    fixed_rows.insert(1, (fixed["baseline: sonde pcap inspect --totals-only"], "(the baseline's fixed cost)"))
for res, what in fixed_rows:
    capture = "" if res is version_only else "no packets (file header alone)"
    lines.append(f"| {capture} | `{res['command']}` | {res['mean']:.3f} ± {res['stddev'] or 0.0:.3f} | | | {what} |")

# where sonde gets ahead: the smallest measured size from which it is ahead at every larger one, and the
# crossing of straight lines (fixed cost + bytes / rate) fitted to each tool's times
points.sort()
ahead = next((p[0] for i, p in enumerate(points) if all(q[1] <= q[2] for q in points[i:])), None)
def fit(xs, ys):
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx if sxx else 0.0
    return my - slope * mx, slope
summary = [f"Fixed cost: sonde reading a capture with no packets takes {empty_sonde['mean']:.3f} s "
           f"(`sonde --version` {version_only['mean']:.3f} s; tcpdump {empty_tcpdump['mean'] * 1000:.0f} ms)."]
if len(points) >= 2:
    xs = [p[0] for p in points]
    a_s, b_s = fit(xs, [p[1] for p in points])
    a_t, b_t = fit(xs, [p[2] for p in points])
    summary.append(f"Straight lines fitted to the times: sonde {a_s:.3f} s + {b_s * 1e9:.3f} s/GB, "
                   f"tcpdump {a_t:.3f} s + {b_t * 1e9:.3f} s/GB.")
    if b_t > b_s and a_s > a_t:
        summary.append(f"They cross at about {(a_s - a_t) / (b_t - b_s) / 1e9:.2f} GB: below it the fixed cost decides.")
if ahead is not None:
    summary.append(f"Measured: sonde is ahead from {size_name(ahead)} on.")
else:
    summary.append("Measured: sonde is not ahead at the largest size measured.")
lines += ["", " ".join(summary)]
for s in summary:
    print(s)
write_section(target, "pcap-read", lines)
PY
[ "${KEEP:-0}" = 1 ] || rm -f "$dir"/roce-*.pcap
