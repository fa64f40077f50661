package org.sonde.replay.diagnose;

/**
 * One interface of a capture of several hosts' interfaces whose packets carry their direction (as {@code sonde replay
 * record --capture} writes): its number in the capture and its name, or {@code #N} where the capture names none.
 */
public record CapturePoint(int interfaceId, String name) {
    @Override
    public String toString() {
        return name;
    }
}
