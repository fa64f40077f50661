#!/usr/bin/env bash
# Screenshots of every kind of HTML report Sonde writes (issue 21: "screenshots of each report kind looked at"):
# each report is produced with the smallest input that shows it whole, then rendered by headless Chromium
# (Debian's chromium) in a 1280 x 2000 window into $SHOTS/<kind>.png (default /tmp/sonde-shots), to be
# looked at: the verdict first, no empty chart, tables within the page, no -1, NaN or Java collection syntax.
# The reports themselves stay in $SHOTS/work.
#
# Kinds that need root and network namespaces (TCP injection on Linux, its fuzzing, study and diff, NetSonar's
# live agents) run when this runs as root and are skipped with a line saying so otherwise; the namespaces they
# make are deleted by the commands themselves (the probe testbed by `sonde probe testbed down`, also on failure).
#   ./bench/screenshots.sh                 # every kind
#   ./bench/screenshots.sh reach sim-run   # only these kinds
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
shots="${SHOTS:-/tmp/sonde-shots}"
work="$shots/work"
mkdir -p "$work"
command -v chromium >/dev/null || { echo "chromium is not installed (Debian: apt-get install chromium)" >&2; exit 4; }
./sonde --version >/dev/null
root=0
[[ $(id -u) == 0 ]] && root=1
wanted=("$@")
done_kinds=()
skipped=()

