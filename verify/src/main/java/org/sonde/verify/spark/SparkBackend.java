package org.sonde.verify.spark;

import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import org.sonde.spark.SparkSessions;
import org.sonde.verify.check.Check;
import org.sonde.verify.check.SliceChecker;
import org.sonde.verify.check.SliceContext;
import org.sonde.verify.check.SubnetTrie;
import org.sonde.verify.check.Violation;
import org.sonde.verify.run.Backend;
import org.sonde.verify.run.PhaseTimes;
import org.sonde.verify.run.VerificationResult;
import org.sonde.verify.run.VerifyProgress;
import org.sonde.verify.snapshot.Snapshot;
import scala.Tuple2;

/**
 * Libra on Apache Spark. The driver cuts the rules into shards; mappers hold the subnet trie
 * (broadcast) and emit, per shard and subnet, the matching rules' reducer fields (§4.4.1: mask
 * length, switch, next hops, priority), combined per shard so a subnet travels as a few arrays, not
 * millions of records; the shuffle groups them by subnet; reducers run the same {@link SliceChecker}
 * as the in-process backend. Each phase runs as its own Spark job so its time can be told apart.
 *
 * <p>{@code master} is any Spark master URL: {@code local[*]} (embedded, the default) or a cluster's
 * ({@code spark://host:7077}, {@code yarn}, ...); on a cluster the executors need Sonde's jar, which
 * is what spark-submit gives them.
 */
public final class SparkBackend implements Backend {
    private final String master;
    private final int partitions;

    /** @param partitions shards of rules and of subnets; 0 for twice Spark's default parallelism */
    public SparkBackend(String master, int partitions) {
        this.master = master;
        this.partitions = partitions;
    }

    @Override
    public String name() {
        return "spark";
    }

    /** A session for verification jobs on {@code master}. */
    public static SparkSession session(String master) {
        return SparkSessions.session("sonde verify", master);
    }

    @Override
    public VerificationResult verify(Snapshot s, Set<Check> checks, VerifyProgress progress) {
        return failingAsEnvironment(() -> {
            long t0 = System.nanoTime();
            SparkSession spark = session(master);
            JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
            int shards = shards(jsc);
            JavaRDD<RuleShard> shardRdd = jsc.parallelize(RuleShard.split(s, shards), shards);
            return pipeline(jsc, shardRdd, s.context(), s.ruleCount(), shards, checks, progress, t0);
        });
    }

    /**
     * Checks a snapshot directory that Spark reads itself, on whatever file system its URI names
     * (a local directory, {@code hdfs://...}, {@code s3a://...}): the rules from
     * {@code rules.parquet}, read and mapped by the executors, shard by shard; the small files
     * (subnets, waypoints) on the driver. Only the switch names and the distinct next-hop sets come
     * to the driver, to number them.
     */
    public VerificationResult verifyStored(String dir, Set<Check> checks, VerifyProgress progress) {
        return failingAsEnvironment(() -> {
            long t0 = System.nanoTime();
            SparkSession spark = session(master);
            JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
            StoredSnapshot stored = StoredSnapshot.open(spark, dir);
            Broadcast<StoredSnapshot.Dictionary> dictionary = jsc.broadcast(stored.dictionary());
            int shards = shards(jsc);
            JavaRDD<RuleShard> shardRdd = stored.rules().javaRDD().repartition(shards)
                    .mapPartitions(rows -> List.of(dictionary.value().shard(rows)).iterator());
            VerificationResult r = pipeline(jsc, shardRdd, stored.context(), (int) stored.ruleCount(), shards, checks, progress, t0);
            dictionary.destroy();
            return r;
        });
    }

    private int shards(JavaSparkContext jsc) {
        return partitions > 0 ? partitions : Math.max(2, 2 * jsc.defaultParallelism());
    }

    private VerificationResult failingAsEnvironment(java.util.concurrent.Callable<VerificationResult> body) {
        return SparkSessions.job(master, body);
    }

    /** Map, shuffle and reduce over shards of rules, each phase a Spark job of its own. */
    private VerificationResult pipeline(JavaSparkContext jsc, JavaRDD<RuleShard> shardRdd, SliceContext context, int rules,
                                        int shards, Set<Check> checks, VerifyProgress progress, long t0) {
        Broadcast<SliceContext> contextB = jsc.broadcast(context);
        Broadcast<SubnetTrie> trieB = jsc.broadcast(new SubnetTrie(context.subnets()));
        int subnets = context.subnets().length;
        long t1 = System.nanoTime();

        progress.update("map", 0, rules);
        JavaPairRDD<Integer, int[]> mapped = shardRdd.flatMapToPair(shard -> map(shard, trieB.value())).persist(StorageLevel.MEMORY_ONLY());
        long pairs = mapped.map(t -> (long) (t._2.length / SliceChecker.FIELDS)).fold(0L, Long::sum);
        long t2 = System.nanoTime();
        progress.update("map", rules, rules);

        JavaPairRDD<Integer, int[]> grouped = mapped.groupByKey(shards).mapValues(SparkBackend::concat).persist(StorageLevel.MEMORY_ONLY());
        grouped.count();
        mapped.unpersist(false);
        long t3 = System.nanoTime();
        progress.update("shuffle", pairs, pairs);

        List<Violation> violations = new ArrayList<>(grouped.mapPartitions(it -> {
            SliceChecker checker = new SliceChecker(contextB.value(), checks);
            List<Violation> out = new ArrayList<>();
            while (it.hasNext()) {
                Tuple2<Integer, int[]> t = it.next();
                out.addAll(checker.check(t._1, t._2, t._2.length / SliceChecker.FIELDS));
            }
            return out.iterator();
        }).collect());
        grouped.unpersist(false);
        contextB.destroy();
        trieB.destroy();
        Collections.sort(violations);
        long t4 = System.nanoTime();
        progress.update("reduce", subnets, subnets);
        return new VerificationResult(name(), checks, context.switchCount(), rules, subnets, pairs, violations,
                new PhaseTimes(t1 - t0, t2 - t1, t3 - t2, t4 - t3));
    }

    /** The mapper: each rule of the shard against the trie, the reducer fields gathered per subnet. */
    private static Iterator<Tuple2<Integer, int[]>> map(RuleShard shard, SubnetTrie trie) {
        Int2ObjectOpenHashMap<IntArrayList> bySubnet = new Int2ObjectOpenHashMap<>();
        for (int i = 0; i < shard.size(); i++) {
            long range = trie.matching(shard.addresses()[i], shard.lengths()[i]);
            for (int sub = SubnetTrie.first(range); sub < SubnetTrie.end(range); sub++) {
                IntArrayList fields = bySubnet.get(sub);
                if (fields == null) bySubnet.put(sub, fields = new IntArrayList());
                fields.add(shard.switches()[i]);
                fields.add(shard.lengths()[i]);
                fields.add(shard.priorities()[i]);
                fields.add(shard.nextHops()[i]);
            }
        }
        List<Tuple2<Integer, int[]>> out = new ArrayList<>(bySubnet.size());
        bySubnet.int2ObjectEntrySet().fastForEach(e -> out.add(new Tuple2<>(e.getIntKey(), e.getValue().toIntArray())));
        return out.iterator();
    }

    private static int[] concat(Iterable<int[]> parts) {
        int n = 0;
        for (int[] p : parts) n += p.length;
        int[] all = new int[n];
        int at = 0;
        for (int[] p : parts) {
            System.arraycopy(p, 0, all, at, p.length);
            at += p.length;
        }
        return all;
    }
}
