package org.sonde.load.userspace;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.sonde.core.EnvironmentException;
import org.sonde.load.config.AddressRange;
import org.sonde.load.config.LoadConfig;
import org.sonde.load.config.PortSpec;
import org.sonde.load.stats.Counter;
import org.sonde.load.stats.WorkerStats;
import org.sonde.netio.NativeException;
import org.sonde.netio.NetNamespace;
import org.sonde.netio.PacketSocket;
import org.sonde.netio.TapDevice;

/**
 * dperf's KNI on Linux: a TAP interface in the engine's namespace with the port's MAC and this
 * side's addresses (the port's, with a route to the gateway, and the client or server addresses),
 * so the kernel answers ping, ARP for other addresses, and TCP to ports the engine does not serve.
 * The first worker hands it the frames that are not the engine's and sends out of the port what
 * the kernel writes to it, every millisecond at least (dperf reads its KNI every 1 ms too: fit for
 * a few management packets, not for load).
 */
final class Kni implements AutoCloseable {
    /** Frames taken from the TAP per loop turn. */
    private static final int BURST = 32;

    private final TapDevice tap;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment buffer = arena.allocate(Stack.FRAME_BYTES + Vlan.TAG);
    /** The port's VLAN (dperf's vlan), or 0: what the kernel sends goes out tagged with it. */
    private final int vlan;

    private Kni(TapDevice tap, int vlan) {
        this.tap = tap;
        this.vlan = vlan;
    }

    /** Creates the TAP interface of the configuration's 'kni' line and gives it the port's MAC and this side's addresses. */
    static Kni open(LoadConfig c, byte[] mac) {
        String name = c.kni().orElseThrow();
        String netns = c.netns().orElse(null);
        TapDevice tap;
        try {
            tap = netns != null ? NetNamespace.call(netns, () -> TapDevice.open(name)) : TapDevice.open(name);
        } catch (NativeException | IllegalStateException e) {
            throw new EnvironmentException("cannot create the TAP interface " + name + c.netns().map(n -> " in netns " + n).orElse("") + ": " + e.getMessage(),
                    "run as root (CAP_NET_ADMIN) with /dev/net/tun, and choose a 'kni' name no interface has", e);
        }
        try {
            NetNamespace.ipBatch(netns, commands(c, name, mac));
            return new Kni(tap, c.userspace().vlan());
        } catch (IllegalStateException e) {
            tap.close();
            throw new EnvironmentException("cannot set up the TAP interface " + name + ": " + e.getMessage(), "check the 'port', 'client' and 'server' lines", e);
        }
    }

    /** The ip commands that make the TAP look like the engine's side: its MAC, its addresses, the gateway reachable through it. */
    static List<String> commands(LoadConfig c, String name, byte[] mac) {
        PortSpec port = c.port().orElseThrow();
        Set<String> addresses = new LinkedHashSet<>();
        addresses.add(port.address().getHostAddress());
        for (AddressRange r : c.client() ? c.clients() : c.servers()) {
            for (int i = 0; i < r.count(); i++) addresses.add(r.get(i).getHostAddress());
        }
        List<String> cmds = new ArrayList<>();
        cmds.add("link set dev " + name + " address " + macText(mac));
        boolean v6 = port.address() instanceof java.net.Inet6Address;
        // IPv6: no duplicate address detection, which would hold the addresses back (tentative) for a second
        for (String a : addresses) cmds.add("addr add " + a + (v6 ? "/128 dev " + name + " nodad" : "/32 dev " + name));
        cmds.add("link set dev " + name + " up");
        InetAddress gateway = port.gateway();
        cmds.add("route add " + gateway.getHostAddress() + (v6 ? "/128" : "/32") + " dev " + name + " src " + port.address().getHostAddress());
        return cmds;
    }

    private static String macText(byte[] mac) {
        StringBuilder sb = new StringBuilder();
        for (byte b : mac) sb.append(sb.isEmpty() ? "" : ":").append(String.format("%02x", b & 0xff));
        return sb.toString();
    }

    /** Where the stack's frames for the kernel go. */
    FrameOut toKernel() {
        return tap::send;
    }

    /** Sends up to a burst of the frames the kernel wrote to the TAP out of the port; how many it took. */
    int pump(PacketSocket port, WorkerStats stats) {
        int n = 0;
        int len;
        // with a VLAN the kernel's frame is read 4 bytes in, and tagged in place
        MemorySegment into = vlan != 0 ? buffer.asSlice(Vlan.TAG) : buffer;
        while (n < BURST && (len = tap.receive(into)) > 0) {
            n++;
            if (vlan != 0) len = Vlan.tag(buffer, vlan, len);
            if (port.send(buffer, len)) {
                stats.increment(Counter.KNI_RX);
                stats.increment(Counter.PKT_TX);
            } else {
                stats.increment(Counter.DROP_TX);
            }
        }
        return n;
    }

    @Override
    public void close() {
        tap.close();
        arena.close();
    }
}
