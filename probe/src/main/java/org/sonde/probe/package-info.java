/**
 * Probe planning and link fault localisation for multipath networks: NetSonar, chapter 3 of
 * H. Zeng's dissertation <i>Automatic Data Plane Testing</i> (Stanford, 2014).
 *
 * <p>With ECMP a probe's path is chosen by a hash of its 5-tuple, so NetSonar plans, per agent
 * pair, enough random tuples to traverse every link of the pair's paths with a chosen probability
 * ({@link org.sonde.probe.cover}), picks the pairs so that every link is covered by α pairs whose
 * paths differ elsewhere ({@link org.sonde.probe.plan}), and localises a faulty link from one
 * window of results ({@link org.sonde.probe.localize}); {@link org.sonde.probe.sim} measures how
 * often that finds the culprit, and {@link org.sonde.probe.live} does it for real: a topology of
 * network namespaces with Linux ECMP, agents probing with TCP ping and traceroute, real faults.
 *
 * <pre>{@code
 * Topology t = Generators.named("fattree:8", 1);            // or EdgeList.read(path), Generators.idn(...)
 * CouponCollector.Cover c = CouponCollector.smallest(16, 0.9); // 79 tuples for 16 next hops
 * Plan plan = Planner.plan(t, PlanOptions.defaults(1));         // inflation 2, MSC-2
 * PlanJson.write(plan, Limits.NONE, Path.of("plan"), "--out");
 * Diagnosis.Result r = Diagnosis.localize(t, Path.of("results.csv"), Diagnosis.Options.defaults());
 * SimulationResult s = Simulation.run(t, SimulationOptions.defaults(1).withFailures(2));
 * try (NamespaceNetwork n = NamespaceNetwork.create(t, "sonde-probe-x", false)) { // root
 *     LiveRun.run(n, plan, LiveRun.Options.defaults(), new Fault.Lossy("agg0-0->core0", 0.1),
 *             records -> ProbesCsv.write(Path.of("probes.csv"), records));
 * }
 * }</pre>
 *
 * <p>{@link org.sonde.probe.report.ProbeReport} draws the results as HTML. Localisation over a data
 * center's records on Apache Spark, and the records as Parquet, are the module {@code probe-spark}
 * ({@code org.sonde.probe.spark}): Spark's jars cannot be read as modules, and this one is named.
 */
package org.sonde.probe;
