/**
 * The TCP tests' model target ({@code --target sim-tcp}): the simulator's Linux-like TCP
 * ({@code org.sonde.sim.tcp}) on two simulated hosts, with a simulated middle box that classifies
 * each packet by its serialised IPv4/TCP bytes with the same {@link org.sonde.inject.tcp.TcpFlows}
 * and applies the same events as the Linux target's netfilter-queue injector, so a run has the same
 * {@link org.sonde.inject.tcp.TcpRun} and trace and {@code sonde inject diff} can compare it with the kernel's.
 */
package org.sonde.inject.tcp.sim;
