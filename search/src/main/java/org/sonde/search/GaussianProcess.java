package org.sonde.search;

import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.CholeskyDecomposition;
import org.apache.commons.math3.linear.DecompositionSolver;
import org.apache.commons.math3.linear.NonPositiveDefiniteMatrixException;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.RealVector;

/**
 * Gaussian-process regression with a Matérn 5/2 kernel (the kernel of the fmfn/BayesianOptimization
 * package the paper's BO baseline used) on standardised targets, a noise term, and a length scale
 * chosen by marginal likelihood from a small set. The Cholesky factorisation is commons-math's.
 */
final class GaussianProcess {
    private static final double[] LENGTH_SCALES = {0.5, 1, 2, 4};
    private final double[][] x;
    private final double mean, sd, lengthScale;
    private final RealVector alpha;
    private final DecompositionSolver solver;

    private GaussianProcess(double[][] x, double mean, double sd, double lengthScale, RealVector alpha, DecompositionSolver solver) {
        this.x = x;
        this.mean = mean;
        this.sd = sd;
        this.lengthScale = lengthScale;
        this.alpha = alpha;
        this.solver = solver;
    }

    static GaussianProcess fit(double[][] x, double[] y, double noise) {
        int n = y.length;
        double m = 0;
        for (double v : y) m += v;
        m /= n;
        double s = 0;
        for (double v : y) s += (v - m) * (v - m);
        s = Math.sqrt(s / Math.max(1, n - 1));
        if (s == 0) s = 1;
        double[] z = new double[n];
        for (int i = 0; i < n; i++) z[i] = (y[i] - m) / s;
        RealVector zv = new ArrayRealVector(z, false);
        GaussianProcess best = null;
        double bestLik = Double.NEGATIVE_INFINITY;
        for (double l : LENGTH_SCALES) {
            RealMatrix k = new Array2DRowRealMatrix(n, n);
            for (int i = 0; i < n; i++) {
                for (int j = 0; j <= i; j++) {
                    double v = kernel(x[i], x[j], l) + (i == j ? noise : 0);
                    k.setEntry(i, j, v);
                    k.setEntry(j, i, v);
                }
            }
            CholeskyDecomposition c;
            try {
                c = new CholeskyDecomposition(k, 1e-10, 1e-12);
            } catch (NonPositiveDefiniteMatrixException e) {
                continue;
            }
            DecompositionSolver solver = c.getSolver();
            RealVector a = solver.solve(zv);
            double lik = -0.5 * zv.dotProduct(a) - 0.5 * Math.log(c.getDeterminant());
            if (lik > bestLik) {
                bestLik = lik;
                best = new GaussianProcess(x, m, s, l, a, solver);
            }
        }
        if (best == null) throw new IllegalStateException("no length scale gives a positive-definite kernel matrix");
        return best;
    }

    /** Upper confidence bound μ + κσ of the (unstandardised) target at {@code q}. */
    double ucb(double[] q, double kappa) {
        int n = x.length;
        double[] k = new double[n];
        for (int i = 0; i < n; i++) k[i] = kernel(q, x[i], lengthScale);
        RealVector kv = new ArrayRealVector(k, false);
        double mu = kv.dotProduct(alpha);
        double var = Math.max(1e-12, 1 - kv.dotProduct(solver.solve(kv)));
        return mean + sd * (mu + kappa * Math.sqrt(var));
    }

    /** The predicted mean at {@code q}. */
    double mean(double[] q) {
        return ucb(q, 0);
    }

    static double kernel(double[] a, double[] b, double l) {
        double d2 = 0;
        for (int i = 0; i < a.length; i++) {
            double d = a[i] - b[i];
            d2 += d * d;
        }
        double r = Math.sqrt(d2) / l;
        double s5 = Math.sqrt(5) * r;
        return (1 + s5 + 5 * r * r / 3) * Math.exp(-s5);
    }
}
