/**
 * {@code sonde load}: dperf-class load tests on kernel sockets (a client from a dperf
 * configuration file, and a fixed-response server), on top of {@code org.sonde.load}.
 */
package org.sonde.cli.load;
