/**
 * What plans are made over: routers, hosts, directed links with WCMP weights, agents, explicit
 * path sets (LSPs); the paths between agents ({@link org.sonde.probe.topology.Routes}: explicit, or
 * ECMP shortest paths as a next-hop DAG) with each link's traversal probability; the built-in
 * fat-tree (the simulator's) and IDN-like backbone, and the edge-list file.
 */
package org.sonde.probe.topology;
