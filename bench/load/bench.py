"""Driver of bench/load-vs-wrk.sh: runs each scenario RUNS times, measures CPU from /proc and
wait4, and writes the "load-vs-wrk" section of BENCHMARKS.md (medians, ratios, commands)."""
import argparse
import datetime
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

from benchmarks_md import write_section

TICK = os.sysconf("SC_CLK_TCK")
BODY = "Hello, dperf!\\n"  # 14 bytes, dperf's default response body size
KEEPALIVE_PORT, SONDE_PORT, CLOSE_PORT = 18480, 18481, 18490
# the servers again with TCP_DEFER_ACCEPT on their listeners: nginx's "listen ... deferred", sonde's --defer-accept
DEFERRED_NGINX_PORT, DEFERRED_SONDE_PORT = 18482, 18483
# the closing server listens on 8 ports: dperf's socket check wants cps x RTO source/destination
# pairs, and one destination offers only the kernel's ~28 k ephemeral ports (dperf: "listen Port N")
CLOSE_PORTS = 8


def log(*a):
    print(*a, file=sys.stderr, flush=True)


def proc_cpu_seconds(pid):
    """utime + stime of one process (its threads included) from /proc/PID/stat."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def cpu_jiffies():
    """(busy, steal) seconds of the whole machine so far, from /proc/stat: what others took, and the host."""
    f = [int(x) for x in open("/proc/stat").readline().split()[1:]]
    user, nice, system, idle, iowait, irq, softirq, steal = f[:8]
    return (user + nice + system + irq + softirq) / TICK, steal / TICK


def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def slab_kb():
    with open("/proc/meminfo") as f:
        for line in f:
            if line.startswith("Slab:"):
                return int(line.split()[1])
    return 0


def run_measured(cmd, sample=None):
    """Runs cmd; returns (stdout, stderr, cpu seconds of the process tree from wait4, samples)."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    samples = []
    stop = threading.Event()

    def sampler():
        while not stop.is_set():
            try:
                samples.append((time.monotonic(), sample(p.pid)))
            except (FileNotFoundError, ProcessLookupError):
                return
            time.sleep(0.1)

    t = threading.Thread(target=sampler, daemon=True) if sample else None
    if t:
        t.start()
    out_chunks, err_chunks = [], []
    to = threading.Thread(target=lambda: out_chunks.append(p.stdout.read()), daemon=True)
    te = threading.Thread(target=lambda: err_chunks.append(p.stderr.read()), daemon=True)
    to.start()
    te.start()
    _, status, ru = os.wait4(p.pid, 0)
    stop.set()
    to.join()
    te.join()
    p.returncode = os.waitstatus_to_exitcode(status)
    return "".join(out_chunks), "".join(err_chunks), ru.ru_utime + ru.ru_stime, samples, p.returncode


class Nginx:
    def __init__(self, d, cpu):
        self.dir = os.path.join(d, "nginx")
        os.makedirs(os.path.join(self.dir, "logs"), exist_ok=True)
        conf = os.path.join(self.dir, "nginx.conf")
        with open(conf, "w") as f:
            f.write(f"""worker_processes 1;
worker_rlimit_nofile 20000;
daemon off;
user root;
pid {self.dir}/nginx.pid;
error_log {self.dir}/logs/error.log;
events {{ worker_connections 19000; multi_accept on; }}
http {{
  access_log off;
  default_type text/plain;
  keepalive_requests 1000000000;
  keepalive_timeout 300s;
  server {{ listen 127.0.0.1:{KEEPALIVE_PORT} backlog=4096 reuseport; location / {{ return 200 "{BODY}"; }} }}
  server {{ listen 127.0.0.1:{DEFERRED_NGINX_PORT} backlog=4096 reuseport deferred; location / {{ return 200 "{BODY}"; }} }}
  server {{ {" ".join(f"listen 127.0.0.1:{CLOSE_PORT + i} backlog=4096 reuseport;" for i in range(CLOSE_PORTS))}
           keepalive_timeout 0; location / {{ return 200 "{BODY}"; }} }}
}}
""")
        self.cmd = ["taskset", "-c", str(cpu), "nginx", "-p", self.dir, "-c", conf]

    def __enter__(self):
        self.proc = subprocess.Popen(self.cmd)
        for _ in range(50):
            time.sleep(0.1)
            workers = subprocess.run(["pgrep", "-P", str(self.proc.pid)], capture_output=True, text=True).stdout.split()
            if workers:
                self.worker = int(workers[0])
                return self
        raise SystemExit("nginx did not start; see " + self.dir + "/logs/error.log")

    def __exit__(self, *a):
        self.proc.terminate()
        self.proc.wait()


