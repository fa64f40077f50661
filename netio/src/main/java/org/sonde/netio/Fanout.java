package org.sonde.netio;

/**
 * How a group of packet sockets on one interface (PACKET_FANOUT) shares the received frames:
 * each frame goes to exactly one member, the Linux equivalent of a NIC's receive queues.
 */
public sealed interface Fanout {
    /**
     * PACKET_FANOUT_HASH: the kernel's flow hash, symmetric in the two directions of a flow
     * ({@code __skb_get_hash_symmetric}), but keyed with a secret chosen at boot, so user space
     * cannot tell in advance which member a flow will reach.
     */
    record KernelHash() implements Fanout {}

    /**
     * PACKET_FANOUT_CBPF: the program's result modulo the number of members chooses the member,
     * so user space can compute it too (a NIC's flow director).
     */
    record Program(ClassicBpf program) implements Fanout {}
}
