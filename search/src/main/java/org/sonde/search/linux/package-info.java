/**
 * The Linux target: Collie's search on the kernel's own TCP stack. {@link org.sonde.search.linux.LinuxEngine}
 * runs a point of the TCP space ({@code org.sonde.search.tcp}) between two network namespaces with
 * the load module's kernel-socket client and server, setting the hosts' sysctls, and reads the
 * growth of both namespaces' kernel counters ({@code ListenOverflows}, {@code TCPSynRetrans}, ...)
 * as diagnostic counters; {@link org.sonde.search.linux.TcpMonitor} judges throughput against the
 * open-loop offered rate and latency against a light workload's; {@link org.sonde.search.linux.LinuxSubject}
 * is what {@code Search} runs; {@link org.sonde.search.linux.LinuxTarget} is {@code linux:FILE.yaml}.
 * Every anomaly is the kernel's: nothing is planted, and there is no ground truth.
 */
package org.sonde.search.linux;
