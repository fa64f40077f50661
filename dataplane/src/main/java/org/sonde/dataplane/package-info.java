/**
 * The data plane of a network as Sonde models it, shared by test packet generation, probe
 * planning and forwarding verification: the network model ({@code model}), header space algebra
 * ({@code hsa}) and parsers of real device data ({@code io}).
 */
package org.sonde.dataplane;
