/**
 * {@code sonde demo}: the tour on built-in data (synthetic captures read back and cross-checked with
 * tshark, ATPG, verification, an injection test, a load test on loopback) and its HTML report.
 */
package org.sonde.cli.demo;
