/**
 * Event-injection tests of TCP stacks (Lumina's method for the Linux kernel's TCP): a test
 * ({@link org.sonde.inject.tcp.TcpTestConfig}, read by {@link org.sonde.inject.tcp.TcpTestConfigLoader}) names
 * the data segments and acknowledgements of its connections that are dropped, marked, corrupted,
 * delayed, reordered, duplicated or rewritten between the hosts; {@link org.sonde.inject.tcp.TcpFlows}
 * says what each packet is in those terms, for the injector as it runs and for the analyzers
 * afterwards; {@link org.sonde.inject.tcp.TcpTrace} is what the injector saw.
 *
 * <pre>{@code
 * TcpTestConfig test = TcpTestConfigLoader.load(Path.of("examples/inject/tcp-listing2.yaml"));
 * TcpInjection.Result r = TcpInjection.run(test, 1, outDir);   // Linux hosts, needs root
 * TcpInjection.Result m = TcpInjection.run(test, new TargetSpec.SimTcp(), 1, modelDir);   // the simulator's TCP
 * TcpDiff.Result d = TcpDiff.compare(TcpDiff.Side.of(r), TcpDiff.Side.of(m), TcpDiff.Tolerance.DEFAULT);
 * r.analysis().recoveries().forEach(x -> System.out.println(x.kind() + " " + x.latencyNanos()));
 * }</pre>
 *
 * Sub-packages: {@code linux} (the namespace testbed, the netfilter-queue injector and the
 * traffic), {@code sim} (the same test on the simulator's TCP), {@code analyze} (the verdicts),
 * {@code diff} (where the model and the kernel differ).
 */
package org.sonde.inject.tcp;
