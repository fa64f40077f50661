package org.sonde.netio;

import java.util.List;

/**
 * Two fresh network namespaces joined by a veth link, both ends up: the testbed of the user-space
 * engine (a client in one, a server in the other). Names carry this process's id, so
 * {@link #deleteStale} can remove what a killed run left behind. {@link #close} deletes both
 * namespaces, which deletes the link with them.
 */
public final class VethPair implements AutoCloseable {
    public final String namespaceA;
    public final String namespaceB;
    public final String interfaceA;
    public final String interfaceB;
    private boolean closed;
    /** Deletes the namespaces if the JVM ends (Ctrl-C, SIGTERM) before {@link #close}. */
    private final Thread onExit = new Thread(this::deleteNamespaces, "veth-pair-cleanup");

    private VethPair(String prefix, String tag) {
        String base = prefix + "-" + ProcessHandle.current().pid() + "-" + tag;
        this.namespaceA = base + "-a";
        this.namespaceB = base + "-b";
        // interface names are at most 15 bytes and only need to be unique inside their namespace
        this.interfaceA = "veth-a";
        this.interfaceB = "veth-b";
    }

    /**
     * Creates namespaces {@code PREFIX-PID-TAG-a} and {@code -b} with veth-a and veth-b. On any
     * failure what was created is deleted again.
     */
    public static VethPair create(String prefix, String tag) {
        VethPair p = new VethPair(prefix, tag);
        Runtime.getRuntime().addShutdownHook(p.onExit);
        try {
            NetNamespace.ip("netns", "add", p.namespaceA);
            NetNamespace.ip("netns", "add", p.namespaceB);
            NetNamespace.ip("link", "add", p.interfaceA, "netns", p.namespaceA, "type", "veth", "peer", "name", p.interfaceB, "netns", p.namespaceB);
            for (String[] end : new String[][] {{p.namespaceA, p.interfaceA}, {p.namespaceB, p.interfaceB}}) {
                NetNamespace.ip("-n", end[0], "link", "set", "lo", "up");
                NetNamespace.ip("-n", end[0], "link", "set", end[1], "up");
            }
        } catch (RuntimeException e) {
            p.close();
            throw e;
        }
        return p;
    }

    /** Deletes namespaces named {@code PREFIX-PID-...} whose process is gone (a run killed before its cleanup). */
    public static void deleteStale(String prefix) {
        for (String name : NetNamespace.list()) {
            if (!name.startsWith(prefix + "-")) continue;
            String[] parts = name.substring(prefix.length() + 1).split("-");
            try {
                long pid = Long.parseLong(parts[0]);
                if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) continue;
            } catch (NumberFormatException e) {
                continue; // not one of ours
            }
            deleteQuietly(name);
        }
    }

    private static void deleteQuietly(String name) {
        try {
            NetNamespace.ip("netns", "delete", name);
        } catch (RuntimeException e) {
            // already gone
        }
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(onExit);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook deletes them
        }
        deleteNamespaces();
    }

    private synchronized void deleteNamespaces() {
        if (closed) return;
        closed = true;
        List<String> present = NetNamespace.list();
        for (String ns : List.of(namespaceA, namespaceB)) if (present.contains(ns)) deleteQuietly(ns);
    }
}
