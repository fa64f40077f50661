# Sourced by bench/load-userspace.sh and bench/load-userspace-ab.sh: two network namespaces joined by a veth pair
# (veth-a in $ns_a, veth-b in $ns_b), removed on exit with the server still running ($server_pid) stopped first.
# usage: veth_pair NAME_PREFIX
veth_pair() {
  ns_a="$1-a"; ns_b="$1-b"
  server_pid=""
  trap veth_pair_cleanup EXIT INT TERM
  ip netns add "$ns_a"; ip netns add "$ns_b"
  ip link add veth-a netns "$ns_a" type veth peer name veth-b netns "$ns_b"
  local end
  for end in "$ns_a veth-a" "$ns_b veth-b"; do
    set -- $end
    ip -n "$1" link set lo up; ip -n "$1" link set "$2" up
  done
}

veth_pair_cleanup() {
  [ -n "$server_pid" ] && kill -TERM "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
  ip netns delete "$ns_a" 2>/dev/null || true
  ip netns delete "$ns_b" 2>/dev/null || true
}

# The port's namespace no longer routes and drops every frame the packet sockets already took: a netdev ingress
# chain drops them after the sockets have their copies (KERNEL_STACK=0). usage: ingress_drop NAMESPACE DEVICE on|off
ingress_drop() {
  ip netns exec "$1" nft delete table netdev sonde_port 2>/dev/null || true
  if [ "$3" = on ]; then
    printf 'table netdev sonde_port {\n chain ingress {\n  type filter hook ingress device %s priority 0; policy drop;\n }\n}\n' "$2" \
      | ip netns exec "$1" nft -f -
  fi
}
