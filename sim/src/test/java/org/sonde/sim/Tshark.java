package org.sonde.sim;

import java.io.IOException;
import org.junit.jupiter.api.Assumptions;
import org.opentest4j.AssertionFailedError;

/**
 * Starts tshark for the simulator's Wireshark-agreement tests (tagged "tshark"), with the project's
 * rule: without tshark the test FAILS saying how to install it, unless SONDE_SKIP_TSHARK=1 is set,
 * in which case it is skipped with the same message (as cli's TsharkExtension does).
 */
public final class Tshark {
    private Tshark() {
    }

    public static Process start(ProcessBuilder tshark) throws IOException {
        try {
            return tshark.start();
        } catch (IOException e) {
            String why = "tshark is not installed (" + e.getMessage() + "); install Debian's tshark package,"
                    + " or set SONDE_SKIP_TSHARK=1 to skip the Wireshark-agreement tests";
            Assumptions.assumeFalse("1".equals(System.getenv("SONDE_SKIP_TSHARK")), why);
            throw new AssertionFailedError(why, e);
        }
    }
}
