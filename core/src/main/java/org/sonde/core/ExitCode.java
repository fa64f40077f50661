package org.sonde.core;

/** Process exit codes of the {@code sonde} command, one per class of outcome. */
public enum ExitCode {
    /** The command did what was asked and found nothing wrong. */
    OK(0),
    /** The command ran correctly and reports findings (violations, anomalies, failed probes). */
    FINDINGS(1),
    /** The command line itself is wrong: unknown option, impossible parameter. */
    USAGE(2),
    /** An input (file, capture, configuration) is malformed. */
    BAD_INPUT(3),
    /** Something outside Sonde is missing or refused: a tool, a permission, a file system. */
    ENVIRONMENT(4),
    /** A bug in Sonde. */
    INTERNAL(70);

    private final int code;

    ExitCode(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }
}
