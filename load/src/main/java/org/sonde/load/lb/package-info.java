/**
 * A layer-4 load balancer to test, on this machine: a client namespace, a load-balancer namespace
 * and several server namespaces ({@link org.sonde.load.lb.LbTestbed}), the balancer a stateful
 * NAT built from nftables as kube-proxy's nftables mode builds a Service (connection tracking,
 * DNAT to one backend per connection chosen by {@code numgen}), with an optional session limit.
 * Sonde's client and servers (or wrk and nginx) run in the namespaces; {@link org.sonde.load.lb.LbStatus}
 * reads the balancer's side: connections per backend, session-limit drops, conntrack entries.
 */
package org.sonde.load.lb;
