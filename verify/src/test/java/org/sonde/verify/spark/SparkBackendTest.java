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

    @Test
    void aStoredParquetSnapshotIsReadByTheExecutorsWithTheSameResults(@TempDir Path dir) throws Exception {
        GeneratedNetwork g = new DcnGenerator(14, 300).generate(new FaultPlan(2, 1, 1));
        SnapshotText.write(g.snapshot(), dir);
        SnapshotParquet.writeRules(g.snapshot(), dir, spark);
        java.nio.file.Files.delete(dir.resolve(SnapshotText.RULES));
        EnumSet<Check> all = EnumSet.allOf(Check.class);
        VerificationResult stored = new SparkBackend("local[2]", 3).verifyStored(dir.toUri().toString(), all, VerifyProgress.NONE);
        VerificationResult local = new LocalBackend(2).verify(g.snapshot(), all, VerifyProgress.NONE);
        assertThat(stored.violations()).isNotEmpty().isEqualTo(local.violations());
        assertThat(stored.rules()).isEqualTo(g.snapshot().ruleCount());
        assertThat(stored.pairs()).isEqualTo(local.pairs());
    }

    @Test
    void aBadParquetRowIsBadInput(@TempDir Path dir) {
        org.apache.spark.sql.Row row = org.apache.spark.sql.RowFactory.create("s1", 0x0a000001, 24, new String[] {"deliver"}, 1);
        spark.createDataFrame(java.util.List.of(row), SnapshotParquet.SCHEMA).write().parquet(dir.resolve(SnapshotParquet.RULES).toString());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new SparkBackend("local[2]", 2).verifyStored(dir.toString(), EnumSet.of(Check.LOOPS), VerifyProgress.NONE))
                .isInstanceOf(org.sonde.core.BadInputException.class).hasMessageContaining("rules.parquet").hasMessageContaining("s1");
    }
}