want() {
  [[ ${#wanted[@]} == 0 ]] && return 0
  local k
  for k in "${wanted[@]}"; do [[ $k == "$1" ]] && return 0; done
  return 1
}

# sonde ARGS...: a command whose exit code 1 means findings (loops, failed checks), not a failure of the run
sonde() {
  local rc=0
  ./sonde "$@" >>"$work/log.txt" 2>&1 || rc=$?
  if (( rc > 1 )); then
    echo "sonde $* failed with exit code $rc (see $work/log.txt)" >&2
    tail -5 "$work/log.txt" >&2
    return "$rc"
  fi
}

# shot KIND HTML: renders the report into $shots/KIND.png
shot() {
  [[ -f $2 ]] || { echo "$1: no report at $2" >&2; return 1; }
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,2000 --virtual-time-budget=5000 \
    --screenshot="$shots/$1.png" "file://$(realpath "$2")" >/dev/null 2>&1
  done_kinds+=("$1")
  echo "$1: $shots/$1.png  ($2)"
}

# kind NAME NEEDS_ROOT: whether to produce NAME now
kind() {
  want "$1" || return 1
  if [[ $2 == root && $root == 0 ]]; then
    skipped+=("$1 (needs root and network namespaces)")
    return 1
  fi
  echo "--- $1" >>"$work/log.txt"
  return 0
}

if kind demo -; then
  sonde demo --out "$work/demo" --roce-size 2M
  shot demo "$work/demo/report.html"
fi
if kind sim-run -; then
  # 10 incast rounds: drops, retransmissions, idle gaps between rounds and a round to zoom on
  sonde sim run examples/sim/incast.yaml --seed 1 --out "$work/sim"
  shot sim-run "$work/sim/report.html"
fi
if kind inject-run-roce -; then
  sonde inject run examples/inject/listing2.yaml --target sim:cx5-like --out "$work/inject-roce"
  shot inject-run-roce "$work/inject-roce/report.html"
fi
if kind inject-analyze -; then
  [[ -d $work/inject-roce ]] || sonde inject run examples/inject/listing2.yaml --target sim:cx5-like --out "$work/inject-roce"
  sonde inject analyze "$work/inject-roce" --report "$work/inject-analyze.html"
  shot inject-analyze "$work/inject-analyze.html"
fi
if kind inject-fuzz-roce -; then
  sonde inject fuzz --objective general --target sim:e810-like --runs 20 --seed 1 --out "$work/inject-fuzz-roce"
  shot inject-fuzz-roce "$work/inject-fuzz-roce/report.html"
fi
if kind inject-study-roce -; then
  sonde inject study --profiles cx4lx-like,neutral --quick --out "$work/inject-study-roce"
  shot inject-study-roce "$work/inject-study-roce/report.html"
fi
if kind inject-run-tcp root; then
  sonde inject run examples/inject/tcp-listing2.yaml --target linux --out "$work/inject-tcp"
  shot inject-run-tcp "$work/inject-tcp/report.html"
fi
if kind inject-run-tcp-model -; then
  sonde inject run examples/inject/tcp-listing2.yaml --target sim-tcp --out "$work/inject-tcp-model"
  shot inject-run-tcp-model "$work/inject-tcp-model/report.html"
fi
if kind inject-fuzz-tcp root; then
  sonde inject fuzz --target linux --runs 6 --seed 1 --out "$work/inject-fuzz-tcp"
  shot inject-fuzz-tcp "$work/inject-fuzz-tcp/report.html"
fi
if kind inject-study-tcp root; then
  sonde inject study --target linux --quick --out "$work/inject-study-tcp"
  shot inject-study-tcp "$work/inject-study-tcp/report.html"
fi
if kind inject-diff root; then
  sonde inject diff examples/inject/tcp-listing2.yaml --out "$work/inject-diff"
  shot inject-diff "$work/inject-diff/report.html"
fi
if kind atpg-generate -; then
  sonde atpg generate --network examples/atpg/example-network.json --format json --out "$work/suite" --report "$work/atpg-generate.html"
  shot atpg-generate "$work/atpg-generate.html"
fi
if kind atpg-localize -; then
  [[ -d $work/suite ]] || sonde atpg generate --network examples/atpg/example-network.json --format json --out "$work/suite"
  sonde atpg emulate --suite "$work/suite" --fault rule:rA1:drop --json "$work/atpg-results.json"
  sonde atpg localize --suite "$work/suite" --results "$work/atpg-results.json" --report "$work/atpg-localize.html"
  shot atpg-localize "$work/atpg-localize.html"
fi
if kind reach -; then
  sonde reach --network examples/atpg/example-network.json --format json --report "$work/reach.html"
  shot reach "$work/reach.html"
fi
if kind verify-check -; then
  sonde verify generate dcn --seed 1 --switches 200 --plant loops=2,blackholes=2,waypoints=1 --out "$work/dcn"
  sonde verify check --snapshot "$work/dcn" --backend local --checks loops,blackholes,reachability,waypoints --report "$work/verify-check.html"
  shot verify-check "$work/verify-check.html"
fi
if kind verify-watch -; then
  # four switches; the link S11-S22 fails (two events 10 ms apart, one stable state), then S22 loses 192.168.1/24
  mkdir -p "$work/toy"
  printf '%s\n' "S11 192.168.0.0 24 deliver 10" "S11 192.168.1.0 24 S21,S22 10" "S12 192.168.0.0 24 S21,S22 10" \
    "S12 192.168.1.0 24 deliver 10" "S21 192.168.0.0 24 S11 10" "S21 192.168.1.0 24 S12 10" "S22 192.168.0.0 24 S11 10" \
    "S22 192.168.1.0 24 S12 10" >"$work/toy/rules.txt"
  printf '%s\n' "1000 ctl-a del S22 192.168.0.0 24 - 10" "1010 ctl-b mod S12 192.168.0.0 24 S21 10" \
    "3000 ctl-a del S22 192.168.1.0 24 - 10" >"$work/events.txt"
  sonde verify watch --snapshot "$work/toy" --events "$work/events.txt" --epsilon 50ms --report "$work/verify-watch.html"
  shot verify-watch "$work/verify-watch.html"
fi
if kind load-run -; then
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  ./sonde load server --listen "127.0.0.1:$port" --duration 12s --quiet >>"$work/log.txt" 2>&1 &
  server=$!
  sleep 2
  printf '%s\n' "mode client" "protocol http" "server 127.0.0.1 1" "listen $port 1" "wait 0" "slow_start 0" "cc 16" "keepalive 0us" \
    "duration 5s" >"$work/client.conf"
  sonde load run "$work/client.conf" --report "$work/load-run.html"
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  shot load-run "$work/load-run.html"
fi
if kind pcap-inspect -; then
  sonde pcap synth --capture "$work/roce.pcapng" --size 1M
  sonde pcap inspect "$work/roce.pcapng" --report "$work/pcap-inspect.html"
  shot pcap-inspect "$work/pcap-inspect.html"
fi
if kind probe-simulate -; then
  sonde probe simulate --topology fattree:4 --trials 200 --seed 1 --report "$work/probe-simulate.html"
  shot probe-simulate "$work/probe-simulate.html"
fi
if kind probe-localize root; then
  sonde probe plan --topology fattree:4 --strategy all-pairs --inflation 0.25 --out "$work/plan"
  sonde probe testbed up --topology fattree:4 --name shots
  rc=0
  sonde probe agent --topology fattree:4 --name shots --plan "$work/plan/plan.json" --round 0s --pings 5 --rate 3000 \
    --down 'agg2-1->edge2-0' --results "$work/probes.csv" || rc=$?
  sonde probe testbed down --name shots
  (( rc == 0 )) || exit "$rc"
  sonde probe localize --topology fattree:4 --results "$work/probes.csv" --report "$work/probe-localize.html"
  shot probe-localize "$work/probe-localize.html"
fi
if kind search-run -; then
  sonde search run --target sim:f-like --budget 2h --seed 1 --report "$work/search-run.html"
  shot search-run "$work/search-run.html"
fi
if kind search-compare -; then
  sonde search compare --target sim:f-like --methods random,collie --budget 2h --seeds 2 --report "$work/search-compare.html"
  shot search-compare "$work/search-compare.html"
fi

echo "${#done_kinds[@]} report kinds rendered into $shots"
for s in "${skipped[@]+"${skipped[@]}"}"; do echo "skipped: $s"; done