class SondeServer:
    def __init__(self, root, cpu, port=SONDE_PORT, options=()):
        self.port = port
        self.cmd = ["taskset", "-c", str(cpu), f"{root}/sonde", "load", "server", "--listen", f"127.0.0.1:{port}",
                    "--cpu", str(cpu), "--quiet", *options]

    def __enter__(self):
        self.proc = subprocess.Popen(self.cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # until it listens: a busy machine can take well over the usual second to start the JVM
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and self.proc.poll() is None:
            try:
                # a deferred listener hands the probe over only after a second: the connect is what tells it listens
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                time.sleep(0.2)
        self.proc.kill()
        raise SystemExit("sonde load server did not start listening on port %d" % self.port)

    def pid(self):
        # the launcher execs java, so the child is the JVM
        return self.proc.pid

    def __exit__(self, *a):
        # SIGTERM stops the server as cleanly as Ctrl-C, and unlike SIGINT it is not ignored when this script
        # runs as a background job (a shell starts those with SIGINT ignored, and the JVM keeps it so)
        self.proc.send_signal(15)
        self.proc.wait()


def wrk(args, cpu, duration, url, headers=()):
    cmd = ["taskset", "-c", str(cpu), "wrk", "-t1", "-c64", f"-d{duration}s", "--latency"]
    for h in headers:
        cmd += ["-H", h]
    cmd.append(url)
    out, err, cpu_s, _, code = run_measured(cmd)
    if code != 0:
        raise SystemExit("wrk failed: " + err)
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    total = int(re.search(r"(\d+) requests in", out).group(1))
    errors = re.search(r"Socket errors: (.*)", out)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    lat = {}
    for p, v, unit in re.findall(r"\s(50|99)%\s+([\d.]+)(us|ms|s)\s", out):
        lat[p] = float(v) * {"us": 1, "ms": 1000, "s": 1e6}[unit]
    return {"rps": rps, "requests": total, "cpu": cpu_s, "p50": lat.get("50"), "p99": lat.get("99"),
            "errors": (errors.group(1).strip() if errors else "none") + (f", non-2xx {non2xx.group(1)}" if non2xx else ""),
            "command": " ".join(cmd[3:])}


def sonde(args, conf_text, name, sample=None):
    conf = os.path.join(args.dir, name + ".conf")
    with open(conf, "w") as f:
        f.write(conf_text)
    out_json = os.path.join(args.dir, name + ".json")
    cmd = ["taskset", "-c", str(args.gen_cpu), f"{args.root}/sonde", "load", "run", conf, "--json", out_json]
    out, err, cpu_s, samples, code = run_measured(cmd, sample)
    if code not in (0, 1):
        raise SystemExit(f"sonde load run failed ({code}): {err[-2000:]}")
    r = json.load(open(out_json))
    worker_cpu = sum(sum(s["cpuPercent"]) for s in r["perSecond"]) / 100
    return {"rps": r["requestsPerSecond"], "cps": r["connectionsPerSecond"], "requests": r["requests"], "cpu": cpu_s,
            "workerCpu": worker_cpu, "p50": r["latencyMicros"]["p50"], "p99": r["latencyMicros"]["p99"],
            "errors": r["errors"], "opened": r["connectionsOpened"], "maxConcurrent": r["maxConcurrent"],
            "skipped": r["launchesSkipped"], "samples": samples, "conf": conf_text, "result": r}


# Sonde runs dperf's timeline: the JVM warms up during a slow start, and the rates are of the duration after it
RAMP = 10


def head_to_head(args, conf_text, name, url, headers, counter):
    """wrk and Sonde at the same time on the same CPU. The scheduler shares the core between the two busy threads,
    so a change of the machine's speed hits both alike, and the ratio of their rates is the ratio of what one
    connection or request costs each. Sonde's rate is taken over its seconds that lie wholly inside wrk's run."""
    conf = os.path.join(args.dir, name + ".conf")
    with open(conf, "w") as f:
        f.write(conf_text)
    out_json = os.path.join(args.dir, name + ".json")
    p = subprocess.Popen(["taskset", "-c", str(args.gen_cpu), f"{args.root}/sonde", "load", "run", conf, "--json", out_json],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    time.sleep(RAMP + 1.5)  # the JVM's start and Sonde's warm-up (slow start) are over
    w0 = time.time()
    w = wrk(args, args.gen_cpu, args.duration, url, headers)
    w1 = time.time()
    err = p.communicate()[1]
    if p.returncode not in (0, 1):
        raise SystemExit(f"sonde load run failed ({p.returncode}): {err[-2000:]}")
    r = json.load(open(out_json))
    start = datetime.datetime.fromisoformat(r["startedAt"].replace("Z", "+00:00")).timestamp()
    inside = [x["counters"].get(counter, 0) for x in r["perSecond"]
              if x["phase"] == "duration" and start + x["seconds"] - 1 >= w0 + 0.5 and start + x["seconds"] <= w1 - 0.5]
    if len(inside) < args.duration - 3:
        raise SystemExit(f"head to head: only {len(inside)} of Sonde's seconds fell inside wrk's run; see {out_json}")
    return {"wrk": w["rps"], "sonde": statistics.mean(inside), "seconds": len(inside), "errors": r["errors"], "wrkErrors": w["errors"]}


def client_conf(args, port, lines, duration=None, wait=0, ports=1, ramp=RAMP):
    return (f"mode client\nprotocol http\nserver 127.0.0.1 1\nlisten {port} {ports}\ncpu {args.gen_cpu}\n"
            f"duration {duration or args.duration}s\nwait {wait}\nslow_start {ramp}\nquiet\n" + lines)


def median_of(runs, key):
    vals = [r[key] for r in runs if r.get(key) is not None]
    return statistics.median(vals) if vals else None


def machine_state():
    load = open("/proc/loadavg").read().split()[:3]
    return {"load": " ".join(load), "mavenProcesses": maven_processes()}


def maven_processes():
    """Other people's builds (Maven and its forked test JVMs) running now."""
    out = subprocess.run(["pgrep", "-fc", "org.codehaus.plexus.classworlds|surefirebooter"], capture_output=True, text=True).stdout.strip()
    return int(out or 0)


class BusyWatch:
    """Samples every 2 s whether another build runs beside the benchmark."""

    def __init__(self):
        self.seen = 0
        self.samples = 0
        self.stop = threading.Event()
        threading.Thread(target=self.run, daemon=True).start()

    def run(self):
        while not self.stop.wait(2):
            self.samples += 1
            if maven_processes() > 0:
                self.seen += 1


def main():
    ap = argparse.ArgumentParser()
    for a in ["root", "dir", "netty", "java"]:
        ap.add_argument("--" + a, required=True)
    for a, d in [("duration", 10), ("runs", 3), ("idle", 9000), ("gen-cpu", 0), ("srv-cpu", 1)]:
        ap.add_argument("--" + a, type=int, default=d)
    ap.add_argument("--report-only", action="store_true")
    ap.add_argument("--server-only", action="store_true", help="only Sonde's server against nginx (its own section)")
    args = ap.parse_args()
    if args.report_only:
        server_saved = os.path.join(args.dir, "server-results.json")
        if os.path.exists(server_saved):
            saved = json.load(open(server_saved))
            args.runs = len(saved["results"]["ka_nginx"])
            write_server(args, saved["results"], saved["machine"])
        if not os.path.exists(os.path.join(args.dir, "results.json")):
            return
        saved = json.load(open(os.path.join(args.dir, "results.json")))
        args.runs = len(saved["results"]["s1_wrk"])  # the runs that were made, whatever RUNS says now
        write(args, saved["results"], saved["machine"])
        return
    if args.server_only:
        run_server(args)
        return
    states = [machine_state()]
    watch = BusyWatch()
    res = {}
    n = args.runs
    with Nginx(args.dir, args.srv_cpu) as nginx:
        def nginx_cpu(fn):
            before = proc_cpu_seconds(nginx.worker)
            busy, steal = cpu_jiffies()
            r = fn()
            r["serverCpu"] = proc_cpu_seconds(nginx.worker) - before
            busy2, steal2 = cpu_jiffies()
            # what neither the generator nor the server used: other processes (and the kernel's own work)
            r["otherCpu"] = max(0.0, busy2 - busy - r["cpu"] - r["serverCpu"])
            r["steal"] = steal2 - steal
            return r

        # S1: keepalive requests/s
        res["s1_wrk"], res["s1_sonde"] = [], []
        for i in range(n):
            log(f"S1 keepalive, run {i + 1}/{n}")
            res["s1_wrk"].append(nginx_cpu(lambda: wrk(args, args.gen_cpu, args.duration, f"http://127.0.0.1:{KEEPALIVE_PORT}/")))
            res["s1_sonde"].append(nginx_cpu(lambda: sonde(args, client_conf(args, KEEPALIVE_PORT, "cc 64\nkeepalive 0us\n"), "s1")))
        # S2: new connections/s, the server closing after each response
        res["s2_wrk"], res["s2_sonde"], res["s2_open"] = [], [], []
        for i in range(n):
            log(f"S2 connections, run {i + 1}/{n}")
            res["s2_wrk"].append(nginx_cpu(lambda: wrk(args, args.gen_cpu, args.duration, f"http://127.0.0.1:{CLOSE_PORT}/",
                                                       ["Connection: close"])))
            res["s2_sonde"].append(nginx_cpu(lambda: sonde(args, client_conf(args, CLOSE_PORT, "cc 64\ncps 100k\nkeepalive 1us 1\n", ports=CLOSE_PORTS), "s2")))
        # the same two workloads head to head: both generators on the generator's CPU at once
        res["h1"], res["h2"] = [], []
        long_run = args.duration + 4  # Sonde runs on past wrk's end; only its seconds inside wrk's run count
        for i in range(n):
            log(f"head to head, keepalive and connections, run {i + 1}/{n}")
            res["h1"].append(head_to_head(args, client_conf(args, KEEPALIVE_PORT, "cc 64\nkeepalive 0us\n", duration=long_run), "h1",
                                          f"http://127.0.0.1:{KEEPALIVE_PORT}/", [], "http2XX"))
            res["h2"].append(head_to_head(args, client_conf(args, CLOSE_PORT, "cc 64\ncps 100k\nkeepalive 1us 1\n", duration=long_run,
                                                            ports=CLOSE_PORTS), "h2", f"http://127.0.0.1:{CLOSE_PORT}/", ["Connection: close"], "skOpen"))
        target = int(median_of(res["s2_wrk"], "rps"))
        for i in range(n):
            log(f"S2 open loop at {target}/s, run {i + 1}/{n}")
            res["s2_open"].append(nginx_cpu(lambda: sonde(args, client_conf(args, CLOSE_PORT, f"cps {target}\n", ports=CLOSE_PORTS), "s2open")))
        # S3: idle connections held
        res["s3"] = []
        for i in range(n):
            log(f"S3 {args.idle} idle connections, run {i + 1}/{n}")
            slab_before = slab_kb()
            nginx_rss_before = rss_kb(nginx.worker)
            peak_slab = [slab_before]

            def sample(pid):
                peak_slab[0] = max(peak_slab[0], slab_kb())
                return rss_kb(pid)

            r = sonde(args, client_conf(args, KEEPALIVE_PORT, f"cc {args.idle}\ncps 3000\nkeepalive 60s\n",
                                        duration=max(6, args.idle // 3000 + 4), wait=2, ramp=0), "s3", sample)
            # the JVM's resident memory before any connection (the wait phase) and with all held
            base = [v for t, v in r["samples"] if t - r["samples"][0][0] > 1.0 and t - r["samples"][0][0] < 1.8]
            r["rssBaseKb"] = statistics.median(base) if base else r["samples"][0][1]
            r["rssPeakKb"] = max(v for _, v in r["samples"])
            r["slabDeltaKb"] = peak_slab[0] - slab_before
            r["nginxRssDeltaKb"] = rss_kb(nginx.worker) - nginx_rss_before
            del r["samples"]
            res["s3"].append(r)
        # engine choice: Netty transports against Sonde's engine (S1 above), same workload and target
        res["netty"] = {}
        for transport in ["epoll", "io_uring", "nio"]:
            res["netty"][transport] = []
            for i in range(n):
                log(f"engine choice: Netty {transport}, run {i + 1}/{n}")
                cmd = ["taskset", "-c", str(args.gen_cpu), args.java, "--enable-native-access=ALL-UNNAMED", "--sun-misc-unsafe-memory-access=allow",
                       "-cp", f"{args.netty}/*:{args.root}/load/target/classes", f"{args.root}/bench/load/NettyKeepaliveProbe.java",
                       transport, "127.0.0.1", str(KEEPALIVE_PORT), "64", str(args.duration), str(RAMP)]
                out, err, cpu_s, _, code = run_measured(cmd)
                line = [l for l in out.splitlines() if l.startswith("{")]
                if code != 0 or not line:
                    raise SystemExit(f"Netty probe failed: {err[-2000:]}")
                res["netty"][transport].append(json.loads(line[-1]))
    states.append(machine_state())
    watch.stop.set()
    states.append({"busySamples": watch.seen, "samples": watch.samples})
    for k, v in res.items():
        if isinstance(v, list):
            for r in v:
                r.pop("result", None)
                r.pop("samples", None)
    json.dump({"results": res, "machine": states}, open(os.path.join(args.dir, "results.json"), "w"), indent=1)
    write(args, res, states)
    run_server(args)


def wrk_on_server(args, url, pid, headers=(), duration=None):
    """One wrk run against a server process; adds the server's CPU over the run (from /proc)."""
    before = proc_cpu_seconds(pid)
    r = wrk(args, args.gen_cpu, duration or args.duration, url, headers)
    r["serverCpu"] = proc_cpu_seconds(pid) - before
    return r


def server_head_to_head(args, nginx_url, sonde_url, headers, nginx_pid, sonde_pid):
    """nginx and Sonde's server on the same CPU at the same time, each driven by its own wrk (both wrks on the
    generator's CPU): a change of the machine's speed hits both servers alike, so the ratio of their rates is the
    ratio of what a request (or a connection) costs each, CPU for CPU, as long as the servers, not the two wrks
    sharing the other CPU, are the bottleneck; each server's CPU per request over the same seconds tells either way."""
    out = {}
    threads = [threading.Thread(target=lambda k=k, u=u, pid=pid: out.__setitem__(k, wrk_on_server(args, u, pid, headers)))
               for k, u, pid in (("nginx", nginx_url, nginx_pid), ("sonde", sonde_url, sonde_pid))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if len(out) != 2:
        raise SystemExit("head to head: a wrk run failed")
    return {"nginx": out["nginx"]["rps"], "sonde": out["sonde"]["rps"],
            "nginxCpuPerRequest": out["nginx"]["serverCpu"] / max(1, out["nginx"]["requests"]),
            "sondeCpuPerRequest": out["sonde"]["serverCpu"] / max(1, out["sonde"]["requests"]),
            "nginxErrors": out["nginx"]["errors"], "sondeErrors": out["sonde"]["errors"]}


def run_server(args):
    """Sonde's server against nginx (worker_processes 1), wrk -t1 -c64 the client of both: keepalive requests and
    new connections (Connection: close), alternating and head to head on one core; writes its own section."""
    states = [machine_state()]
    watch = BusyWatch()
    res = {k: [] for k in ("ka_nginx", "ka_sonde", "cc_nginx", "cc_sonde", "ccd_nginx", "ccd_sonde", "h_ka", "h_cc", "h_ccd")}
    nginx_url, sonde_url = f"http://127.0.0.1:{KEEPALIVE_PORT}/", f"http://127.0.0.1:{SONDE_PORT}/"
    nginx_deferred, sonde_deferred = f"http://127.0.0.1:{DEFERRED_NGINX_PORT}/", f"http://127.0.0.1:{DEFERRED_SONDE_PORT}/"
    close = ["Connection: close"]
    with Nginx(args.dir, args.srv_cpu) as nginx, SondeServer(args.root, args.srv_cpu) as server, \
            SondeServer(args.root, args.srv_cpu, DEFERRED_SONDE_PORT, ["--defer-accept"]) as deferred:
        # warm-up: the JIT compiles both of the server's paths (nginx needs none, it runs as well)
        wrk(args, args.gen_cpu, 3, sonde_url)
        wrk(args, args.gen_cpu, 3, sonde_url, close)
        wrk(args, args.gen_cpu, 3, sonde_deferred, close)
        for i in range(args.runs):
            log(f"server: keepalive, alternating, run {i + 1}/{args.runs}")
            res["ka_nginx"].append(wrk_on_server(args, nginx_url, nginx.worker))
            res["ka_sonde"].append(wrk_on_server(args, sonde_url, server.pid()))
        for i in range(args.runs):
            log(f"server: new connections, alternating, run {i + 1}/{args.runs}")
            res["cc_nginx"].append(wrk_on_server(args, nginx_url, nginx.worker, close))
            res["cc_sonde"].append(wrk_on_server(args, sonde_url, server.pid(), close))
        for i in range(args.runs):
            log(f"server: new connections, both deferred, alternating, run {i + 1}/{args.runs}")
            res["ccd_nginx"].append(wrk_on_server(args, nginx_deferred, nginx.worker, close))
            res["ccd_sonde"].append(wrk_on_server(args, sonde_deferred, deferred.pid(), close))
        for i in range(args.runs):
            log(f"server: head to head on CPU {args.srv_cpu}, run {i + 1}/{args.runs}")
            res["h_ka"].append(server_head_to_head(args, nginx_url, sonde_url, (), nginx.worker, server.pid()))
            res["h_cc"].append(server_head_to_head(args, nginx_url, sonde_url, close, nginx.worker, server.pid()))
            res["h_ccd"].append(server_head_to_head(args, nginx_deferred, sonde_deferred, close, nginx.worker, deferred.pid()))
    states.append(machine_state())
    watch.stop.set()
    states.append({"busySamples": watch.seen, "samples": watch.samples})
    json.dump({"results": res, "machine": states}, open(os.path.join(args.dir, "server-results.json"), "w"), indent=1)
    write_server(args, res, states)


def pair_ratios(res, sonde_key, wrk_key, sonde_field="rps", wrk_field="rps"):
    """Sonde / wrk for each pair of runs made back to back: slow drifts of the machine cancel out."""
    return [a[sonde_field] / b[wrk_field] for a, b in zip(res[sonde_key], res[wrk_key]) if b[wrk_field]]


def fmt(v, digits=0):
    return "—" if v is None else f"{v:,.{digits}f}"


def write(args, res, states):
    m = lambda key, field: median_of(res[key], field)
    per_req = lambda key, cpu_field, count="requests": statistics.median([r[cpu_field] / r[count] * 1e6 for r in res[key] if r[count]])
    s1w, s1s = m("s1_wrk", "rps"), m("s1_sonde", "rps")
    s2w, s2s = m("s2_wrk", "rps"), m("s2_sonde", "cps")
    r1 = pair_ratios(res, "s1_sonde", "s1_wrk")
    r2 = pair_ratios(res, "s2_sonde", "s2_wrk", "cps")
    ratios = lambda rs: ", ".join(f"{x:.2f}" for x in rs)
    other = max(r.get("otherCpu", 0) for k in ("s1_wrk", "s1_sonde", "s2_wrk", "s2_sonde") for r in res[k])
    steal = max(r.get("steal", 0) for k in ("s1_wrk", "s1_sonde", "s2_wrk", "s2_sonde") for r in res[k])
    busy_samples, samples = states[-1]["busySamples"], states[-1]["samples"]
    busy = busy_samples > 0 or any(s["mavenProcesses"] > 0 for s in states[:-1])
    s3 = res["s3"]
    idle_held = median_of(s3, "maxConcurrent")
    rss_per = statistics.median([(r["rssPeakKb"] - r["rssBaseKb"]) * 1024 / max(1, r["maxConcurrent"]) for r in s3])
    slab_per = statistics.median([r["slabDeltaKb"] * 1024 / max(1, r["maxConcurrent"]) for r in s3])
    nginx_per = statistics.median([r["nginxRssDeltaKb"] * 1024 / max(1, r["maxConcurrent"]) for r in s3])
    d = args.duration
    lines = [
        "## Load generation: Sonde against wrk (dperf-class, kernel sockets)", "",
        f"Command: `bench/load-vs-wrk.sh` (DURATION={d} RUNS={args.runs} IDLE={args.idle}). Loopback, nginx 1.22 "
        f"`worker_processes 1` on CPU {args.srv_cpu}, the generator on CPU {args.gen_cpu} (`taskset`; Sonde's worker also pinned with `cpu`), "
        f"`return 200` with a 14-byte body. Each figure is the median of {args.runs} runs of {d} s. Sonde's rates are over its duration "
        f"phase, as dperf measures: after a {RAMP} s `slow_start` (the JVM's warm-up: its JIT compiles the hot path then), the "
        f"{d} s `duration`; wrk, in C, needs no warm-up and runs {d} s. Sonde's process CPU includes JVM start, JIT and the ramp "
        "(the worker thread's CPU is also given, from the per-second statistics). "
        f"Machine: 2 vCPUs, load average {states[0]['load']} before and {states[1]['load']} after; "
        + (f"**the machine was busy**: another engineer's Maven builds ran during {busy_samples} of {samples} 2-second samples, "
           "so absolute figures are noisy (the ratios less so: both tools ran under the same conditions, alternating)."
           if busy else f"no other build ran during the benchmark ({samples} samples, every 2 s)."), "",
        f"Runs alternate (wrk, then Sonde, {args.runs} times); the ratio is the median of the {args.runs} back-to-back pairs' "
        f"ratios (listed), which cancels the machine's slow drifts better than a ratio of medians. CPU taken by other processes "
        f"during a run: up to {other:.1f} s; hypervisor steal: up to {steal:.1f} s. Even so the machine's speed changes from run to run "
        f"(wrk alone: {fmt(min(r['rps'] for r in res['s1_wrk']))} to {fmt(max(r['rps'] for r in res['s1_wrk']))} keepalive requests/s), "
        "so single pairs scatter widely; the medians are the figures to read, and a quiet machine would narrow them.", "",
        "| scenario | wrk | Sonde | Sonde / wrk (per pair) |", "|---|---:|---:|---:|",
        f"| keepalive requests/s (wrk `-t1 -c64` / Sonde `cc 64`, `keepalive 0us`) | {fmt(s1w)} | {fmt(s1s)} | **{statistics.median(r1):.2f}×** ({ratios(r1)}) |",
        f"| new connections/s, server closes (wrk `-H 'Connection: close'` / Sonde `cc 64`, `keepalive 1us 1`) | {fmt(s2w)} | {fmt(s2s)} | **{statistics.median(r2):.2f}×** ({ratios(r2)}) |",
        f"| latency p50 / p99, keepalive (µs) | {fmt(m('s1_wrk', 'p50'))} / {fmt(m('s1_wrk', 'p99'))} | {fmt(m('s1_sonde', 'p50'))} / {fmt(m('s1_sonde', 'p99'))} | |",
        f"| generator CPU per keepalive request (µs, whole process) | {per_req('s1_wrk', 'cpu'):.2f} | {per_req('s1_sonde', 'cpu'):.2f} (worker thread {per_req('s1_sonde', 'workerCpu'):.2f}) | |",
        f"| nginx CPU per keepalive request (µs) | {per_req('s1_wrk', 'serverCpu'):.2f} | {per_req('s1_sonde', 'serverCpu'):.2f} | |",
        f"| generator CPU per new connection (µs, whole process) | {per_req('s2_wrk', 'cpu'):.2f} | {statistics.median([r['cpu'] / r['opened'] * 1e6 for r in res['s2_sonde']]):.2f} | |",
        f"| nginx CPU per new connection (µs) | {per_req('s2_wrk', 'serverCpu'):.2f} | {statistics.median([r['serverCpu'] / r['opened'] * 1e6 for r in res['s2_sonde']]):.2f} | |",
        f"| errors (wrk socket errors / Sonde skErr+httpErr), last run | {res['s1_wrk'][-1]['errors']}; {res['s2_wrk'][-1]['errors']} | {res['s1_sonde'][-1]['errors']}; {res['s2_sonde'][-1]['errors']} | |",
        "",
    ]
    if res.get("h1"):
        h = lambda key, f: [r[f] for r in res[key]]
        hr = lambda key: [r["sonde"] / r["wrk"] for r in res[key] if r["wrk"]]
        lines += [
            f"Head to head (the same workloads, wrk and Sonde at the same time, both on CPU {args.gen_cpu}, {args.runs} runs): the scheduler "
            "shares the core between the two busy generators, so the machine's speed swings hit both alike and the ratio of their rates "
            "is the ratio of what a request or a connection costs each, CPU for CPU. Sonde starts first and warms up for its slow start; "
            f"wrk then runs {d} s, and Sonde's rate is taken over its seconds wholly inside wrk's run.", "",
            "| scenario, same core at the same time | wrk | Sonde | Sonde / wrk (per run) |", "|---|---:|---:|---:|",
            f"| keepalive requests/s | {fmt(statistics.median(h('h1', 'wrk')))} | {fmt(statistics.median(h('h1', 'sonde')))} | "
            f"**{statistics.median(hr('h1')):.2f}×** ({ratios(hr('h1'))}) |",
            f"| new connections/s, server closes | {fmt(statistics.median(h('h2', 'wrk')))} | {fmt(statistics.median(h('h2', 'sonde')))} | "
            f"**{statistics.median(hr('h2')):.2f}×** ({ratios(hr('h2'))}) |",
            f"| errors, last run (wrk; Sonde) | {res['h1'][-1]['wrkErrors']}; {res['h2'][-1]['wrkErrors']} | {res['h1'][-1]['errors']}; {res['h2'][-1]['errors']} | |",
            "",
        ]
    lines += [
        f"Open loop (dperf's way, which wrk cannot do): Sonde `cps {int(s2w)}` (wrk's closed-loop rate) without keepalive held "
        f"{fmt(m('s2_open', 'cps'))} connections/s (median), p99 {fmt(m('s2_open', 'p99'))} µs, errors {res['s2_open'][-1]['errors']}, "
        f"launches skipped {res['s2_open'][-1]['skipped']}.", "",
        f"Concurrent idle connections (`cc {args.idle}`, `keepalive 60s`; wrk cannot hold idle connections, its connections are always busy): "
        f"Sonde held {fmt(idle_held)}; memory per connection: Sonde's JVM {rss_per:,.0f} B (RSS growth), kernel {slab_per:,.0f} B "
        f"(slab growth, both ends of the loopback connection), nginx {nginx_per:,.0f} B (RSS growth). The 20,000 open-file hard limit "
        "bounds both processes; past it, the user-space engine with dperf's 64-byte sockets holds a million connections "
        "(section \"Load: the user-space engine\", `bench/load-userspace.sh`).", "",
        f"Engine choice (same keepalive workload against nginx: 64 connections, one event loop thread pinned, responses parsed by "
        f"Sonde's `HttpResponseParser`; `bench/load/NettyKeepaliveProbe.java`, Netty 4.2.15.Final; like Sonde's, its rate is taken after a {RAMP} s warm-up):", "",
        "| engine | requests/s |", "|---|---:|",
    ]
    for t in ["epoll", "io_uring", "nio"]:
        lines.append(f"| Netty {t} | {fmt(statistics.median([r['requestsPerSecond'] for r in res['netty'][t]]))} |")
    netty = {t: statistics.median([r["requestsPerSecond"] for r in res["netty"][t]]) for t in res["netty"]}
    best = max(netty, key=netty.get)
    sonde_best = max(r["rps"] for r in res["s1_sonde"])
    if netty[best] > 1.05 * s1s:
        verdict = (f"In this run Netty's {best} transport measured {netty[best] / s1s - 1:.0%} above Sonde's median "
                   f"(Sonde's best run: {fmt(sonde_best)}); the machine's speed changes between runs, so a single probe run "
                   "decides little.")
    else:
        verdict = "Sonde's engine is within 5 % of the best Netty transport or above it, without a native library."
    lines += [f"| Sonde: epoll and sockets through FFM (keepalive row above) | {fmt(s1s)} |", "",
              verdict + " Sonde's TCP client runs on plain descriptors in an edge-triggered epoll set, called through FFM "
              "(`TcpSockets`, `Epoll` in module netio): a connection costs socket, connect, one epoll_ctl, write, read and close, "
              "and the server's FIN is seen with its response (EPOLLRDHUP). `strace -c` over a 3 s run of the connections workload "
              "counted 6.6 system calls per connection (epoll_wait included) for it, 18.5 for the JDK's NIO channels it replaced "
              "(two fcntl, two getsockname, a poll, two getsockopt, a shutdown, three epoll_ctl, a second read) and 12.2 for wrk. "
              "Preencoded requests are written "
              "from one native buffer, responses parsed in place from one read buffer, dperf's fixed-delay timer lists, no "
              "allocation per request. Sonde's server runs on the same path (next section); its UDP client stays on NIO channels.", "",
              "Sonde's configurations (each adds `mode client`, `protocol http`, `server 127.0.0.1 1`, `listen PORT 1`, "
              f"`cpu {args.gen_cpu}`, `duration {d}s`, `wait 0`, `slow_start {RAMP}`, `quiet`):",
              f"`cc 64` + `keepalive 0us` (keepalive); `cc 64` + `cps 100k` + `keepalive 1us 1` + `listen {CLOSE_PORT} {CLOSE_PORTS}` (connections, closed loop: "
              "the launcher refills the 64 as they close; nginx listens on the 8 ports, wrk uses the first); "
              f"`cps {int(s2w)}` + `listen {CLOSE_PORT} {CLOSE_PORTS}` (open loop); `cc {args.idle}` + `cps 3000` + `keepalive 60s`, `wait 2`, `slow_start 0` (idle); "
              f"head to head: the keepalive and connections configurations with `duration {args.duration + 4}s`. "
              "Raw per-run figures: `$BENCH_DIR/results.json`."]
    write_section(os.path.join(args.root, "BENCHMARKS.md"), "load-vs-wrk", lines)


def write_server(args, res, states):
    ratios = lambda rs: ", ".join(f"{x:.2f}" for x in rs)
    med = lambda key, f: median_of(res[key], f)
    per = lambda key: statistics.median([r["serverCpu"] / r["requests"] * 1e6 for r in res[key] if r["requests"]])
    pair = lambda s_key, n_key: [a["rps"] / b["rps"] for a, b in zip(res[s_key], res[n_key]) if b["rps"]]
    cpu_pair = lambda s_key, n_key: [(b["serverCpu"] / b["requests"]) / (a["serverCpu"] / a["requests"])
                                     for a, b in zip(res[s_key], res[n_key]) if a["requests"] and b["requests"] and a["serverCpu"]]
    head = lambda key: [r["sonde"] / r["nginx"] for r in res[key] if r["nginx"]]
    busy_samples, samples = states[-1]["busySamples"], states[-1]["samples"]
    busy = busy_samples > 0 or any(s["mavenProcesses"] > 0 for s in states[:-1])
    d = args.duration
    wrk_per = lambda key: f"{statistics.median([r['cpu'] / r['requests'] * 1e6 for r in res[key] if r['requests']]):.2f}"
    ka, cc, ccd = pair("ka_sonde", "ka_nginx"), pair("cc_sonde", "cc_nginx"), pair("ccd_sonde", "ccd_nginx")
    kac, ccc, ccdc = cpu_pair("ka_sonde", "ka_nginx"), cpu_pair("cc_sonde", "cc_nginx"), cpu_pair("ccd_sonde", "ccd_nginx")
    hka, hcc, hccd = head("h_ka"), head("h_cc"), head("h_ccd")
    hcpu = lambda key, who: f"{statistics.median([r[who + 'CpuPerRequest'] for r in res[key]]) * 1e6:.2f}"
    head_cpu = lambda key: [r["nginxCpuPerRequest"] / r["sondeCpuPerRequest"] for r in res[key] if r["sondeCpuPerRequest"]]
    hkac, hccc, hccdc = head_cpu("h_ka"), head_cpu("h_cc"), head_cpu("h_ccd")
    lines = [
        "## Load generation: Sonde's server against nginx", "",
        f"Command: `SERVER_ONLY=1 bench/load-vs-wrk.sh` (DURATION={d} RUNS={args.runs}; the whole script runs it too). "
        f"wrk `-t1 -c64` on CPU {args.gen_cpu} against nginx 1.22 `worker_processes 1` and `sonde load server --cpu {args.srv_cpu}`, "
        f"both servers on CPU {args.srv_cpu}, loopback, a 14-byte body; new connections: wrk `-H 'Connection: close'` "
        "(the server answers and closes), against the plain listeners and again against deferred ones on both servers "
        "(TCP_DEFER_ACCEPT: nginx's `listen ... deferred`, `sonde load server --defer-accept`), like against like. "
        "Sonde's servers are warmed up first (3 s of each workload: their JIT). "
        f"Machine: 2 vCPUs shared, load average {states[0]['load']} before and {states[1]['load']} after; "
        + (f"**the machine was busy**: other Maven builds ran during {busy_samples} of {samples} 2-second samples, so the "
           "alternating figures are noisy; the head-to-head ratios much less so." if busy
           else f"no other build ran during the benchmark ({samples} samples, every 2 s)."), "",
        f"Alternating: nginx, then Sonde, {args.runs} times; the ratio is the median of the back-to-back pairs' ratios (listed). "
        "CPU per request is the server process's CPU (all its threads, from /proc) over the run; its ratio is nginx's over Sonde's "
        "(above 1: Sonde spends less).", "",
        "| workload | nginx | Sonde | Sonde / nginx (per pair) |", "|---|---:|---:|---:|",
        f"| keepalive requests/s | {fmt(med('ka_nginx', 'rps'))} | {fmt(med('ka_sonde', 'rps'))} | **{statistics.median(ka):.2f}×** ({ratios(ka)}) |",
        f"| new connections/s | {fmt(med('cc_nginx', 'rps'))} | {fmt(med('cc_sonde', 'rps'))} | **{statistics.median(cc):.2f}×** ({ratios(cc)}) |",
        f"| server CPU per keepalive request (µs) | {per('ka_nginx'):.2f} | {per('ka_sonde'):.2f} | **{statistics.median(kac):.2f}×** ({ratios(kac)}) |",
        f"| server CPU per new connection (µs) | {per('cc_nginx'):.2f} | {per('cc_sonde'):.2f} | **{statistics.median(ccc):.2f}×** ({ratios(ccc)}) |",
        f"| wrk CPU per new connection (µs) | {wrk_per('cc_nginx')} | {wrk_per('cc_sonde')} | |",
        f"| new connections/s, both deferred | {fmt(med('ccd_nginx', 'rps'))} | {fmt(med('ccd_sonde', 'rps'))} | "
        f"**{statistics.median(ccd):.2f}×** ({ratios(ccd)}) |",
        f"| server CPU per new connection, both deferred (µs) | {per('ccd_nginx'):.2f} | {per('ccd_sonde'):.2f} | "
        f"**{statistics.median(ccdc):.2f}×** ({ratios(ccdc)}) |",
        f"| wrk CPU per new connection, both deferred (µs) | {wrk_per('ccd_nginx')} | {wrk_per('ccd_sonde')} | |",
        f"| keepalive latency p50 / p99 (µs) | {fmt(med('ka_nginx', 'p50'))} / {fmt(med('ka_nginx', 'p99'))} | "
        f"{fmt(med('ka_sonde', 'p50'))} / {fmt(med('ka_sonde', 'p99'))} | |",
        f"| wrk errors, last run (keepalive; connections) | {res['ka_nginx'][-1]['errors']}; {res['cc_nginx'][-1]['errors']} | "
        f"{res['ka_sonde'][-1]['errors']}; {res['cc_sonde'][-1]['errors']} | |", "",
        "With one CPU for wrk and one for the server, new connections are bound by whichever spends more per connection: "
        "where wrk's CPU per connection is above the server's (row above), wrk sets the rate, and the rates compare the "
        "servers only loosely; the server CPU per connection is then the figure that compares them.", "",
        f"Head to head: both servers pinned to CPU {args.srv_cpu} at the same time, each driven by its own wrk (both wrks on CPU "
        f"{args.gen_cpu}), {d} s per run. The scheduler shares the core between the two busy servers, so the machine's speed swings "
        "hit both alike and the ratio of their rates is the ratio of what a request or a connection costs each, CPU for CPU.", "",
        "| workload, same core at the same time | nginx | Sonde | Sonde / nginx (per run) |", "|---|---:|---:|---:|",
        f"| keepalive requests/s | {fmt(med('h_ka', 'nginx'))} | {fmt(med('h_ka', 'sonde'))} | **{statistics.median(hka):.2f}×** ({ratios(hka)}) |",
        f"| new connections/s | {fmt(med('h_cc', 'nginx'))} | {fmt(med('h_cc', 'sonde'))} | **{statistics.median(hcc):.2f}×** ({ratios(hcc)}) |",
        f"| server CPU per keepalive request (µs; ratio nginx / Sonde) | {hcpu('h_ka', 'nginx')} | {hcpu('h_ka', 'sonde')} | "
        f"**{statistics.median(hkac):.2f}×** ({ratios(hkac)}) |",
        f"| server CPU per new connection (µs; ratio nginx / Sonde) | {hcpu('h_cc', 'nginx')} | {hcpu('h_cc', 'sonde')} | "
        f"**{statistics.median(hccc):.2f}×** ({ratios(hccc)}) |",
        f"| new connections/s, both deferred | {fmt(med('h_ccd', 'nginx'))} | {fmt(med('h_ccd', 'sonde'))} | "
        f"**{statistics.median(hccd):.2f}×** ({ratios(hccd)}) |",
        f"| server CPU per new connection, both deferred (µs; ratio nginx / Sonde) | {hcpu('h_ccd', 'nginx')} | {hcpu('h_ccd', 'sonde')} | "
        f"**{statistics.median(hccdc):.2f}×** ({ratios(hccdc)}) |",
        f"| wrk errors, last run (keepalive; connections) | {res['h_ka'][-1]['nginxErrors']}; {res['h_cc'][-1]['nginxErrors']} | "
        f"{res['h_ka'][-1]['sondeErrors']}; {res['h_cc'][-1]['sondeErrors']} | |", "",
    ] + SERVER_NOTES + ["", "Raw per-run figures: `$BENCH_DIR/server-results.json`."]
    write_section(os.path.join(args.root, "BENCHMARKS.md"), "load-server", lines)


# measured by hand with strace (not rerun by the script): the commands are in the text
SERVER_NOTES = [
    "Sonde's server runs on the client's path: plain descriptors through FFM (`TcpSockets`, `Epoll` in module netio), "
    "listeners with SO_REUSEPORT and the options (TCP_NODELAY, fast_close's zero linger, IP_TOS) set once, which accepted "
    "sockets inherit; accept4 with SOCK_NONBLOCK in batches (as nginx's `multi_accept on`, which this nginx has); connections "
    "edge-triggered for input, output and the client's FIN (EPOLLRDHUP, so a FIN read with the last request needs no second "
    "read); requests parsed in place from one read buffer, preencoded responses written from native memory, nothing allocated "
    "per request. System calls per request and per connection, `strace -c -f -p PID` attached to each server over "
    "`wrk -t1 -c64 -d3s` (keepalive) and the same with `-H 'Connection: close'` (new connections), wrk on the other CPU, "
    "epoll_wait included (strace slows the servers, so the rates of those runs mean nothing):",
    "",
    "| server | per keepalive request | per new connection | per new connection, by call |",
    "|---|---:|---:|---|",
    "| nginx 1.22 | 2.04 | 5.1-5.2 | accept4 1.05-1.09, epoll_ctl 1, recvfrom 1, writev 1, close 1, epoll_wait 0.06-0.13 |",
    "| nginx 1.22, `listen ... deferred` | | 4.1 | accept4 1.02, recvfrom 1, writev 1, close 1, epoll_wait 0.02 |",
    "| Sonde, FFM epoll (now) | 2.04 | 5.2-5.4 | accept4 1.07-1.14, epoll_ctl 1, read 1, sendto 1, close 1, epoll_wait 0.10-0.20, futex 0.02 |",
    "| Sonde, FFM epoll, `--defer-accept` | 2.04 | 4.1 | accept4 1.03, read 1, sendto 1, close 1, epoll_wait 0.03, futex 0.02 |",
    "| Sonde, NIO channels (before) | 2.04 | 14.3 | fcntl 3, epoll_ctl 2, getsockname 2, accept, setsockopt, getsockopt, "
    "shutdown, read, write, close 1 each, epoll_wait 0.04 |",
    "",
    "(Ranges: two runs at load averages of 7 to 9.) Head to head, new connections/s stay near 1.0× whichever server "
    "spends less: wrk spends about twice a server's CPU per connection, so the two wrks sharing one CPU (and, on a busy "
    "machine, the scheduler's share against other work) set both rates, and the server CPU per connection is the figure "
    "that compares the servers. Before the two changes below (main at f8982406, the same script on the same day, load "
    "average 7 to 8), head to head: keepalive 1.11×, new connections/s 1.03×, server CPU per keepalive request 1.20×, "
    "per new connection 1.10× (plain listeners). The close's FIN rides in the response's segment on Sonde's server "
    "(the response to a request asking to close is sent with MSG_MORE, which holds it for the FIN that close adds), so a "
    "connection costs fewer packets: `tcpdump -i lo -w` over `wrk -t1 -c4 -d2s -H 'Connection: close'` counted 10.1 per "
    "connection for nginx (either listener; its FIN is a segment of its own, acknowledged on its own) and 8.0 for "
    "Sonde's server (either listener). With TCP_DEFER_ACCEPT the kernel hands a connection over only with its request, so both servers read it right after "
    "accept4 and, the response written and the connection closed, never put it in their epoll set: one epoll_ctl less "
    "per connection, and fewer epoll_wait rounds (accept4 returns connections ready to serve). The price is the "
    "handshake's: the client's last ACK is dropped while the server waits for data, and the SYN-ACK is resent after 1 s "
    "(nginx's and Sonde's deferral alike), so a client that connects and stays silent is handed over only then, and "
    "the waiting connections sit in the listener's SYN queue (under a flood of silent connections, SYN cookies take "
    "over). Hence an option, not the default. The futex calls are the JVM's other threads (the per-second control "
    "thread, JIT). Nothing is allocated per connection: with "
    "`SONDE_JAVA_OPTS='-XX:StartFlightRecording=filename=rec.jfr,settings=profile,+jdk.ThreadAllocationStatistics#period=1s "
    "-Xlog:gc'` on `--defer-accept` under `wrk -t1 -c64 -d10s -H 'Connection: close'` (10,033 connections), the worker "
    "thread's allocation total stayed at the 2.1 MB of its start-up the whole time, and no garbage collection ran.",
    "",
    "A keepalive request costs a read and a write on either path (the NIO server's cost was in its connections). The NIO "
    "server's last figures, from the whole script on a quiet machine (RUNS=7, DURATION=10, alternating, keepalive only): "
    "178,095 against nginx's 191,757 requests/s, 0.92× (pairs 0.40 to 2.03), server CPU 4.97 against 5.07 µs per request. Tried and "
    "dropped: reading a new connection at once after accept4 on a plain listener, to answer it without entering the epoll set, found the "
    "request already there for only 9 % of connections, under strace (an extra failed read for the rest). The UDP server and client stay "
    "on NIO channels: a datagram costs a receive and a send there already, with no connection to set up.",
]


if __name__ == "__main__":
    main()
