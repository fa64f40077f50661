#!/usr/bin/env bash
# Reading and decoding a RoCEv2 capture of >= 1 GB, page cache warm: sonde against tcpdump and
# tshark on the same file, side by side in one run. Writes its section of BENCHMARKS.md.
#   SIZES="1100M 4400M"   capture sizes to measure (default both)
#   RUNS=5                hyperfine runs per command (tshark: 2 runs, it takes seconds per GB)
#   BENCH_DIR=/tmp/sonde-bench   where the captures go (deleted afterwards unless KEEP=1)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
sizes="${SIZES:-1100M 4400M}"
runs="${RUNS:-5}"
dir="${BENCH_DIR:-/tmp/sonde-bench}"

need=()
for tool in tcpdump tshark hyperfine python3; do command -v "$tool" >/dev/null 2>&1 || need+=("$tool"); done
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  echo "wireshark-common wireshark-common/install-setuid boolean false" | debconf-set-selections
  apt-get update -qq && apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

mkdir -p "$dir"
"$root/sonde" --version >/dev/null            # builds the jar if needed, outside the timings
results=()
for size in $sizes; do
  file="$dir/roce-$size.pcap"
  [ -f "$file" ] || "$root/sonde" pcap synth --capture "$file" --size "$size" --seed 1 >/dev/null
  cat "$file" >/dev/null                         # page cache warm
  json="$dir/inspect-$size.json"
  "$root/sonde" pcap inspect "$file" --totals-only --json "$json" >/dev/null
  out="$dir/hyperfine-$size.json"
  hyperfine --style basic --warmup 1 --runs "$runs" --export-json "$out" \
    -n "sonde pcap inspect --totals-only" "$root/sonde pcap inspect $file --totals-only" \
    -n "tcpdump -r FILE -w /dev/null" "tcpdump -r $file -w /dev/null" \
    -n "sonde --version (start-up alone)" "$root/sonde --version" >&2
  if [ "$size" = "$(echo "$sizes" | awk '{print $1}')" ]; then
    tshark_out="$dir/hyperfine-tshark-$size.json"
    hyperfine --style basic --runs 2 --export-json "$tshark_out" \
      -n "tshark -r FILE -T fields -e frame.number" "tshark -r $file -T fields -e frame.number >/dev/null" >&2
  else
    tshark_out=""
  fi
  results+=("$size|$file|$json|$out|$tshark_out")
done

PYTHONPATH="$root/bench" python3 - "$root/BENCHMARKS.md" "${results[@]}" <<'PY'
from benchmarks_md import write_section
import json, os, platform, subprocess, sys
target, runs = sys.argv[1], sys.argv[2:]
def version(cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=60).stdout.splitlines()[0].strip().rstrip(".")
    except Exception as e:
        return "unknown"
lines = ["## Reading and decoding a RoCEv2 capture", "",
         "Command: `bench/pcap-read.sh` (captures made by `sonde pcap synth --seed 1`: RC WRITEs, MTU 1024, "
         "8 QPs, ACKs, NAKs, CNPs; page cache warm; wall time of whole processes, JVM start included, "
         "measured with hyperfine).",
         "",
         f"Machine: {os.cpu_count()} cores, {platform.machine()}; "
         f"{version(['tcpdump', '--version'])}; {version(['tshark', '--version'])}; "
         f"{version([os.path.join(os.path.dirname(target), 'sonde'), '--version'])}.", "",
         "`sonde pcap inspect --totals-only` dissects every frame (Ethernet, IPv4, UDP, BTH and its extension "
         "headers) and verifies every IPv4 header checksum and RoCE ICRC; `tcpdump -r F -w /dev/null` only copies "
         "records; `tshark -T fields -e frame.number` dissects fully. Files of 256 MiB or more are counted on both "
         "cores (`--threads`). The start-up of the JVM and the command line, a fixed cost inside every sonde run, "
         "is timed on its own row.", "",
         "| capture | command | wall time (s) | packets/s | GB/s | time ÷ sonde's (above 1: sonde is faster) |",
         "| --- | --- | --- | --- | --- | --- |"]
for r in runs:
    size, file, inspect_json, hf, tshark_hf = r.split("|")
    totals = json.load(open(inspect_json))["totals"]
    packets, nbytes = totals["packets"], os.path.getsize(file)
    results = json.load(open(hf))["results"]
    if tshark_hf:
        results += json.load(open(tshark_hf))["results"]
    sonde_mean = results[0]["mean"]
    for res in results:
        mean, sd = res["mean"], res["stddev"] or 0.0
        ratio = "—" if res is results[0] else f"{mean / sonde_mean:.2f}×"
        if res["command"].startswith("sonde --version"):
            lines.append(f"| | `{res['command']}` | {mean:.3f} ± {sd:.3f} | | | (fixed cost inside every sonde run) |")
            continue
        lines.append(f"| {nbytes / 1e9:.2f} GB, {packets:,} packets | `{res['command']}` | {mean:.3f} ± {sd:.3f} "
                     f"| {packets / mean / 1e6:.2f} M | {nbytes / mean / 1e9:.2f} | {ratio} |")
write_section(target, "pcap-read", lines)
PY
[ "${KEEP:-0}" = 1 ] || rm -f "$dir"/roce-*.pcap
