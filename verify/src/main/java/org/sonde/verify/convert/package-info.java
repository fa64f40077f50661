/**
 * The route dumper for Sonde's network model: the IP forwarding of a {@code dataplane} network as a snapshot.
 */
package org.sonde.verify.convert;
