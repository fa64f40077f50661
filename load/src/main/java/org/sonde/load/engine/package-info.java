/**
 * The kernel-socket engine and the test's timeline: {@link org.sonde.load.engine.LoadRun} starts
 * one worker per configured CPU (TCP or UDP, client or server, each an event loop pinned to its
 * CPU), keeps dperf's phases (wait, slow start, duration, drain) from the calling thread and
 * returns a {@link org.sonde.load.engine.LoadResult}. TCP clients and servers run on plain
 * descriptors in an edge-triggered epoll set through FFM (netio's {@code TcpSockets} and
 * {@code Epoll}). The server sends its response to a request asking to close with MSG_MORE, so
 * that the close's FIN rides in the same segment; with {@code defer_accept} its listeners have
 * TCP_DEFER_ACCEPT, and it answers a connection's first request right after accepting it, before
 * (and for Connection: close, instead of) adding it to the set. The UDP ones run on NIO channels.
 * Clients launch on an open-loop schedule ({@link org.sonde.load.engine.LaunchSchedule}) with
 * dperf's fixed-delay timer lists; the user-space engine's workers ({@code org.sonde.load.userspace})
 * run under the same timeline.
 */
package org.sonde.load.engine;
