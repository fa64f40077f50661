#!/usr/bin/env bash
# The reference for bench/inject-tcp.sh: CONNECTIONS x MB of bulk TCP between two namespaces routed
# through a middle box that forwards plainly (no queue, offloads off as in the injected run); prints the
# transfer's seconds on its last line. Needs root and iperf3.
set -euo pipefail
n="${1:-4}"; mb="${2:-64}"
command -v iperf3 >/dev/null || { echo "bench/inject/plain-forwarding.sh needs iperf3 (apt-get install iperf3)" >&2; exit 4; }
p="sonde-bench-$$"
cleanup() { for x in c m s; do ip netns delete "$p-$x" 2>/dev/null || true; done; }
trap cleanup EXIT
for x in c m s; do ip netns add "$p-$x"; ip -n "$p-$x" link set lo up; done
ip link add eth0 netns "$p-c" type veth peer name c0 netns "$p-m"
ip link add eth0 netns "$p-s" type veth peer name s0 netns "$p-m"
ip -n "$p-c" addr add 10.1.0.1/24 dev eth0; ip -n "$p-m" addr add 10.1.0.254/24 dev c0
ip -n "$p-s" addr add 10.2.0.1/24 dev eth0; ip -n "$p-m" addr add 10.2.0.254/24 dev s0
for pair in "c eth0" "m c0" "m s0" "s eth0"; do set -- $pair
  ip -n "$p-$1" link set dev "$2" up
  ip netns exec "$p-$1" ethtool -K "$2" tso off gso off gro off tx off rx off >/dev/null
done
ip -n "$p-c" route add default via 10.1.0.254; ip -n "$p-s" route add default via 10.2.0.254
ip netns exec "$p-m" sysctl -q -w net.ipv4.ip_forward=1
ip netns exec "$p-s" iperf3 -s -1 -D -B 10.2.0.1 >/dev/null
sleep 0.5
ip netns exec "$p-c" iperf3 -c 10.2.0.1 -P "$n" -n "$((n * mb))M" -J | python3 -c 'import json,sys; print(json.load(sys.stdin)["end"]["sum_received"]["seconds"])'
