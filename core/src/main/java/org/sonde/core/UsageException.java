package org.sonde.core;

/** The command line or an API call asks for something impossible (bad option value, conflicting options). */
public class UsageException extends SondeException {
    public UsageException(String message) {
        this(message, null);
    }

    public UsageException(String message, String hint) {
        super(message, hint, null);
    }

    @Override
    public ExitCode exitCode() {
        return ExitCode.USAGE;
    }
}
