package org.sonde.probe.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.TreeMap;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import org.sonde.core.BadInputException;
import org.sonde.probe.localize.Diagnosis;
import org.sonde.probe.localize.ProbeRecord;
import org.sonde.probe.localize.ProbesCsv;
import org.sonde.probe.localize.ResultsCsv;
import org.sonde.probe.topology.Topology;
import org.sonde.spark.SparkSessions;
import scala.Tuple2;
import scala.Tuple3;

/**
 * Localisation over the live agents' per-probe records of a whole data center, with Spark doing
 * what grows with the records. Spark reads them (CSV with {@link ProbesCsv#HEADER}, or Parquet with
 * the same columns), checks every record as {@link ProbesCsv#record} does, counts each tuple's pings
 * per window, takes its p99 and its path from the latest complete traceroutes of the tuple and of the
 * reversed one (a cogroup by tuple), and sends the driver only what the localisation reads: the
 * window's rows and, per tuple, its three latest earlier rows with a p99 (its latency baseline).
 * The driver then runs the same {@link Diagnosis} as the in-process path, on rows built by the same
 * functions, so both give identical results.
 *
 * <p>Unlike the in-process path, rows of other windows are not resolved against the topology, so an
 * unknown node in a path outside the window and its baseline is not an error here.
 */
public final class SparkLocalization {
    private static final String[] COLUMNS = ProbesCsv.HEADER.split(",");
    private static final int BASELINE = 3;

    private SparkLocalization() {}

    /** A probe's 5-tuple as its agent names it. */
    record Tuple(String agent, String target, int sourcePort, int destinationPort) implements Serializable {
        Tuple reversed() {
            return new Tuple(target, agent, destinationPort, sourcePort);
        }
    }

    /** A tuple's pings in one window: sent, lost, and the round trips of the answered ones (unsorted). */
    record Pings(long sent, long lost, double[] rtts) implements Serializable {
        Pings plus(Pings o) {
            double[] all = Arrays.copyOf(rtts, rtts.length + o.rtts.length);
            System.arraycopy(o.rtts, 0, all, rtts.length, o.rtts.length);
            return new Pings(sent + o.sent, lost + o.lost, all);
        }
    }

    /** A tuple's pings in a window as a {@link ResultsCsv} line, or, with no traced path, null. */
    record Aggregate(long window, Tuple tuple, String line, long sent, boolean hasP99) implements Serializable {}

    /**
     * Localises window {@code o.window()} (or the last one with a traced ping) of the records at
     * {@code results}: a path Spark reads (a local file, {@code hdfs://}, {@code s3a://}); a name
     * ending in {@code .parquet} is read as Parquet, any other as CSV.
     */
    public static Diagnosis.Result localize(Topology topology, String results, Diagnosis.Options o, String master) {
        return SparkSessions.job(master, () -> {
            try {
                return run(topology, results, o, master);
            } catch (Exception e) { // Spark's SparkException is checked, and thrown undeclared from Scala
                throw unreadable(results, e);
            }
        });
    }

