package org.sonde.replay.recording;

import org.sonde.sim.tcp.TcpObserver;

/** One kind of application call with its arguments: the recording keeps each distinct one once and numbers it (DETER's call patterns). */
public record CallPattern(TcpObserver.Call call, long a, long b) {}
