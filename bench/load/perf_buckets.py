"""Sorts the samples of a whole-machine `perf record -g` into where the time went, per process.

Reads `perf script -F comm,pid,tid,cpu,ip,sym,dso` (call chains, leaf first) on stdin and writes a JSON
object: {"samples": N, "processes": {name: {bucket: samples}}}. A process is named "client" or "server"
when its pid is one given, "idle" for pid 0, "ksoftirqd" for the kernel's softirq threads (the veth path
the kernel deferred, whoever's frames it carried) and "other" for the rest of the machine.

A kernel sample goes to the first bucket whose functions appear anywhere in its chain, in the order of
KERNEL: the packet sockets' receive path before the generic softirq path it runs inside, that before
the transmit path (a send() runs the peer's softirq when it re-enables bottom halves). A user-space
sample goes to the area of the first Sonde frame of its chain (a JDK method or stub inlined into or
called from Sonde code counts as the caller's); JIT-compiled frames carry only the compiled method's
name, so a small method inlined into its caller counts as the caller.
    python3 perf_buckets.py CLIENT_PID SERVER_PID < perf-script.txt > buckets.json
"""
import json
import re
import sys

KERNEL = [
    ("kernel: packet socket receive (tpacket_rcv, fanout BPF, copy into the ring)",
     ("tpacket_rcv", "packet_rcv", "packet_rcv_fanout", "fanout_demux", "bpf_prog_run", "run_filter",
      # the fanout program's loads, whose JIT-compiled caller has no frame to walk past
      "bpf_skb_load_helper_8", "bpf_skb_load_helper_16", "bpf_skb_load_helper_32")),
    ("kernel: softirq receive (net_rx_action, backlog, __netif_receive_skb, skb free)",
     ("net_rx_action", "process_backlog", "__netif_receive_skb", "netif_receive_skb", "__do_softirq", "handle_softirqs", "do_softirq")),
    ("kernel: transmit (tpacket_snd, skb alloc and copy, veth_xmit)",
     ("tpacket_snd", "packet_sendmsg", "packet_snd", "veth_xmit", "dev_queue_xmit", "packet_xmit", "dev_direct_xmit")),
    ("kernel: poll, sleep and scheduling",
     ("do_sys_poll", "__x64_sys_poll", "__x64_sys_ppoll", "do_futex", "futex_wait", "hrtimer_nanosleep",
      "schedule", "__schedule", "finish_task_switch", "pick_next_task")),
    ("kernel: system call entry and exit (send, poll, getsockopt)",
     ("entry_SYSCALL_64", "do_syscall_64", "syscall_exit_to_user_mode", "__sys_sendto", "__x64_sys_sendto", "__sys_getsockopt")),
]
KERNEL_OTHER = "kernel: other (interrupts, timers, page faults)"

SONDE = [
    ("Sonde: ring handling and system calls (PacketSocket, Sys)", ("PacketSocket", "Sys")),
    ("Sonde: socket table", ("SocketTable",)),
    ("Sonde: frames and checksums (Frames)", ("Frames",)),
    ("Sonde: TCP state machine (ClientStack, ServerStack, Stack)", ("ClientStack", "ServerStack", "Stack", "TcpState")),
    ("Sonde: worker loop and pacing (UserspaceEngine, LaunchPacer)", ("UserspaceEngine", "LaunchPacer", "LaunchSchedule")),
    ("Sonde: statistics (WorkerStats)", ("WorkerStats", "stats.")),
]
SONDE_OTHER = "Sonde: other code"
JIT = "JVM: JIT compiler threads"
GC = "JVM: GC and VM threads"
INTERPRETER = "JVM: interpreter"
JVM_OTHER = "JVM and JDK: other (runtime, JDK code outside Sonde's frames, native stubs)"

HEADER = re.compile(r"^(?P<comm>.+?)\s+(?P<pid>\d+)/(?P<tid>\d+)\s+\[(?P<cpu>\d+)\]")
FRAME = re.compile(r"^\s+([0-9a-f]+)\s+(?P<sym>.*?)\s+\((?P<dso>[^)]*)\)\s*$")


def classify(comm, frames):
    """frames: [(symbol, dso)], leaf first."""
    if not frames:
        return KERNEL_OTHER
    leaf_sym, leaf_dso = frames[0]
    if leaf_dso.startswith("[kernel"):
        syms = [s.split("+")[0] for s, d in frames if d.startswith("[kernel")]
        for bucket, names in KERNEL:
            if any(s in names for s in syms):
                return bucket
        return KERNEL_OTHER
    if comm.startswith(("C1 CompilerThre", "C2 CompilerThre")):
        return JIT
    if comm.startswith(("GC Thread", "ParGC", "G1 ", "VM Thread", "VM Periodic")):
        return GC
    for sym, dso in frames:
        if "org.sonde" in sym or "org/sonde" in sym:
            for bucket, names in SONDE:
                if any(re.search(r"[./]" + re.escape(n) + r"(?:[.:$;]|$)", sym) for n in names):
                    return bucket
            return SONDE_OTHER
    if leaf_sym.startswith("Interpreter"):
        return INTERPRETER
    return JVM_OTHER


def main():
    client, server = sys.argv[1], sys.argv[2]
    names = {client: "client", server: "server", "0": "idle"}
    out = {}
    total = 0

    def flush(head, frames):
        nonlocal total
        if head is None:
            return
        comm, pid = head
        process = names.get(pid) or ("ksoftirqd" if comm.startswith("ksoftirqd") else "other")
        bucket = "idle" if process == "idle" else classify(comm, frames)
        per = out.setdefault(process, {})
        per[bucket] = per.get(bucket, 0) + 1
        total += 1

    head, frames = None, []
    for line in sys.stdin:
        if not line.strip():
            continue
        m = HEADER.match(line)
        if m and not line[0].isspace():
            flush(head, frames)
            head, frames = (m["comm"].strip(), m["pid"]), []
            continue
        f = FRAME.match(line)
        if f:
            frames.append((f["sym"], f["dso"]))
    flush(head, frames)
    json.dump({"samples": total, "processes": out}, sys.stdout, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