    /**
     * A failure of Spark's own reader (a CSV line of the wrong shape, a header that does not name the
     * columns, a file that is not Parquet) as the input's error; anything else as it is.
     */
    private static Exception unreadable(String results, Exception e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            String m = String.valueOf(c.getMessage());
            if (m.contains("FAILED_READ_FILE") || m.contains("MALFORMED_RECORD") || m.contains("CSV header does not conform")) {
                Throwable root = c;
                while (root.getCause() != null) root = root.getCause();
                return new BadInputException(results, "", "cannot read the records: " + String.valueOf(root.getMessage()).lines().findFirst().orElse(""),
                        "records in the columns " + ProbesCsv.HEADER + " (CSV with that header, or Parquet)", e);
            }
        }
        return e;
    }

    private static Diagnosis.Result run(Topology topology, String results, Diagnosis.Options o, String master) {
        SparkSession spark = SparkSessions.session("sonde probe localize", master);
        JavaRDD<String[]> fields = read(spark, results);
        JavaRDD<ProbeRecord> records = fields.map(f -> ProbesCsv.record(f, results, "record " + String.join(",", f)));
        JavaPairRDD<Tuple, Tuple2<Long, Pings>> pings = records.filter(r -> r.kind() == ProbeRecord.Kind.PING)
                .mapToPair(r -> new Tuple2<>(new Tuple2<>(r.window(), tuple(r)), new Pings(1, r.outcome().answered() ? 0 : 1,
                        r.outcome().answered() && !Double.isNaN(r.rttMillis()) ? new double[] {r.rttMillis()} : new double[0])))
                .reduceByKey(Pings::plus)
                .mapToPair(t -> new Tuple2<>(t._1._2, new Tuple2<>(t._1._1, t._2)));
        JavaPairRDD<Tuple, Tuple2<Long, ProbesCsv.Trace>> traces = records
                .filter(r -> r.kind() == ProbeRecord.Kind.TRACE && r.outcome() == ProbeRecord.Outcome.COMPLETE)
                .mapToPair(r -> new Tuple2<>(tuple(r), new Tuple2<>(r.window(), new ProbesCsv.Trace(r.timeMillis(), String.join(" ", r.hops())))));
        JavaPairRDD<Tuple, Tuple2<Long, ProbesCsv.Trace>> backTraces = traces.mapToPair(t -> new Tuple2<>(t._1.reversed(), t._2));
        JavaRDD<Aggregate> aggregates = pings.cogroup(traces, backTraces).flatMap(SparkLocalization::aggregate)
                .persist(StorageLevel.MEMORY_AND_DISK());
        try {
            // groups, pings, untraced pings, the last window with a traced ping
            long[] totals = aggregates.map(a -> new long[] {1, a.sent(), a.line() == null ? a.sent() : 0, a.line() == null ? -1 : a.window()})
                    .fold(new long[] {0, 0, 0, -1}, (x, y) -> new long[] {x[0] + y[0], x[1] + y[1], x[2] + y[2], Math.max(x[3], y[3])});
            if (totals[0] == 0) throw new BadInputException(results, "", ProbesCsv.NO_PINGS);
            if (totals[2] == totals[1]) throw new BadInputException(results, "", ProbesCsv.NO_PATHS);
            long window = o.window() >= 0 ? o.window() : totals[3];
            List<String> lines = aggregates.filter(a -> a.line() != null && a.window() <= window)
                    .mapToPair(a -> new Tuple2<>(a.tuple(), a))
                    .groupByKey()
                    .flatMap(t -> needed(t._2, window))
                    .collect();
            if (lines.stream().noneMatch(l -> l.startsWith(window + ",")))
                throw new BadInputException(results, "", "no results in window " + window);
            String source = results + " (aggregated per probe and window on Spark)";
            List<ResultsCsv.Row> rows = ResultsCsv.parse(ResultsCsv.HEADER + "\n" + String.join("\n", lines), source, topology);
            Diagnosis.Options at = new Diagnosis.Options(window, o.lossThreshold(), o.spikeMillis(), o.filter(), o.method(), o.top());
            return Diagnosis.localize(topology, rows, results, at, totals[2]);
        } finally {
            aggregates.unpersist(false);
        }
    }

    private static Tuple tuple(ProbeRecord r) {
        return new Tuple(r.agent(), r.target(), r.sourcePort(), r.destinationPort());
    }

    /** A tuple's windows of pings with the paths of their latest traceroutes (as {@link ProbesCsv}'s aggregation builds them). */
    private static Iterator<Aggregate> aggregate(Tuple2<Tuple, Tuple3<Iterable<Tuple2<Long, Pings>>, Iterable<Tuple2<Long, ProbesCsv.Trace>>,
            Iterable<Tuple2<Long, ProbesCsv.Trace>>>> t) {
        Tuple tuple = t._1;
        TreeMap<Long, ProbesCsv.Trace> forward = byWindow(t._2._2()), back = byWindow(t._2._3());
        List<Aggregate> out = new ArrayList<>();
        for (Tuple2<Long, Pings> w : t._2._1()) {
            long window = w._1;
            Pings p = w._2;
            String path = ProbesCsv.latest(forward, window);
            if (path == null) {
                out.add(new Aggregate(window, tuple, null, p.sent(), false));
                continue;
            }
            double[] rtts = p.rtts().clone();
            Arrays.sort(rtts);
            out.add(new Aggregate(window, tuple, ProbesCsv.resultLine(window, tuple.agent(), tuple.target(), tuple.sourcePort(), tuple.destinationPort(),
                    path, ProbesCsv.latest(back, window), p.sent(), p.lost(), ProbesCsv.p99(rtts)), p.sent(), rtts.length > 0));
        }
        return out.iterator();
    }

    private static TreeMap<Long, ProbesCsv.Trace> byWindow(Iterable<Tuple2<Long, ProbesCsv.Trace>> traces) {
        TreeMap<Long, ProbesCsv.Trace> m = new TreeMap<>();
        for (Tuple2<Long, ProbesCsv.Trace> t : traces) m.merge(t._1, t._2, ProbesCsv.Trace::later);
        return m;
    }

    /** Of a tuple's traced rows up to {@code window}: the window's, and the {@value #BASELINE} latest earlier ones with a p99. */
    private static Iterator<String> needed(Iterable<Aggregate> rows, long window) {
        List<Aggregate> earlier = new ArrayList<>();
        List<String> out = new ArrayList<>();
        for (Aggregate a : rows) {
            if (a.window() == window) out.add(a.line());
            else if (a.hasP99()) earlier.add(a);
        }
        earlier.sort((x, y) -> Long.compare(y.window(), x.window()));
        for (Aggregate a : earlier.subList(0, Math.min(BASELINE, earlier.size()))) out.add(a.line());
        return out.iterator();
    }

    /** Every record's 13 fields as text, in {@link ProbesCsv#HEADER}'s order. */
    private static JavaRDD<String[]> read(SparkSession spark, String results) {
        Dataset<Row> rows;
        try {
            if (ProbeResults.parquet(results)) {
                rows = spark.read().parquet(results);
            } else {
                StructType text = new StructType();
                for (String c : COLUMNS) text = text.add(c, DataTypes.StringType, true);
                // the header is checked against the columns' names; a line of the wrong shape fails the job
                rows = spark.read().option("header", "true").option("enforceSchema", "false").option("mode", "FAILFAST")
                        .schema(text).csv(results);
            }
            List<String> present = List.of(rows.columns());
            for (String c : COLUMNS)
                if (!present.contains(c))
                    throw new BadInputException(results, "columns", "expected a column '" + c + "'", "the columns are those of " + ProbesCsv.HEADER, null);
            Dataset<Row> read = rows;
            Column[] asText = Arrays.stream(COLUMNS).map(c -> read.col(c).cast(DataTypes.StringType)).toArray(Column[]::new);
            return read.select(asText).javaRDD().map(r -> {
                String[] f = new String[COLUMNS.length];
                for (int i = 0; i < f.length; i++) f[i] = r.isNullAt(i) ? "" : r.getString(i);
                return f;
            });
        } catch (BadInputException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new BadInputException(results, "", "cannot read it as " + (ProbeResults.parquet(results) ? "Parquet" : "CSV") + ": "
                    + String.valueOf(e.getMessage()).lines().findFirst().orElse(""), "records in the columns " + ProbesCsv.HEADER, e);
        }
    }
}
