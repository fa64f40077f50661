package org.sonde.capture;

/**
 * A capture file ends inside a header, record or block, typically because it was cut off while
 * being written. Every record before {@link #recordNumber()} was complete and has been read.
 */
class TruncatedCaptureException extends CaptureFormatException {
    public TruncatedCaptureException(String fileName, long byteOffset, long recordNumber, String problem) {
        super(fileName, byteOffset, recordNumber, problem);
    }

    @Override
    TruncatedCaptureException withRecordNumber(long record) {
        return new TruncatedCaptureException(fileName(), byteOffset(), record, problem());
    }
}
