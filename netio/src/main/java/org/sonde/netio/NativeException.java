package org.sonde.netio;

/** A system call failed; the message names the call and the errno. */
public final class NativeException extends RuntimeException {
    private final int errno;

    NativeException(String message, int errno) {
        super(message);
        this.errno = errno;
    }

    int errno() {
        return errno;
    }
}
