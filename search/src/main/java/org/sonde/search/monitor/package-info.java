/**
 * The anomaly monitor of §5.2: pause ratio above 0.1%, or throughput 20% below the NIC's (or the
 * offered) bound, on averaged samples; and the symptoms of every target (the Linux target's own
 * monitor, on the TCP space's counters, is {@code org.sonde.search.linux.TcpMonitor}).
 */
package org.sonde.search.monitor;
