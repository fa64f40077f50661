/**
 * Event-injection testing (Lumina): a test names packets of RDMA connections and what happens to
 * them (drop, ECN mark, corrupt, delay, reorder, duplicate, rewrite); {@link org.sonde.inject.Injection}
 * runs it on the simulated testbed and leaves the trace and its analysis.
 *
 * <pre>{@code
 * TestConfig test = TestConfigLoader.load(Path.of("examples/inject/listing2.yaml"));
 * InjectionResult r = Injection.run(test, TargetSpec.parse("sim:cx4lx-like").simulated(), 1, outDir);
 * System.out.println(r.integrity());      // outDir holds trace.pcap, result.json and analysis.json
 * }</pre>
 *
 * Sub-packages: {@code config} (the test and its YAML), {@code translate} (intents to match-action
 * entries), {@code testbed} (targets and the simulated run), {@code mirror} (mirroring, dumpers,
 * trace reconstruction), {@code analyze} (the analyzers), {@code offline} (captures taken elsewhere),
 * {@code fuzz}, {@code study}, {@code report}, and {@code tcp} for tests of TCP stacks.
 */
package org.sonde.inject;
