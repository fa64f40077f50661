package org.sonde.sim.traffic;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.sonde.core.config.Distribution;

/**
 * An empirical flow-size distribution given as a CDF, one {@code size cumulative-percent} pair per line
 * (the format of the published data-center workloads), sampled by linear interpolation between points.
 * Built in: {@code web-search} (DCTCP's workload).
 */
public final class FlowSizes {
    private final String name;
    private final Distribution.Empirical sizes;

    private FlowSizes(String name, Distribution.Empirical sizes) {
        this.name = name;
        this.sizes = sizes;
    }

    public String name() {
        return name;
    }

    /** A built-in distribution by name, or a CDF file. */
    public static FlowSizes named(String nameOrFile, Path baseDirectory) {
        InputStream builtin = FlowSizes.class.getResourceAsStream(nameOrFile + ".cdf");
        if (builtin != null && nameOrFile.matches("[a-z-]+")) {
            try (InputStream in = builtin) {
                return parse(nameOrFile, in);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        Path file = baseDirectory.resolve(nameOrFile);
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("flow-size distribution '" + nameOrFile + "' is neither built in (web-search) nor a file at " + file);
        }
        try (InputStream in = Files.newInputStream(file)) {
            return parse(file.toString(), in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static FlowSizes parse(String name, InputStream in) throws IOException {
        List<long[]> points = new ArrayList<>();
        List<Double> probabilities = new ArrayList<>();
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        int lineNo = 0;
        for (String line; (line = r.readLine()) != null; ) {
            lineNo++;
            String s = line.strip();
            if (s.isEmpty() || s.startsWith("#")) continue;
            String[] f = s.split("\\s+");
            if (f.length != 2) throw new IllegalArgumentException(name + ":" + lineNo + ": expected 'size percent', got '" + s + "'");
            long size;
            double pct;
            try {
                size = Long.parseLong(f[0]);
                pct = Double.parseDouble(f[1]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + ":" + lineNo + ": '" + s + "' is not a size in bytes and a percentage");
            }
            if (size < 0 || pct < 0 || pct > 100) throw new IllegalArgumentException(name + ":" + lineNo + ": size must be >= 0 and percent within 0..100");
            if (!points.isEmpty() && (size < points.getLast()[0] || pct < probabilities.getLast())) {
                throw new IllegalArgumentException(name + ":" + lineNo + ": sizes and percentages must not decrease");
            }
            points.add(new long[] {size});
            probabilities.add(pct);
        }
        if (points.isEmpty() || probabilities.getLast() != 100) throw new IllegalArgumentException(name + ": the CDF must end at 100 percent");
        long[] sizes = points.stream().mapToLong(p -> p[0]).toArray();
        double[] cdf = probabilities.stream().mapToDouble(p -> p / 100).toArray();
        return new FlowSizes(name, new Distribution.Empirical(sizes, cdf));
    }

    /** A size drawn from the distribution; at least 1 byte. */
    public long sample(SplittableRandom random) {
        return Math.max(1, sizes.sample(random));
    }

    /** The mean size in bytes (of the interpolated distribution). */
    public double mean() {
        return sizes.mean();
    }
}
