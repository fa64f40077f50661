package org.sonde.netio;

/**
 * Two fresh network namespaces joined by a veth link, both ends up: the testbed of the user-space
 * load engine (a client in one, a server in the other). A {@link Testbed} of two nodes, so names,
 * stale cleanup and deletion are the testbed's: {@link #close} deletes both namespaces, which
 * deletes the link with them.
 */
public final class VethPair implements AutoCloseable {
    public final String namespaceA;
    public final String namespaceB;
    public final String interfaceA = "veth-a";
    public final String interfaceB = "veth-b";
    private final Testbed testbed;

    private VethPair(Testbed testbed, String tag) {
        this.testbed = testbed;
        this.namespaceA = testbed.namespace(tag + "a");
        this.namespaceB = testbed.namespace(tag + "b");
    }

    /**
     * Creates namespaces {@code PREFIX-PID-TAGa} and {@code -TAGb} with veth-a and veth-b (interface
     * names only need to be unique inside their namespace). On any failure what was created is deleted again.
     */
    public static VethPair create(String prefix, String tag) {
        Testbed t = Testbed.builder(prefix).node(tag + "a").node(tag + "b")
                .link(tag + "a", "veth-a", null, tag + "b", "veth-b", null).create();
        return new VethPair(t, tag);
    }

    /** Deletes namespaces named {@code PREFIX-PID-...} whose process is gone (a run killed before its cleanup). */
    public static void deleteStale(String prefix) {
        Testbed.deleteStale(prefix);
    }

    @Override
    public void close() {
        testbed.close();
    }
}
