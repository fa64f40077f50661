package org.sonde.spark;

import java.util.regex.Pattern;
import org.sonde.core.EnvironmentException;
import org.sonde.core.UsageException;

/**
 * Spark master URLs, checked before Spark starts (which otherwise logs a stack trace for a
 * malformed one). No Spark class is loaded here, so commands check the option without Spark.
 */
public final class SparkMaster {
    /** The forms {@code SparkContext.createTaskScheduler} and Spark 4's cluster managers take. */
    private static final Pattern MASTER = Pattern.compile(
            "local|local\\[(\\*|[1-9]\\d*)(,\\s*[1-9]\\d*)?]|local-cluster\\[\\s*[1-9]\\d*\\s*,\\s*[1-9]\\d*\\s*,\\s*[1-9]\\d*\\s*]"
                    + "|spark://[^:/\\s,]+:\\d+(,[^:/\\s,]+:\\d+)*|yarn|k8s://\\S+");

    private SparkMaster() {}

    /**
     * {@code master} if Spark takes it: {@code local}, {@code local[N]}, {@code local[*]},
     * {@code local[N,F]}, {@code local-cluster[N,C,M]}, {@code spark://host:port[,host:port...]},
     * {@code yarn} or {@code k8s://...}.
     */
    public static String check(String master) {
        if (!MASTER.matcher(master.strip()).matches()) {
            throw new UsageException("'" + master + "' is not a Spark master URL",
                    "give local[*], local[N], spark://host:port, yarn or k8s://https://host:port");
        }
        return master.strip();
    }

    /**
     * Fails with an environment error when Spark is not on the class path. Spark is not inside
     * sonde.jar (the launcher adds cli/target/lib for the commands that may start it), so a missing
     * Spark has a way out; no Spark class is loaded by the check.
     */
    public static void requireSpark() {
        try {
            Class.forName("org.apache.spark.sql.SparkSession", false, SparkMaster.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new EnvironmentException("Apache Spark is not on the class path",
                    "run Sonde through ./sonde (it adds cli/target/lib), submit it with spark-submit, or use the in-process backend", e);
        }
    }
}
