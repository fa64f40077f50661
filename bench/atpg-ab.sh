#!/usr/bin/env bash
# ATPG test packet generation side by side: `sonde atpg generate --terminals 100% --cover rules --seed 1`
# with a baseline jar and this checkout's jar, alternating (the machine is shared: runs of one kind
# in a row would each meet different neighbours), several runs each; median wall and CPU time (user +
# system) per jar and the ratios, and whether the suites are the same (suite.json but for its times,
# tests.pcap byte for byte). Writes its section of BENCHMARKS.md.
#   BASE_JAR=/path/to/sonde.jar    the baseline (required; e.g. main's cli/target/sonde.jar, copied)
#   NEW_JAR=cli/target/sonde.jar   the jar measured against it
#   DATASETS="internet2-hassel:hassel stanford-apkeep:stanford-apkeep"   dataset:format pairs
#   RUNS=3                         runs per jar and dataset
#   OUT=/tmp/sonde-atpg-ab         where suites, logs and times go
#   BASE_LABEL="main at <commit>"  what the baseline is, for the report
#   REPORT_ONLY=1                  rewrite the section from the times in OUT
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
datasets_dir="${SONDE_DATASETS:-$root/../shared/datasets}"
datasets="${DATASETS:-internet2-hassel:hassel stanford-apkeep:stanford-apkeep}"
runs="${RUNS:-3}"
out="${OUT:-/tmp/sonde-atpg-ab}"
label="${BASE_LABEL:-${BASE_JAR:-}}"
if [ "${REPORT_ONLY:-0}" != 1 ]; then
  base="${BASE_JAR:?set BASE_JAR to the baseline sonde.jar}"
  new="${NEW_JAR:-$root/cli/target/sonde.jar}"
  [ -f "$base" ] && [ -f "$new" ] || { echo "no jar at $base or $new" >&2; exit 1; }
  "$root/sonde" --version >/dev/null            # builds the jar if needed, outside the timings
  # shellcheck source=../scripts/jdk.sh
  source "$root/scripts/jdk.sh"
  # The launcher's options that bear on speed; no start-up cache, which only this checkout's jar has.
  opts=(--enable-native-access=ALL-UNNAMED -XX:+UseParallelGC -XX:MaxRAMPercentage=75)
  mkdir -p "$out"
  # Times of datasets not run now stay (a dataset can be rerun alone into the same OUT).
  touch "$out/times.tsv"
  for pair in $datasets; do
    grep -v "^${pair%%:*}	" "$out/times.tsv" >"$out/times.tsv.tmp" || true
    mv "$out/times.tsv.tmp" "$out/times.tsv"
  done
  for pair in $datasets; do
    d="${pair%%:*}" f="${pair#*:}"
    for i in $(seq "$runs"); do
      for v in base new; do
        jar="$base"; [ "$v" = new ] && jar="$new"
        load="$(cut -d ' ' -f 1 /proc/loadavg)"
        /usr/bin/time -f "%e %U %S" -o "$out/time" "$JAVA_HOME/bin/java" "${opts[@]}" -cp "$jar" org.sonde.cli.Main \
          atpg generate --network "$datasets_dir/$d" --format "$f" --terminals 100% --cover rules --seed 1 \
          --out "$out/$d-$v" >"$out/$d-$v.log" 2>&1 || { cat "$out/$d-$v.log" >&2; exit 1; }
        read -r wall user sys <"$out/time"
        printf '%s\t%s\t%s\t%s\t%s\n' "$d" "$v" "$wall" "$(python3 -c "print($user + $sys)")" "$load" | tee -a "$out/times.tsv" >&2
      done
    done
    # Same suite: the pcap byte for byte, suite.json but for its times.
    cmp -s "$out/$d-base/tests.pcap" "$out/$d-new/tests.pcap" || { echo "$d: tests.pcap differs" >&2; exit 1; }
    strip() { grep -v '"seconds"\|"load"\|"reachability"\|"cover"\|"reserve"' "$1"; }
    cmp -s <(strip "$out/$d-base/suite.json") <(strip "$out/$d-new/suite.json") || { echo "$d: suite.json differs" >&2; exit 1; }
  done
fi
[ -s "$out/times.tsv" ] || { echo "no times in $out (run without REPORT_ONLY first)" >&2; exit 1; }

PYTHONPATH="$root/bench" python3 - "$root/BENCHMARKS.md" "$out/times.tsv" "$label" <<'PY'
from benchmarks_md import write_section
import os, statistics, sys
target, times, label = sys.argv[1], sys.argv[2], sys.argv[3]
rows = {}
for line in open(times):
    d, v, wall, cpu, load = line.split("\t")
    rows.setdefault(d, {}).setdefault(v, []).append((float(wall), float(cpu), float(load)))
lines = ["## ATPG test generation, side by side with a baseline", "",
         f"Command: `BASE_JAR=... bench/atpg-ab.sh` (`sonde atpg generate --terminals 100% --cover rules --seed 1`, "
         f"whole processes without the start-up cache; the baseline ({label}) and this checkout's jar alternating, "
         f"{' and '.join(sorted({str(len(by['base'])) for by in rows.values()}))} runs each; "
         "median wall and CPU (user + system) time; the suites are the same, suite.json but for its times and tests.pcap "
         f"byte for byte). Machine: {os.cpu_count()} cores, shared: the load average before the runs is given, and "
         "the ratios say more than the seconds.", "",
         "| dataset | baseline wall | wall | baseline CPU | CPU | wall ratio | CPU ratio | load average |",
         "|---|---|---|---|---|---|---|---|"]
for d, by in rows.items():
    med = lambda v, k: statistics.median(r[k] for r in by[v])
    loads = [r[2] for v in by for r in by[v]]
    lines.append(f"| {d} | {med('base', 0):.1f} s | {med('new', 0):.1f} s | {med('base', 1):.1f} s | {med('new', 1):.1f} s | "
                 f"{med('new', 0) / med('base', 0):.2f} | {med('new', 1) / med('base', 1):.2f} | {min(loads):.1f} to {max(loads):.1f} |")
lines.append("")
write_section(target, "atpg-ab", lines)
PY
