package org.sonde.load.lb;

import org.sonde.core.UsageException;

/**
 * The shape of a load-balancer testbed.
 *
 * @param name         the namespaces' prefix: NAME-client, NAME-lb, NAME-s1 ... NAME-sN
 * @param servers      backends behind the virtual address (1 to {@value #MAX_SERVERS})
 * @param balance      how a new connection's backend is chosen
 * @param port         the service's port, on the virtual address and on every backend
 * @param sessionLimit at most this many connections through the balancer at once (0: no limit but conntrack's own);
 *                     the connections nf_conncount counts (nft's {@code ct count}): not yet closed
 * @param overLimit    what happens to a new connection past the limit
 */
public record LbSpec(String name, int servers, Balance balance, int port, int sessionLimit, OverLimit overLimit) {
    public static final int MAX_SERVERS = 64;

    /** @throws UsageException naming the option that is out of range */
    public LbSpec {
        // the prefix, its dash and the longest node name ("client") must fit iproute2's namespace names comfortably
        if (!name.matches("[a-z][a-z0-9-]{0,30}") || name.endsWith("-")) {
            throw new UsageException("--name " + name + ": lower case letters, digits and dashes, at most 31, starting with a letter",
                    "e.g. --name sonde-lb");
        }
        if (servers < 1 || servers > MAX_SERVERS) throw new UsageException("--servers " + servers + ": 1 to " + MAX_SERVERS, null);
        if (port < 1 || port > 65535) throw new UsageException("--port " + port + ": 1 to 65535", null);
        if (sessionLimit < 0) throw new UsageException("--session-limit " + sessionLimit + ": 0 (none) or more", null);
    }
}
