# Sourced by ./run-tests (and so by CI): what the tagged test groups need from the machine.
# Each group is installed where it can be (root with apt-get, idempotently, saying so), or the
# run stops at once naming the package to install or the variable that skips the group:
#   tshark    Wireshark's tshark (Wireshark-agreement tests)            SONDE_SKIP_TSHARK=1
#   netns     root, iproute2, ethtool, iptables, nftables,               SONDE_SKIP_NETNS=1
#             libnetfilter-queue1 and bpftrace (with tracefs mounted)
#             (tests on network namespaces, veth links, netfilter queues and the eBPF recorder)
#   datasets  ../shared/datasets beside the checkout, or SONDE_DATASETS SONDE_SKIP_DATASETS=1
#   chromium  Debian's chromium (reports rendered headless: verdict on   SONDE_SKIP_CHROMIUM=1
#             the first screen, no empty chart)

sonde_can_install() {
  [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1
}

sonde_apt_updated=0
# sonde_install PACKAGE WHY: installs a Debian package, or returns 1 when this machine cannot
sonde_install() {
  sonde_can_install || return 1
  echo "run-tests: installing $1 ($2)" >&2
  export DEBIAN_FRONTEND=noninteractive
  if [ "$sonde_apt_updated" = 0 ]; then apt-get update -qq >/dev/null && sonde_apt_updated=1; fi
  apt-get install -y -qq --no-install-recommends "$1" >/dev/null
}

# sonde_missing GROUP WHAT HOW VARIABLE: stops the run, saying how to go on
sonde_missing() {
  echo "run-tests: the tests tagged $1 need $2, which is missing here." >&2
  echo "hint: $3, or set $4=1 to skip those tests." >&2
  exit 4
}

if [ "${SONDE_SKIP_TSHARK:-0}" != 1 ] && ! command -v tshark >/dev/null 2>&1; then
  # tshark's package asks whether non-root users may capture; the answer does not matter here
  if sonde_can_install; then echo "wireshark-common wireshark-common/install-setuid boolean false" | debconf-set-selections; fi
  sonde_install tshark "Wireshark's dissectors, for the tests tagged tshark" \
    || sonde_missing tshark "Wireshark's tshark" "install it (apt-get install tshark)" SONDE_SKIP_TSHARK
fi

if [ "${SONDE_SKIP_NETNS:-0}" != 1 ]; then
  [ "$(id -u)" = 0 ] || sonde_missing netns "root (they create network namespaces and veth pairs)" "run as root" SONDE_SKIP_NETNS
  command -v ip >/dev/null 2>&1 || sonde_install iproute2 "the ip command, for the tests tagged netns" \
    || sonde_missing netns "the ip command" "install it (apt-get install iproute2)" SONDE_SKIP_NETNS
  command -v ethtool >/dev/null 2>&1 || sonde_install ethtool "offloads off on veth links, for the tests tagged netns" \
    || sonde_missing netns "ethtool" "install it (apt-get install ethtool)" SONDE_SKIP_NETNS
  command -v iptables >/dev/null 2>&1 || sonde_install iptables "NFQUEUE rules (this kernel's nftables has no queue expression)" \
    || sonde_missing netns "iptables" "install it (apt-get install iptables)" SONDE_SKIP_NETNS
  command -v nft >/dev/null 2>&1 || sonde_install nftables "lossy links in the probe agents' tests (numgen random drops)" \
    || sonde_missing netns "nft" "install it (apt-get install nftables)" SONDE_SKIP_NETNS
  ldconfig -p 2>/dev/null | grep -q 'libnetfilter_queue\.so\.1' || sonde_install libnetfilter-queue1 "the netfilter queue library, for the injector's tests" \
    || sonde_missing netns "libnetfilter_queue.so.1" "install it (apt-get install libnetfilter-queue1)" SONDE_SKIP_NETNS
  command -v bpftrace >/dev/null 2>&1 || sonde_install bpftrace "the eBPF recorder of real connections (sonde replay linux)" \
    || sonde_missing netns "bpftrace" "install it (apt-get install bpftrace)" SONDE_SKIP_NETNS
  # the kernel's tracepoints are found in tracefs, which this kernel does not mount by default
  if [ ! -d /sys/kernel/tracing/events ]; then
    echo "run-tests: mounting tracefs at /sys/kernel/tracing (the eBPF recorder's tracepoints)" >&2
    mount -t tracefs nodev /sys/kernel/tracing \
      || sonde_missing netns "tracefs mounted" "mount it (mount -t tracefs nodev /sys/kernel/tracing)" SONDE_SKIP_NETNS
  fi
fi

if [ "${SONDE_SKIP_CHROMIUM:-0}" != 1 ] && ! command -v chromium >/dev/null 2>&1; then
  sonde_install chromium "a headless browser, for the tests tagged chromium (reports as readers see them)" \
    || sonde_missing chromium "Debian's chromium" "install it (apt-get install chromium)" SONDE_SKIP_CHROMIUM
fi

if [ "${SONDE_SKIP_DATASETS:-0}" != 1 ]; then
  sonde_datasets="${SONDE_DATASETS:-$root/../shared/datasets}"
  [ -d "$sonde_datasets" ] || sonde_missing datasets "the shared datasets at $sonde_datasets" \
    "put the shared directory beside the checkout or point SONDE_DATASETS at it" SONDE_SKIP_DATASETS
fi
