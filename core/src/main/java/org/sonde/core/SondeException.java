package org.sonde.core;

/**
 * An error meant for the user: its message says what went wrong and where, and {@link #hint()}
 * says how to fix it. The CLI prints these without a stack trace and exits with {@link #exitCode()}.
 */
public abstract class SondeException extends RuntimeException {
    private final String hint;

    protected SondeException(String message, String hint, Throwable cause) {
        super(message, cause);
        this.hint = hint;
    }

    /** How the user can fix the problem, or {@code null} when the message says it all. */
    public String hint() {
        return hint;
    }

    public abstract ExitCode exitCode();
}
