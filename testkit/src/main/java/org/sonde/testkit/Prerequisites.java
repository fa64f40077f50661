package org.sonde.testkit;

import org.junit.jupiter.api.Assumptions;
import org.opentest4j.AssertionFailedError;

/** The one rule for a test whose prerequisite is missing: fail with the reason, or skip when {@code VARIABLE=1}. */
public final class Prerequisites {
    private Prerequisites() {}

    /**
     * Never returns: aborts the test when the environment variable {@code skipVariable} is
     * {@code 1}, else fails it with {@code why} and how to skip.
     */
    public static AssertionFailedError missing(String skipVariable, String why, Throwable cause) {
        Assumptions.assumeFalse("1".equals(System.getenv(skipVariable)), why + " (skipped: " + skipVariable + "=1)");
        throw new AssertionFailedError(why + "; or set " + skipVariable + "=1 to skip these tests", cause);
    }
}
