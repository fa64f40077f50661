/**
 * The Linux target of TCP tests: {@link org.sonde.inject.tcp.linux.LinuxTcpTarget} builds a client,
 * a middle box and a server as network namespaces, sends the test's traffic on the kernels' own
 * sockets, and runs the injector on the middle box's netfilter queue, mirroring every packet before
 * its event.
 */
package org.sonde.inject.tcp.linux;
