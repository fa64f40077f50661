package org.sonde.cli;

import java.util.List;
import org.sonde.core.UsageException;
import org.sonde.dataplane.io.ModelSource;

/** The ports a command starts from, chosen on the command line as all, edge or PCT%. */
public final class Terminals {
    private Terminals() {}

    /**
     * {@code spec} applied to the loaded model's candidate ports: {@code all}, {@code edge}
     * (those without links) or a share such as {@code 40%} drawn with {@code seed}.
     *
     * @param option the option's name, for the error
     */
    public static List<Integer> select(String spec, String option, ModelSource.Loaded loaded, long seed) {
        if (spec.equals("all")) return loaded.terminals();
        if (spec.equals("edge")) return ModelSource.edge(loaded);
        if (spec.endsWith("%")) {
            try {
                return ModelSource.sample(loaded.terminals(), Double.parseDouble(spec.substring(0, spec.length() - 1)), seed);
            } catch (NumberFormatException e) {
                // fall through to the usage error
            }
        }
        throw new UsageException(option + " must be all, edge or a percentage like 10%, got " + spec);
    }
}
