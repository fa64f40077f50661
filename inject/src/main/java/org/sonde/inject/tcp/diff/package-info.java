/**
 * Differential testing of the simulator's TCP against the Linux kernel: the same test's traces and
 * verdicts from two targets ({@link org.sonde.inject.tcp.diff.TcpDiff}), aligned per connection in the
 * test's terms, every difference named with its category; {@code diff.json} and the HTML report.
 */
package org.sonde.inject.tcp.diff;
