package org.sonde.verify.spark;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.explode;

import it.unimi.dsi.fastutil.ints.IntArrayList;
import java.io.IOException;
import java.io.Serial;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.sonde.core.BadInputException;
import org.sonde.core.EnvironmentException;
import org.sonde.verify.check.SliceContext;
import org.sonde.verify.snapshot.NextHops;
import org.sonde.packet.Ipv4Prefix;
import org.sonde.verify.snapshot.Snapshot;
import org.sonde.verify.snapshot.SnapshotBuilder;
import org.sonde.verify.snapshot.SnapshotText;

/**
 * A snapshot directory as Spark sees it, on any file system Spark reads: the rules stay a
 * distributed {@code rules.parquet} dataset; the driver learns only what numbering needs (the
 * switch names, the distinct next-hop sets, the edge switches) and reads the small text files.
 */
final class StoredSnapshot {
    private static final String DELIVER_ONLY = "size(next_hops) = 1 AND next_hops[0] = '" + NextHops.DELIVER_WORD + "'";

    /** Names and next-hop sets to numbers, as the executors turn rows into shards. */
    record Dictionary(Map<String, Integer> switchIds, Map<List<String>, Integer> nextHopIds) implements Serializable {
        @Serial
        private static final long serialVersionUID = 1L;

        RuleShard shard(Iterator<Row> rows) {
            IntArrayList sw = new IntArrayList(), addr = new IntArrayList(), len = new IntArrayList(), prio = new IntArrayList(), nh = new IntArrayList();
            while (rows.hasNext()) {
                Row r = rows.next();
                sw.add(switchIds.get(r.getString(0)));
                addr.add(r.getInt(1));
                len.add(r.getInt(2));
                nh.add(nextHopIds.get(new ArrayList<String>(r.getList(3))));
                prio.add(r.getInt(4));
            }
            byte[] lengths = new byte[len.size()];
            for (int i = 0; i < lengths.length; i++) lengths[i] = (byte) len.getInt(i);
            return new RuleShard(sw.toIntArray(), addr.toIntArray(), lengths, prio.toIntArray(), nh.toIntArray());
        }
    }

    private final Dataset<Row> rules;
    private final Dictionary dictionary;
    private final SliceContext context;
    private final long ruleCount;

    private StoredSnapshot(Dataset<Row> rules, Dictionary dictionary, SliceContext context, long ruleCount) {
        this.rules = rules;
        this.dictionary = dictionary;
        this.context = context;
        this.ruleCount = ruleCount;
    }

    Dataset<Row> rules() { return rules; }
    Dictionary dictionary() { return dictionary; }
    SliceContext context() { return context; }
    long ruleCount() { return ruleCount; }

    static StoredSnapshot open(SparkSession spark, String dir) {
        String where = dir + "/" + SnapshotParquet.RULES;
        Dataset<Row> rules;
        try {
            rules = spark.read().parquet(where);
        } catch (RuntimeException e) {
            throw new BadInputException(where, "", "cannot read it as Parquet: " + String.valueOf(e.getMessage()).lines().findFirst().orElse(""), null, e);
        }
        for (String column : SnapshotParquet.SCHEMA.fieldNames())
            if (!List.of(rules.schema().fieldNames()).contains(column))
                throw new BadInputException(where, "schema", "expected a column '" + column + "' (columns: switch, ip, mask_len, next_hops, priority)");
        rules = rules.select("switch", "ip", "mask_len", "next_hops", "priority").cache();
        // what would fail on an executor is found here, with the row that is wrong
        List<Row> bad = rules.filter("switch IS NULL OR ip IS NULL OR mask_len IS NULL OR next_hops IS NULL OR priority IS NULL"
                + " OR mask_len < 0 OR mask_len > 32 OR size(next_hops) = 0 OR (mask_len = 0 AND ip != 0)"
                + " OR (mask_len > 0 AND mask_len < 32 AND (ip & (shiftleft(1, 32 - mask_len) - 1)) != 0)").limit(1).collectAsList();
        if (!bad.isEmpty())
            throw new BadInputException(where, "row " + bad.getFirst(), "expected a switch, an address with no bits after its mask length"
                    + " (0..32), at least one next hop and a priority");
        long count = rules.count();

        SnapshotBuilder b = new SnapshotBuilder();
        try {
            for (Row r : rules.select(col("switch").as("name")).union(rules.select(explode(col("next_hops")).as("name"))).distinct().collectAsList()) {
                String name = r.getString(0);
                if (!name.equals(NextHops.DELIVER_WORD) && !name.equals(NextHops.DROP_WORD)) b.switchId(name);
            }
            Map<List<String>, Integer> nextHopIds = new HashMap<>();
            for (Row r : rules.select("next_hops").distinct().collectAsList()) {
                List<String> hops = new ArrayList<>(r.getList(0));
                int id = hops.equals(List.of(NextHops.DELIVER_WORD)) ? NextHops.DELIVER
                        : hops.equals(List.of(NextHops.DROP_WORD)) ? NextHops.DROP : b.groupOf(hops);
                nextHopIds.put(hops, id);
            }
            Path local = copySmallFiles(spark, dir);
            if (!Files.exists(local.resolve(SnapshotText.SUBNETS)))
                for (Row r : rules.filter(DELIVER_ONLY).select("ip", "mask_len").distinct().collectAsList())
                    b.addSubnet(new Ipv4Prefix(r.getInt(0), r.getInt(1)));
            Snapshot names = SnapshotText.readExtras(local, dir, b);
            Map<String, Integer> switchIds = new HashMap<>();
            for (int i = 0; i < names.switchCount(); i++) switchIds.put(names.switchName(i), i);
            boolean[] edge = new boolean[names.switchCount()];
            for (Row r : rules.filter(DELIVER_ONLY).select("switch").distinct().collectAsList()) edge[switchIds.get(r.getString(0))] = true;
            SliceContext c = names.context();
            return new StoredSnapshot(rules, new Dictionary(switchIds, nextHopIds),
                    new SliceContext(c.switchNames(), c.groups(), c.subnets(), c.waypointsBySubnet(), edge), count);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(where, "", e.getMessage());
        }
    }

    /** The snapshot's small text files, copied from wherever they are to a local directory. */
    private static Path copySmallFiles(SparkSession spark, String dir) {
        try {
            Path local = Files.createTempDirectory("sonde-snapshot");
            local.toFile().deleteOnExit();
            org.apache.hadoop.fs.Path remote = new org.apache.hadoop.fs.Path(dir);
            FileSystem fs = remote.getFileSystem(spark.sparkContext().hadoopConfiguration());
            for (String name : List.of(SnapshotText.SUBNETS, SnapshotText.WAYPOINTS, SnapshotText.LOGICAL)) {
                org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(remote, name);
                if (!fs.exists(file)) continue;
                Path target = local.resolve(name);
                fs.copyToLocalFile(false, file, new org.apache.hadoop.fs.Path(target.toUri()), true);
                target.toFile().deleteOnExit();
            }
            return local;
        } catch (IOException e) {
            throw new EnvironmentException("cannot read the snapshot's text files in " + dir + ": " + e.getMessage(), null, e);
        }
    }
}
