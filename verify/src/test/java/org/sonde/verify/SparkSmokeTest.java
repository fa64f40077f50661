package org.sonde.verify;

import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import java.util.List;
import static org.assertj.core.api.Assertions.assertThat;

class SparkSmokeTest {
    @Test
    void runs() throws Exception {
        SparkSession s = SparkSession.builder().master("local[2]").appName("smoke").config("spark.ui.enabled", "false").getOrCreate();
        try {
            long n = new org.apache.spark.api.java.JavaSparkContext(s.sparkContext()).parallelize(List.of(1,2,3,4), 2).map(x -> x * 2).reduce(Integer::sum);
            assertThat(n).isEqualTo(20);
            java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("pq");
            s.range(100).write().mode("overwrite").parquet(dir.resolve("x").toString());
            assertThat(s.read().parquet(dir.resolve("x").toString()).count()).isEqualTo(100);
        } finally { s.stop(); }
    }
}
