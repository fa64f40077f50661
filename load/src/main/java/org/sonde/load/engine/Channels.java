package org.sonde.load.engine;

import java.io.Closeable;
import java.io.IOException;

/** Closing what the workers opened. */
final class Channels {
    private Channels() {}

    /** Closes a socket or selector whose closing cannot fail in a way that matters to the test. */
    static void closeQuietly(Closeable c) {
        try {
            c.close();
        } catch (IOException e) {
            // nothing more to do
        }
    }
}
