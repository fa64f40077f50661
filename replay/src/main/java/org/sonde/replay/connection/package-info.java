/**
 * DETER's per-connection replay (NSDI'19 §3.1–3.2): {@link org.sonde.replay.connection.ConnectionReplayer} runs one
 * recorded connection on two simulated hosts without the network (socket-call generator, packet corrector, recorded
 * handler order) and gives its packets and its TCP state after every event; {@link org.sonde.replay.connection.ConnectionReplays}
 * writes them ({@code sonde replay connection}).
 */
package org.sonde.replay.connection;
