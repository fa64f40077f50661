package org.sonde.load.userspace;

import static org.sonde.netio.ClassicBpf.A;
import static org.sonde.netio.ClassicBpf.ABS;
import static org.sonde.netio.ClassicBpf.ALU;
import static org.sonde.netio.ClassicBpf.B;
import static org.sonde.netio.ClassicBpf.H;
import static org.sonde.netio.ClassicBpf.IND;
import static org.sonde.netio.ClassicBpf.JEQ;
import static org.sonde.netio.ClassicBpf.JMP;
import static org.sonde.netio.ClassicBpf.JSET;
import static org.sonde.netio.ClassicBpf.K;
import static org.sonde.netio.ClassicBpf.LD;
import static org.sonde.netio.ClassicBpf.LDX;
import static org.sonde.netio.ClassicBpf.MEM;
import static org.sonde.netio.ClassicBpf.MISC;
import static org.sonde.netio.ClassicBpf.MSH;
import static org.sonde.netio.ClassicBpf.MUL;
import static org.sonde.netio.ClassicBpf.NET;
import static org.sonde.netio.ClassicBpf.PROTOCOL;
import static org.sonde.netio.ClassicBpf.RET;
import static org.sonde.netio.ClassicBpf.RSH;
import static org.sonde.netio.ClassicBpf.ST;
import static org.sonde.netio.ClassicBpf.TAX;
import static org.sonde.netio.ClassicBpf.W;
import static org.sonde.netio.ClassicBpf.X;
import static org.sonde.netio.ClassicBpf.XOR;
import static org.sonde.netio.ClassicBpf.jump;
import static org.sonde.netio.ClassicBpf.stmt;

import java.util.ArrayList;
import java.util.List;
import org.sonde.netio.ClassicBpf;

/**
 * Which worker owns a connection: a hash of its addresses and ports that is the same in both
 * directions (XOR does not care which side is the source), computed here in Java and, as a
 * classic BPF program, by the kernel's packet fanout that hands each received frame to one
 * worker's socket. So a client worker launches only the tuples that hash to itself, and every
 * answer reaches the worker that holds the connection: dperf's symmetric RSS key with client
 * addresses chosen to hash right, with no correction on the first response and nothing passed
 * between workers.
 *
 * <p>Why not the kernel's own PACKET_FANOUT_HASH: it is symmetric too, but keyed with a secret
 * drawn at boot, so Java cannot compute it; correcting on the first response (dperf's fallback)
 * would hand connections between workers, which is the shared state this design avoids.
 *
 * <p>Only IPv4 or IPv6 TCP with the listen port on one side is hashed (IPv6 by the addresses' low
 * 32 bits: the high 96 are one prefix per side, so they add nothing); everything else (ARP,
 * neighbour discovery, ICMP, fragments, extension headers, other ports) goes to worker 0, which
 * answers ARP and neighbour solicitations and owns the kernel's TAP.
 */
final class FlowHash {
    /** A multiplier with well-spread bits (2^32 / the golden ratio): consecutive ports land on different workers. */
    private static final int SPREAD = 0x9E3779B1;

    private FlowHash() {}

    /** The hash of a connection's two addresses and two ports, in either order. */
    static int of(int ipA, int ipB, int portA, int portB) {
        int x = ipA ^ ipB ^ ((portA ^ portB) & 0xffff);
        return (x * SPREAD) >>> 16;
    }

    /** The worker of {@code workers} that owns the connection (the kernel's fanout takes the program's result modulo the members). */
    static int worker(int ipA, int ipB, int portA, int portB, int workers) {
        return of(ipA, ipB, portA, portB) % workers;
    }

