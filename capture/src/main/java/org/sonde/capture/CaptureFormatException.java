package org.sonde.capture;

import org.sonde.core.BadInputException;

/**
 * A capture file is malformed. The message reads like
 * {@code trace.pcap: byte offset 1048600 (record 812): record header claims 70000 captured bytes,
 * above the snap length 65535}.
 */
public class CaptureFormatException extends BadInputException {
    private final String fileName;
    private final long byteOffset;
    private final long recordNumber;

    /**
     * @param fileName     the file as the user named it, or e.g. {@code stdin}
     * @param byteOffset   where the faulty structure starts (a record or block header, a field)
     * @param recordNumber the 1-based packet record being read, or 0 when the problem is outside
     *                     packet records (file header, pcapng section or interface block)
     * @param problem      what is wrong, without file and location
     */
    public CaptureFormatException(String fileName, long byteOffset, long recordNumber, String problem) {
        this(fileName, byteOffset, recordNumber, problem, null);
    }

    public CaptureFormatException(String fileName, long byteOffset, long recordNumber, String problem, String hint) {
        super(fileName, location(byteOffset, recordNumber), problem, hint, null);
        this.fileName = fileName;
        this.byteOffset = byteOffset;
        this.recordNumber = recordNumber;
    }

    private static String location(long byteOffset, long recordNumber) {
        return recordNumber > 0
                ? "byte offset " + byteOffset + " (record " + recordNumber + ")"
                : "byte offset " + byteOffset;
    }

    /**
     * This problem as a range reader ({@link CaptureReader#openRange}) reported it, renumbered for
     * the whole file, in which {@code recordsBefore} records precede the range.
     */
    public final CaptureFormatException afterRecords(long recordsBefore) {
        if (recordNumber == 0 || recordsBefore == 0) return this;
        CaptureFormatException renumbered = withRecordNumber(recordNumber + recordsBefore);
        renumbered.setStackTrace(getStackTrace()); // --debug shows where the reader found the problem
        return renumbered;
    }

    /** A copy at another record number; subclasses keep their type. */
    CaptureFormatException withRecordNumber(long record) {
        return new CaptureFormatException(fileName, byteOffset, record, problem(), hint());
    }

    public String fileName() {
        return fileName;
    }

    public long byteOffset() {
        return byteOffset;
    }

    /** The 1-based packet record, or 0 when the problem lies outside packet records. */
    public long recordNumber() {
        return recordNumber;
    }
}
