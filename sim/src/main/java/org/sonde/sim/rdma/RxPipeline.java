package org.sonde.sim.rdma;

import java.util.ArrayDeque;
import java.util.SplittableRandom;
import org.sonde.core.config.Distribution;
import org.sonde.sim.kernel.Simulator;
import org.sonde.sim.net.PfcIngress;
import org.sonde.sim.net.PfcThresholds;
import org.sonde.sim.net.PauseFrame;
import org.sonde.sim.net.Port;

/**
 * The NIC's receive pipeline: arriving packets wait in the receive buffer and are processed one at
 * a time at the profile's capacity. Above XOFF the NIC pauses the link with PFC (if the profile
 * says so); a packet that finds the buffer full is discarded ({@code rx_discards_phy}). An
 * out-of-sequence packet may hold the pipeline for the profile's slow-path time, stalling every
 * QP behind it. With a limited number of recovery slots, a packet that would open an
 * out-of-sequence episode while every slot is busy waits at the head of the pipeline, and every
 * QP's packets wait behind it. With no limits packets are processed as they arrive.
 */
final class RxPipeline {
    private final RdmaNic nic;
    private final Simulator sim;
    private final NicProfile.RxPipeline spec;
    private final ArrayDeque<RoceFrame> buffer = new ArrayDeque<>();
    private final PfcIngress pfc;
    private final SplittableRandom random;
    private long bufferedBytes;
    private boolean busy;
    private int recoveriesInProgress;
    /** The head packet waits for a recovery slot. */
    private boolean waitingForSlot;

    RxPipeline(RdmaNic nic, Port port, NicProfile.RxPipeline spec, SplittableRandom random) {
        this.nic = nic;
        this.sim = nic.simulator();
        this.spec = spec;
        this.random = random;
        this.pfc = spec.overflow() == NicProfile.Overflow.PFC && !spec.unlimited()
                ? new PfcIngress(sim, new PfcThresholds(0xFF, spec.xoffBytes(), spec.xonBytes(), PauseFrame.MAX_QUANTA), new Port[] {port})
                : null;
    }

    long bufferedBytes() {
        return bufferedBytes;
    }

    void arrive(RoceFrame f) {
        if (spec.unlimited()) {
            nic.process(f);
            return;
        }
        if (bufferedBytes + f.bytes > spec.bufferBytes()) {
            nic.counters().rxDiscardsPhy++;
            return;
        }
        buffer.addLast(f);
        bufferedBytes += f.bytes;
        if (pfc != null) pfc.add(0, f.priority, f.bytes);
        if (!busy) startNext();
    }

    private void startNext() {
        RoceFrame f = buffer.peekFirst();
        if (f == null) {
            busy = false;
            return;
        }
        busy = true;
        long t = 0;
        if (spec.packetsPerSecond() > 0) t = (1_000_000_000L + spec.packetsPerSecond() - 1) / spec.packetsPerSecond();
        if (spec.bitsPerSecond() > 0) t = Math.max(t, (f.bytes * 8L * 1_000_000_000L + spec.bitsPerSecond() - 1) / spec.bitsPerSecond());
        sim.after(t, this::finish);
    }

    /** An out-of-sequence episode has started preparing its NAK or re-request (it holds a slot). */
    void recoveryStarted() {
        recoveriesInProgress++;
    }

    /** An episode's NAK or re-request has gone out: its slot is free again. */
    void recoveryEnded() {
        recoveriesInProgress--;
        if (waitingForSlot && recoveriesInProgress < spec.recoverySlots()) {
            waitingForSlot = false;
            finish();
        }
    }

    private void finish() {
        if (spec.recoverySlots() > 0 && recoveriesInProgress >= spec.recoverySlots() && nic.opensRecovery(buffer.peekFirst())) {
            waitingForSlot = true; // head-of-line: every QP's packets wait behind this one
            return;
        }
        RoceFrame f = buffer.pollFirst();
        bufferedBytes -= f.bytes;
        if (pfc != null) pfc.remove(0, f.priority, f.bytes);
        boolean slow = nic.process(f);
        Distribution slowPath = spec.slowPath();
        if (slow && !slowPath.equals(Distribution.ZERO)) sim.after(slowPath.sample(random), this::startNext);
        else startNext();
    }
}
