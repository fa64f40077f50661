/**
 * Seeded synthetic traffic as encoded frames, for tools, tests, benchmarks and the demo: wire-format
 * workloads, not transport models (transport behaviour is the simulator's).
 *
 * <p>{@link org.sonde.packet.synth.SyntheticRoceTraffic} emits RoCEv2 RC traffic of any size as a
 * capture point at the responder would see it; {@link org.sonde.packet.synth.ScriptedTraffic} is a
 * short hand-written script of everyday TCP/IP traffic. Both are built with
 * {@link org.sonde.packet.PacketBuilder} and hand out frames, so writing them to a capture file is
 * the caller's choice:
 * <pre>{@code
 * var traffic = new SyntheticRoceTraffic(new SyntheticRoceTraffic.Settings(1, 8, Verb.WRITE, 65536, 1024, 1e-4, 1e-3, 100));
 * try (CaptureWriter w = CaptureWriter.pcapng(path, LinkTypes.ETHERNET, 65535)) {
 *     traffic.run(10 << 20, (timeNanos, frame) -> w.write(timeNanos, frame, 0, frame.length));
 * }
 * }</pre>
 * The same settings and seed give the same frames.
 */
package org.sonde.packet.synth;
