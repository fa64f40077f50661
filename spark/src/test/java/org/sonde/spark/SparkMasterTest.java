package org.sonde.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.sonde.core.UsageException;

class SparkMasterTest {
    @Test
    void theFormsSparkTakesPass() {
        for (String m : new String[] {"local", "local[*]", "local[4]", "local[2, 3]", "local[*,2]", "local-cluster[2, 1, 1024]",
                "spark://head:7077", "spark://a:7077,b:7077", "yarn", "k8s://https://10.0.0.1:6443"}) {
            assertThat(SparkMaster.check(m)).isEqualTo(m);
        }
    }

    @Test
    void anythingElseIsAUsageErrorWithTheForms() {
        for (String m : new String[] {"bogus://x", "local[0]", "local[]", "spark://head", "spark://:7077", "mesos", "", "local[*"}) {
            assertThatThrownBy(() -> SparkMaster.check(m)).as(m).isInstanceOf(UsageException.class)
                    .hasMessage("'" + m + "' is not a Spark master URL");
        }
    }
}
