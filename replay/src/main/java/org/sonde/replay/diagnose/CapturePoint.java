package org.sonde.replay.diagnose;

/**
 * One interface of a capture with several (tcpdump on several hosts, merged; {@code sonde replay record --capture}):
 * its number in the capture and its name, or {@code #N} where the capture names none.
 */
public record CapturePoint(int interfaceId, String name) {
    @Override
    public String toString() {
        return name;
    }
}
