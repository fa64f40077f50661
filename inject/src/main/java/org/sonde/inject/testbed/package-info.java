/**
 * What a test runs against ({@link org.sonde.inject.testbed.TargetSpec}: simulated RoCE NICs, Linux
 * TCP in namespaces, the simulator's TCP) and the simulated testbed itself: two hosts with NIC profiles,
 * the injecting switch, the traffic generator and the result of a run.
 */
package org.sonde.inject.testbed;
