package org.sonde.cli.verify;

import java.nio.file.Path;
import java.util.Set;
import org.sonde.spark.SparkMaster;
import org.sonde.verify.check.Check;
import org.sonde.verify.run.Backend;
import org.sonde.verify.run.VerificationResult;
import org.sonde.verify.run.VerifyProgress;
import org.sonde.verify.snapshot.Snapshot;
import org.sonde.verify.spark.SnapshotParquet;
import org.sonde.verify.spark.SparkBackend;

/**
 * The commands' one door to Spark. Spark is not inside sonde.jar (the launcher puts cli/target/lib
 * on the class path), so its absence is an environment error with a way out, and no Spark class is
 * loaded by commands that do not need it: {@code sonde --version} stays fast.
 */
final class SparkSupport {
    static final String DEFAULT_MASTER = "local[*]";

    private SparkSupport() {}

    static Backend backend(String master, int partitions) {
        SparkMaster.requireSpark();
        return new SparkBackend(master, partitions);
    }

    static VerificationResult verifyStored(String dir, String master, int partitions, Set<Check> checks, VerifyProgress progress) {
        SparkMaster.requireSpark();
        return new SparkBackend(master, partitions).verifyStored(dir, checks, progress);
    }

    static void writeParquet(Snapshot s, Path dir) {
        SparkMaster.requireSpark();
        SnapshotParquet.writeRules(s, dir, SparkBackend.session(DEFAULT_MASTER));
    }

    static boolean parquetPresent(Path dir) {
        return dir.resolve("rules.parquet").toFile().isDirectory();
    }

    static Snapshot readParquet(Path dir, String master) {
        SparkMaster.requireSpark();
        return SnapshotParquet.read(dir, SparkBackend.session(master));
    }
}
