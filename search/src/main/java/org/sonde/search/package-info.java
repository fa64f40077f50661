/**
 * Anomaly search in RDMA subsystems, after Collie (X. Kong et al., "Collie: Finding Performance
 * Anomalies in RDMA Subsystems", USENIX NSDI 2022): which application workloads drive a subsystem
 * (NIC, PCIe, memory, host topology) into PFC pause storms or throughput far below its
 * specification, and the minimal feature set (MFS) that triggers each; and the same search on the
 * Linux kernel's TCP stack, whose anomalies (accept-queue overflow, ephemeral port exhaustion, ...)
 * are real on every Linux box.
 *
 * <p>The parts: the workload search space ({@link org.sonde.search.space}), the workload engine
 * interface ({@link org.sonde.search.engine}), the simulated RDMA subsystem that is the embedded
 * target ({@link org.sonde.search.sim}), the anomaly monitor ({@link org.sonde.search.monitor}),
 * MFSs ({@link org.sonde.search.mfs}), and here the search methods ({@link org.sonde.search.Search}:
 * simulated annealing with MFS on diagnostic or performance counters, its mutants screened by a
 * Gaussian process of the counter, and the baselines),
 * comparisons over seeds ({@link org.sonde.search.Comparison}), each MFS as perftest command lines
 * ({@link org.sonde.search.MfsPerftest}), targets ({@link org.sonde.search.SearchTarget}: simulated,
 * a remote testbed, or the Linux target) and their JSON. One {@code Search} serves every workload
 * space: a {@link org.sonde.search.Subject} gives it the space, one judged experiment and the MFS
 * ({@link org.sonde.search.RdmaSubject} for the RDMA targets; {@link org.sonde.search.linux} for
 * the TCP space of {@link org.sonde.search.tcp}).
 *
 * <pre>{@code
 * SearchTarget target = SearchTarget.parse("sim:f-like");
 * SearchResult r = target.search(SearchOptions.defaults(Method.COLLIE, 10, 1));   // 10 simulated hours, seed 1
 * for (Found f : r.anomalies()) System.out.println(f.foundAtHours() + " h " + f.symptom() + " " + f.mfs().describe());
 * SearchJson.write(SearchJson.toMap(r), Path.of("run.json"));
 * // the same search on two hosts with RDMA NICs (perftest over ssh); each MFS also as perftest command lines
 * SearchResult real = SearchTarget.parse("remote:testbed.yaml").search(SearchOptions.defaults(Method.COLLIE_PERF, 8, 1));
 * for (Found f : real.anomalies()) if (f.perftest() != null) f.perftest().compiled().commands().forEach(c -> System.out.println(c.line()));
 * // the kernel's TCP stack in two network namespaces (root): 5 minutes of wall time, a line per experiment
 * SearchResult tcp = SearchTarget.parse("linux").search(SearchOptions.defaults(Method.COLLIE, 5 / 60.0, 1), System.err::println);
 * }</pre>
 */
package org.sonde.search;
