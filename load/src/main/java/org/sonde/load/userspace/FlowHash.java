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
 * <p>Only IPv4 TCP with the listen port on one side is hashed; everything else (ARP, ICMP,
 * fragments, other ports) goes to worker 0, which answers ARP and owns the kernel's TAP.
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

    /** The program the fanout runs: {@link #of} for IPv4 TCP to or from {@code listenPort}, 0 for every other frame. */
    static ClassicBpf program(int listenPort) {
        int other = 28; // index of the final "return 0"
        List<ClassicBpf.Instruction> p = List.of(
                stmt(LD | H | ABS, PROTOCOL),                       // 0  A = EtherType
                jump(JMP | JEQ | K, 0x0800, 0, other - 2),          // 1  IPv4?
                stmt(LD | B | ABS, NET + 9),                        // 2  A = protocol
                jump(JMP | JEQ | K, 6, 0, other - 4),               // 3  TCP?
                stmt(LD | H | ABS, NET + 6),                        // 4  A = flags and fragment offset
                jump(JMP | JSET | K, 0x1fff, other - 6, 0),         // 5  a later fragment has no ports
                stmt(LDX | B | MSH, NET),                           // 6  X = IP header length
                stmt(LD | H | IND, NET),                            // 7  A = source port
                jump(JMP | JEQ | K, listenPort, 2, 0),              // 8
                stmt(LD | H | IND, NET + 2),                        // 9  A = destination port
                jump(JMP | JEQ | K, listenPort, 0, other - 11),     // 10
                stmt(LD | H | IND, NET),                            // 11 M[0] = source port ^ destination port
                stmt(ST, 0),                                        // 12
                stmt(LD | H | IND, NET + 2),                        // 13
                stmt(MISC | TAX, 0),                                // 14
                stmt(LD | MEM, 0),                                  // 15
                stmt(ALU | XOR | X, 0),                             // 16
                stmt(ST, 0),                                        // 17
                stmt(LD | W | ABS, NET + 12),                       // 18 A = source ^ destination address
                stmt(MISC | TAX, 0),                                // 19
                stmt(LD | W | ABS, NET + 16),                       // 20
                stmt(ALU | XOR | X, 0),                             // 21
                stmt(MISC | TAX, 0),                                // 22 A = addresses ^ ports (ports: 16 bits)
                stmt(LD | MEM, 0),                                  // 23
                stmt(ALU | XOR | X, 0),                             // 24
                stmt(ALU | MUL | K, SPREAD),                        // 25
                stmt(ALU | RSH | K, 16),                            // 26
                stmt(RET | A, 0),                                   // 27
                stmt(RET | K, 0));                                  // 28 everything else: worker 0
        return new ClassicBpf(p);
    }
}
