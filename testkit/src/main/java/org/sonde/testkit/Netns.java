package org.sonde.testkit;

import java.util.function.Supplier;
import org.opentest4j.AssertionFailedError;

/** Tests on network namespaces (tagged {@code netns}): they need root and the tools the testbed runs. */
public final class Netns {
    public static final String SKIP_VARIABLE = "SONDE_SKIP_NETNS";

    private Netns() {}

    /**
     * Builds a testbed; when that fails (not root, a tool missing) the test fails saying so, or is
     * skipped with {@code SONDE_SKIP_NETNS=1}.
     *
     * @param needs what the testbed needs, in words: "root, iproute2 and ethtool"
     */
    public static <T> T testbed(String needs, Supplier<T> create) {
        try {
            return create.get();
        } catch (RuntimeException e) {
            throw unavailable(needs, e.getMessage(), e);
        }
    }

    /** Never returns: the test cannot run here because {@code problem}. */
    public static AssertionFailedError unavailable(String needs, String problem, Throwable cause) {
        throw Prerequisites.missing(SKIP_VARIABLE, "the netns tests need " + needs + ": " + problem + "; run them as root with those installed",
                cause);
    }

    /** Whether an error message says a prerequisite is missing (not root, a tool or library not installed) rather than a failure of the code. */
    public static boolean saysPrerequisiteMissing(String message) {
        return message != null && (message.contains("root") || message.contains("not installed"));
    }
}
