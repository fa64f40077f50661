/**
 * Linux I/O through the FFM API, without JNI: AF_PACKET sockets with PACKET_MMAP rings
 * ({@link org.sonde.netio.PacketSocket}), raw IP sockets ({@link org.sonde.netio.RawIpSocket}),
 * non-blocking TCP sockets as plain descriptors ({@link org.sonde.netio.TcpSockets}) and an
 * edge-triggered {@link org.sonde.netio.Epoll}, socket diagnostics ({@link org.sonde.netio.SockDiag}),
 * netfilter queues ({@link org.sonde.netio.NfQueue}), network namespaces entered per thread
 * ({@link org.sonde.netio.NetNamespace}) and testbeds of namespaces and veth links
 * ({@link org.sonde.netio.Testbed}, {@link org.sonde.netio.VethPair}). A failed system call is a
 * {@link org.sonde.netio.NativeException} naming the call and the errno; the calls themselves are
 * package-private ({@code Sys}).
 */
package org.sonde.netio;
