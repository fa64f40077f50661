package org.sonde.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The BO baseline's regression: it interpolates what it saw and is unsure away from it. */
class GaussianProcessTest {
    @Test
    void fitsASmoothFunctionAndIsUncertainFarFromTheData() {
        int n = 30;
        double[][] x = new double[n][];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            double t = i / (double) (n - 1);
            x[i] = new double[] {t, 0};
            y[i] = Math.sin(6 * t) * 5 + 10;
        }
        GaussianProcess gp = GaussianProcess.fit(x, y, 1e-4);
        for (double t : new double[] {0.12, 0.5, 0.83}) {
            assertThat(gp.mean(new double[] {t, 0})).isCloseTo(Math.sin(6 * t) * 5 + 10, within(0.3));
        }
        double near = gp.ucb(new double[] {0.5, 0}, 2.576) - gp.mean(new double[] {0.5, 0});
        double far = gp.ucb(new double[] {0.5, 3}, 2.576) - gp.mean(new double[] {0.5, 3});
        assertThat(near).isPositive();
        assertThat(far).isGreaterThan(10 * near);
    }

    @Test
    void theMatern52KernelIsOneAtZeroAndFallsWithDistance() {
        assertThat(GaussianProcess.kernel(new double[] {1, 2}, new double[] {1, 2}, 1)).isEqualTo(1.0);
        double a = GaussianProcess.kernel(new double[] {0}, new double[] {0.5}, 1), b = GaussianProcess.kernel(new double[] {0}, new double[] {1}, 1);
        assertThat(a).isLessThan(1).isGreaterThan(b);
        // (1 + sqrt5 + 5/3) e^-sqrt5 at r = l
        assertThat(b).isCloseTo((1 + Math.sqrt(5) + 5.0 / 3) * Math.exp(-Math.sqrt(5)), within(1e-12));
    }
}
