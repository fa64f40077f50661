#!/usr/bin/env bash
# Start-up of the sonde command, side by side with the JVM's own floor (java -version), with hyperfine:
# the version, one command's help (its command tree only), the root's help (every command's tree,
# what every command paid before the command line was built lazily) and a command with Spark's jars
# on the class path, each with the launcher's AOT cache and without it (SONDE_AOT_CACHE=0).
# Writes the "startup" section of BENCHMARKS.md. RUNS sets hyperfine's runs (default 20).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=../scripts/jdk.sh
source "$root/scripts/jdk.sh"
command -v hyperfine >/dev/null || { echo "installing hyperfine" >&2; apt-get install -y -q hyperfine >/dev/null; }
runs="${RUNS:-20}"
"$root/sonde" --version >/dev/null            # builds the jar and its AOT cache, outside the timings
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
load="$(cut -d ' ' -f 1-3 /proc/loadavg)"
commands=()
for c in "--version" "sim run --help (one command's tree)" "--help (every command's tree)" \
         "verify --help (Spark's jars on the class path)"; do
  args="${c%% (*}"
  commands+=(-n "sonde $c" "$root/sonde $args" -n "sonde $args, no AOT cache" "env SONDE_AOT_CACHE=0 $root/sonde $args")
done
hyperfine -N -w 3 -r "$runs" --export-json "$out/h.json" \
  -n "java -version (the JVM alone)" "$JAVA_HOME/bin/java -Xshare:auto -version" "${commands[@]}" >&2
python3 - "$out/h.json" "$root/BENCHMARKS.md" "$load" "$(cut -d ' ' -f 1-3 /proc/loadavg)" <<'PY'
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(sys.argv[2]), "bench"))
from benchmarks_md import write_section
results = json.load(open(sys.argv[1]))["results"]
floor = results[0]["median"]
lines = ["## Start-up (issue 22)", "",
         f"Command: `bench/startup.sh` (hyperfine -N, 3 warm-up runs, {len(results[0]['times'])} runs each; the launcher script, "
         "its JDK lookup and the JVM included; `SONDE_AOT_CACHE=0` runs without the launcher's AOT cache). Machine: "
         f"{os.cpu_count()} cores, load average {sys.argv[3]} before and {sys.argv[4]} after.", "",
         "| command | median (ms) | mean ± sd (ms) | ÷ java -version |", "| --- | --- | --- | --- |"]
for r in results:
    lines.append(f"| `{r['command']}` | {r['median'] * 1e3:.0f} | {r['mean'] * 1e3:.0f} ± {r['stddev'] * 1e3:.0f} | {r['median'] / floor:.2f}× |")
lines += ["", "A command line builds only the command it names (picocli reads every option of every command by reflection), so "
          "`sonde --help` shows what each command's start-up cost before; `sonde --version` alone builds none. The AOT cache "
          "(JDK 25, made once per build by the launcher from `org.sonde.cli.AotTraining`) holds Sonde's, Jackson's and the "
          "JDK's classes loaded and linked and the training's method profiles, picocli's too: its Java 5 class files, which "
          "the JVM verifies by type inference at every start and the cache cannot hold, are rewritten when the jar is packaged "
          "as Java 8 class files with stack maps (`cli/src/build/OldClassUpgrade.java`, the bytecode unchanged). A `verify` "
          "run adds Spark's jars after the cache's class path, so it keeps the cache for the rest.", ""]
write_section(sys.argv[2], "startup", lines)
PY