    /**
     * The program the fanout runs: {@link #of} for IPv4 or IPv6 TCP to or from {@code listenPort}
     * (of IPv6 addresses their low 32 bits, all a socket keeps: {@link Prefixes}), 0 for every other frame.
     */
    static ClassicBpf program(int listenPort) {
        int v6 = 29;    // index of the IPv6 branch
        int other = 50; // index of the final "return 0"
        List<ClassicBpf.Instruction> p = new ArrayList<>(List.of(
                stmt(LD | H | ABS, PROTOCOL),                       // 0  A = EtherType
                jump(JMP | JEQ | K, 0x86DD, v6 - 2, 0),             // 1  IPv6?
                jump(JMP | JEQ | K, 0x0800, 0, other - 3),          // 2  IPv4?
                stmt(LD | B | ABS, NET + 9),                        // 3  A = protocol
                jump(JMP | JEQ | K, 6, 0, other - 5),               // 4  TCP?
                stmt(LD | H | ABS, NET + 6),                        // 5  A = flags and fragment offset
                jump(JMP | JSET | K, 0x1fff, other - 7, 0),         // 6  a later fragment has no ports
                stmt(LDX | B | MSH, NET),                           // 7  X = IP header length
                stmt(LD | H | IND, NET),                            // 8  A = source port
                jump(JMP | JEQ | K, listenPort, 2, 0),              // 9
                stmt(LD | H | IND, NET + 2),                        // 10 A = destination port
                jump(JMP | JEQ | K, listenPort, 0, other - 12),     // 11
                stmt(LD | H | IND, NET),                            // 12 M[0] = source port ^ destination port
                stmt(ST, 0),                                        // 13
                stmt(LD | H | IND, NET + 2),                        // 14
                stmt(MISC | TAX, 0),                                // 15
                stmt(LD | MEM, 0),                                  // 16
                stmt(ALU | XOR | X, 0),                             // 17
                stmt(ST, 0),                                        // 18
                stmt(LD | W | ABS, NET + 12),                       // 19 X = source address, A = destination address
                stmt(MISC | TAX, 0),                                // 20
                stmt(LD | W | ABS, NET + 16)));                     // 21
        p.addAll(hash());                                           // 22-28
        p.addAll(List.of(
                stmt(LD | B | ABS, NET + 6),                        // 29 A = next header (TCP itself: no extension headers)
                jump(JMP | JEQ | K, 6, 0, other - 31),              // 30
                stmt(LD | H | ABS, NET + 40),                       // 31 A = source port
                jump(JMP | JEQ | K, listenPort, 2, 0),              // 32
                stmt(LD | H | ABS, NET + 42),                       // 33 A = destination port
                jump(JMP | JEQ | K, listenPort, 0, other - 35),     // 34
                stmt(LD | H | ABS, NET + 40),                       // 35 M[0] = source port ^ destination port
                stmt(MISC | TAX, 0),                                // 36
                stmt(LD | H | ABS, NET + 42),                       // 37
                stmt(ALU | XOR | X, 0),                             // 38
                stmt(ST, 0),                                        // 39
                stmt(LD | W | ABS, NET + 8 + 12),                   // 40 X = source's low 32 bits, A = destination's
                stmt(MISC | TAX, 0),                                // 41
                stmt(LD | W | ABS, NET + 24 + 12)));                // 42
        p.addAll(hash());                                           // 43-49
        p.add(stmt(RET | K, 0));                                    // 50 everything else: worker 0
        if (p.size() != other + 1) throw new IllegalStateException("the program's jumps are off: " + p.size() + " instructions");
        return new ClassicBpf(p);
    }

    /** The end of {@link #of} with X and A the two addresses and M[0] the two ports XORed: return the hash. */
    private static List<ClassicBpf.Instruction> hash() {
        return List.of(
                stmt(ALU | XOR | X, 0),                             // A = addresses
                stmt(MISC | TAX, 0),
                stmt(LD | MEM, 0),                                  // A = ports (16 bits) ^ addresses
                stmt(ALU | XOR | X, 0),
                stmt(ALU | MUL | K, SPREAD),
                stmt(ALU | RSH | K, 16),
                stmt(RET | A, 0));
    }
}
