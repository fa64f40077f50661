package org.sonde.verify.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.EnumSet;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sonde.verify.check.Check;
import org.sonde.verify.gen.DcnGenerator;
import org.sonde.verify.gen.FaultPlan;
import org.sonde.verify.gen.GeneratedNetwork;
import org.sonde.verify.gen.InetGenerator;
import org.sonde.verify.run.LocalBackend;
import org.sonde.verify.run.VerificationResult;
import org.sonde.verify.run.VerifyProgress;
import org.sonde.verify.snapshot.Snapshot;
import org.sonde.verify.snapshot.SnapshotText;

/** Spark in local mode on this JDK: the same violations as the in-process backend, and Parquet snapshots that read back equal. */
class SparkBackendTest {
    static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = SparkBackend.session("local[2]");
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    static void assertSameResults(Snapshot s) {
        EnumSet<Check> all = EnumSet.allOf(Check.class);
        VerificationResult local = new LocalBackend(2).verify(s, all, VerifyProgress.NONE);
        VerificationResult onSpark = new SparkBackend("local[2]", 3).verify(s, all, VerifyProgress.NONE);
        assertThat(onSpark.violations()).isNotEmpty().isEqualTo(local.violations());
        assertThat(onSpark.pairs()).isEqualTo(local.pairs());
    }

    @Test
    void sparkAndLocalAgreeOnDcn() {
        assertSameResults(new DcnGenerator(11, 400).generate(new FaultPlan(2, 2, 1)).snapshot());
    }

    @Test
    void sparkAndLocalAgreeOnInet() {
        assertSameResults(new InetGenerator(12, 30, 2000).generate(new FaultPlan(2, 2, 0)).snapshot());
    }

    @Test
    void parquetRulesReadBackAsTheTextOnes(@TempDir Path dir) {
        GeneratedNetwork g = new DcnGenerator(13, 200).generate(new FaultPlan(1, 1, 1));
        SnapshotText.write(g.snapshot(), dir);
        SnapshotParquet.writeRules(g.snapshot(), dir, spark);
        Snapshot fromParquet = SnapshotParquet.read(dir, spark);
        Snapshot fromText = SnapshotText.read(dir);
        assertThat(fromParquet.toString()).isEqualTo(fromText.toString());
        EnumSet<Check> all = EnumSet.allOf(Check.class);
        assertThat(new LocalBackend(2).verify(fromParquet, all, VerifyProgress.NONE).violations())
                .isEqualTo(new LocalBackend(2).verify(fromText, all, VerifyProgress.NONE).violations())
                .hasSize(4);
    }
}
