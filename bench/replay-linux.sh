#!/usr/bin/env bash
# DETER on real Linux hosts (replay/, sonde replay linux; needs root and bpftrace): request/response connections
# between two namespaces, recorded with the eBPF recorder, captured, replayed alone in sim's Linux-like TCP and
# compared with the capture: CONNECTIONS (default 200) with LOSS (default 0.02) of each direction's non-SYN segments
# dropped by nftables, and CLEAN (default 100) without loss. Writes the "replay-linux" section of BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
CONNECTIONS="${CONNECTIONS:-200}" LOSS="${LOSS:-0.02}" CLEAN="${CLEAN:-100}" SEED="${SEED:-1}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
./sonde --version >/dev/null
/usr/bin/time -f "%e" -o "$tmp/lossy.time" ./sonde replay linux --connections "$CONNECTIONS" --loss "$LOSS" --seed "$SEED" --out "$tmp/lossy" \
  --json "$tmp/lossy.json" >/dev/null 2>&1
/usr/bin/time -f "%e" -o "$tmp/clean.time" ./sonde replay linux --connections "$CLEAN" --loss 0 --seed "$SEED" --out "$tmp/clean" \
  --json "$tmp/clean.json" >/dev/null 2>&1

python3 - "$tmp" "$CONNECTIONS" "$LOSS" "$CLEAN" "$SEED" <<'PY'
import json, os, subprocess, sys
sys.path.insert(0, "bench")
from benchmarks_md import write_section
tmp, n, loss, clean, seed = sys.argv[1:6]
bpftrace = subprocess.run(["bpftrace", "--version"], capture_output=True, text=True).stdout.strip()
runs = [("lossy", f"{float(loss) * 100:g} %"), ("clean", "0")]
res = {name: json.load(open(f"{tmp}/{name}.json")) for name, _ in runs}
kernel = res["lossy"]["kernel"]
def us(v):
    return "-" if v is None else f"{v / 1000:,.1f} µs"
lines = ["## DETER on real Linux hosts: eBPF recording, replay in sim's TCP, agreement with the capture (issue 17, item 7)", "",
         f"Command: `sudo bench/replay-linux.sh` (CONNECTIONS={n}, LOSS={loss}, CLEAN={clean}, SEED={seed}): `sonde replay linux --connections N "
         f"--loss SHARE --seed {seed}`. {kernel}, {bpftrace}, {os.cpu_count()} cores shared with other work. Two namespaces joined by a veth pair "
         "(offloads off, cubic), request/response connections four at a time (requests 100 B-20 kB, responses 1-151 kB); nftables rules at "
         "prerouting drop each direction's non-SYN segments at random; the recorder is bpftrace on tracepoints (no kernel patch, no kprobes); "
         "the capture is AF_PACKET on both interfaces (what arrives, before the rules). A connection is identical in a direction when the replay's "
         "sequence of (seq, ack, flags, payload length) relative to the kernel's initial sequence numbers equals the capture's, PSH aside; "
         "PSH and the window field are counted apart (the model places PSH by another rule and does not grow its receive window as Linux does); "
         "checksums, IP ids and timestamp values are not compared. Send-time error: the replayed packet's time at the capture point against the "
         "captured one, over the packets before each direction's first divergence.", "",
         "| loss | connections run / recorded / replayed | identical both ways | client→server | server→client | with PSH and windows | packets captured / replayed / compared | PSH differs / window differs | send-time error median / p99 / max | drops | kernel retransmissions | calls the model refused | wall s |",
         "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
for name, label in runs:
    a = res[name]
    t = open(f"{tmp}/{name}.time").read().strip()
    r = a["connectionsReplayed"]
    pct = lambda v: f"{v} ({100 * v / r:.0f} %)" if r else str(v)
    lines.append(f"| {label} | {a['connectionsRun']} / {a['connectionsRecorded']} / {r} | {pct(a['identical'])} | {pct(a['identicalFromClient'])} "
                 f"| {pct(a['identicalFromServer'])} | {pct(a['identicalStrictly'])} | {a['packetsCaptured']:,} / {a['packetsReplayed']:,} / {a['packetsCompared']:,} "
                 f"| {a['pshDiffers']:,} / {a['windowDiffers']:,} | {us(a['sendTimeErrorMedianNanos'])} / {us(a['sendTimeErrorP99Nanos'])} / {us(a['sendTimeErrorMaxNanos'])} "
                 f"| {a['drops']:,} | {a['kernelRetransmissions']:,} | {a['refusedCalls']:,} | {t} |")
lines += ["", "Where each connection first departs (the earlier of its two directions' first divergences), by direction and cause:", "",
          "| loss | divergence | connections |", "| --- | --- | --- |"]
for name, label in runs:
    for cause, count in sorted(res[name]["divergencesByCause"].items(), key=lambda e: -e[1]):
        lines.append(f"| {label} | {cause} | {count} |")
notes = sorted(set(res["lossy"]["modelNotes"]))
lines += ["", "What the model does not follow of the namespaces' settings: " + "; ".join(notes) + "."]
import gzip
rec, cap = (open(f"{tmp}/lossy/{f}", "rb").read() for f in ("recording.json", "capture.pcapng"))
lines += ["", f"The recording ({n} connections at {float(loss) * 100:g} % loss) is `recording.json`: {len(rec):,} B, {len(gzip.compress(rec)):,} B gzipped, "
          f"against the capture's {len(cap):,} B ({len(gzip.compress(cap)):,} B gzipped) of whole frames; it is JSON, not yet DETER's byte streams."]
lines += ["", "The divergences are findings about sim's TCP, with the kernel mechanism where it is traced:", "",
          "- **ACKs (client→server, most connections):** Linux 6.18's `tcp_grow_window` sets `icsk_ack.quick |= 1` each time it raises "
          "`rcv_ssthresh`, so while the receive window grows the quick-ACK budget is not spent: traced with bpftrace on `tcp:tcp_probe` "
          "(`icsk_ack.quick` read through BTF), `quick` stays 16 for the response's first 5 segments and only then counts down, so the "
          "kernel ACKs every segment about 20 times where the model, which has no `rcv_ssthresh`, spends its 16 quick ACKs and then ACKs "
          "every other segment. Named, not fixed: the fix is the receive window's growth (`rcv_ssthresh`, `tcp_grow_window`, the "
          "skb truesize ratio), which also gives the window field.",
          "- **PSH:** within one large write the kernel's PSH falls every 5 full segments (7,240 B) in these runs; the model sets PSH "
          "on a segment that empties its send queue. The kernel's rule behind the 5 segments is not traced yet (not the force push at "
          "`max_window`/2: a bpftrace read of `max_window` gives 64 KB). Fixed in `sim.tcp` (`Sender`): a retransmission keeps the "
          "segment's PSH, as Linux's skb keeps its flags, where the model set PSH on every retransmission.",
          "- **Window field:** the model advertises its whole buffer (no `rcv_ssthresh`, no autotuning); the kernel starts near 64 KB "
          "(scale 10) and grows it.",
          "- **Retransmissions (server→client):** where the capture shows a retransmission the replay has not sent yet (or the other "
          "way round), the ACKs that reach the sender differ first (the ACK finding above), so loss detection (RACK, TLP, RTO) runs "
          "on other input; the connections whose first departure is a retransmission are counted above. The kernel also "
          "retransmitted a few segments in the clean run, where nothing was dropped (spurious retransmissions, counted by "
          "`tcp:tcp_retransmit_skb`)."]
write_section("BENCHMARKS.md", "replay-linux", lines)
PY
