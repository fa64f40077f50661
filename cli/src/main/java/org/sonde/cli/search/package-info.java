/** {@code sonde search}: the command line of the {@code search} module (Collie's search for RDMA performance anomalies). */
package org.sonde.cli.search;
