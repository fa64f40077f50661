/** The anomaly monitor of §5.2: pause ratio above 0.1%, or throughput 20% below the NIC's (or the offered) bound, on averaged samples. */
package org.sonde.search.monitor;
