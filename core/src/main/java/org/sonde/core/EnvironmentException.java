package org.sonde.core;

/** Something Sonde needs from its surroundings is missing or refused (a file, a tool, a permission). */
public class EnvironmentException extends SondeException {
    public EnvironmentException(String message, String hint, Throwable cause) {
        super(message, hint, cause);
    }

    public EnvironmentException(String message, String hint) {
        this(message, hint, null);
    }

    @Override
    public ExitCode exitCode() {
        return ExitCode.ENVIRONMENT;
    }
}
