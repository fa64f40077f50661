package org.sonde.replay.recording;

/** A recording file is damaged or not a recording; the reader turns it into a bad-input error naming the file. */
final class RecordingFormatException extends RuntimeException {
    public RecordingFormatException(String message) {
        super(message);
    }
}
