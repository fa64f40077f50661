/**
 * The TCP workload space of the Linux target: {@link org.sonde.search.tcp.TcpPoint}s over the load
 * engine's dimensions (offered connection rate, requests per connection, concurrency, request and
 * response sizes, client addresses, ephemeral ports) and the hosts' settings (the server's listen
 * backlog, workers and SYN cookies; the client's reuse of ports in TIME_WAIT), {@link org.sonde.search.tcp.TcpSpace}'s mutations and constraint, and MFSs in those
 * dimensions ({@link org.sonde.search.tcp.TcpMfsBuilder}, the same bound search as the RDMA MFS).
 */
package org.sonde.search.tcp;
