package org.sonde.cli.interop;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.opentest4j.AssertionFailedError;
import org.sonde.core.EnvironmentException;

/**
 * The rule for every test tagged {@code "tshark"} (see {@link RequiresTshark}): without a usable
 * tshark the test FAILS, saying how to install it, unless the environment variable
 * {@value #SKIP_VARIABLE}=1 is set, in which case it is skipped with the same message. tshark is
 * looked up once per test run; each test then passes or is skipped on its own, with the reason.
 */
final class TsharkExtension implements BeforeEachCallback, ParameterResolver {
    static final String SKIP_VARIABLE = "SONDE_SKIP_TSHARK";
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(TsharkExtension.class);

    /** The lookup's outcome: a tshark that answered {@code tshark -v}, or why there is none. */
    record Probe(Tshark tshark, EnvironmentException problem) {
        static Probe run() {
            try {
                Tshark t = Tshark.require();
                t.version(); // a tshark that cannot even print its version is as good as absent
                return new Probe(t, null);
            } catch (EnvironmentException e) {
                return new Probe(null, e);
            }
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        tshark(context);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == Tshark.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return tshark(context);
    }

    private static Tshark tshark(ExtensionContext context) {
        Probe probe = context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent(Probe.class, k -> Probe.run(), Probe.class);
        return enforce(probe, System.getenv(SKIP_VARIABLE));
    }

    /** Returns the tshark, or fails (or, when {@code skipVariable} is "1", aborts) the current test. */
    static Tshark enforce(Probe probe, String skipVariable) {
        if (probe.tshark() != null) return probe.tshark();
        EnvironmentException e = probe.problem();
        String why = e.getMessage() + (e.hint() != null ? ": " + e.hint() : "");
        if ("1".equals(skipVariable)) {
            Assumptions.abort("skipped because " + SKIP_VARIABLE + "=1 (" + why + ")");
        }
        throw new AssertionFailedError(why + " — or set " + SKIP_VARIABLE + "=1 to skip the tests tagged \"tshark\"", e);
    }
}
