package org.sonde.spark;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import org.sonde.core.EnvironmentException;
import org.sonde.core.SondeException;

/**
 * Spark sessions for Sonde's jobs: the running one (spark-submit makes it) or a new one on a master
 * URL ({@code local[*]} embedded, or a cluster's, whose executors are then sent Sonde's jar).
 */
public final class SparkSessions {
    private SparkSessions() {}

    /** A session named {@code app} on {@code master} (null: whatever spark-submit configured). */
    public static SparkSession session(String app, String master) {
        SparkSession.Builder b = SparkSession.builder().appName(app)
                .config("spark.ui.enabled", "false")
                .config("spark.ui.showConsoleProgress", "false")
                // Spark's serialization debugger reads a JDK-internal class that JDK 25 no longer has;
                // without it a serialization failure is reported as itself instead of as that missing class
                .config("spark.serializer.extraDebugInfo", "false")
                // Sonde's SQL queries end in small results (names, groups per window): Spark's default of
                // 200 shuffle partitions only adds tasks
                .config("spark.sql.shuffle.partitions", "16");
        if (master != null) b.master(master);
        if (master != null && !master.startsWith("local")) {
            // executors on a cluster need Sonde's classes: ship the jar this class came from (under
            // spark-submit it is the application jar already, and spark.jars is set)
            String jar = ownJar();
            if (jar != null && !SparkSession.getActiveSession().isDefined()) b.config("spark.jars", jar);
        }
        try {
            return b.getOrCreate();
        } catch (RuntimeException | LinkageError e) {
            String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
            throw new EnvironmentException("cannot start Spark" + (master == null ? "" : " on " + master) + ": " + reason,
                    "check the master URL; the JVM needs the --add-opens options of the ./sonde launcher", e);
        }
    }

    /**
     * Runs a job, reporting Spark's own (Scala, so undeclared) exceptions, thrown when a cluster goes
     * away or a task fails, as an environment error; Sonde's typed errors pass as they are, also
     * when a task threw them and Spark wrapped them.
     */
    public static <T> T job(String master, Callable<T> body) {
        try {
            return body.call();
        } catch (SondeException e) {
            throw e;
        } catch (Exception e) {
            for (Throwable c = e.getCause(); c != null; c = c.getCause()) if (c instanceof SondeException s) throw s;
            String message = String.valueOf(e.getMessage()).lines().findFirst().orElse(e.toString());
            throw new EnvironmentException("the Spark job failed" + (master == null ? "" : " on " + master) + ": " + message,
                    "check that the master is up and its workers can run Sonde's jar (sonde.jar is shipped as spark.jars);"
                            + " the in-process backend needs no Spark", e);
        }
    }

    /** The jar file holding this class, or null when it was loaded from a directory (tests, IDEs). */
    private static String ownJar() {
        try {
            CodeSource source = SparkSessions.class.getProtectionDomain().getCodeSource();
            if (source == null) return null;
            Path p = Path.of(source.getLocation().toURI());
            return Files.isRegularFile(p) ? p.toString() : null;
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }
}
