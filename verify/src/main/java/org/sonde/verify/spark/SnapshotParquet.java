package org.sonde.verify.spark;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.sonde.core.BadInputException;
import org.sonde.core.EnvironmentException;
import org.sonde.verify.check.SliceContext;
import org.sonde.packet.Ipv4Prefix;
import org.sonde.verify.snapshot.Snapshot;
import org.sonde.verify.snapshot.SnapshotBuilder;
import org.sonde.verify.snapshot.SnapshotText;

/**
 * The columnar form of a snapshot's rules: {@code rules.parquet} in the snapshot directory (a Parquet
 * dataset that Spark, and any Parquet reader, reads column by column), beside the small text files
 * of {@link SnapshotText} (subnets, waypoints, logical switches). Columns: {@code switch} (string),
 * {@code ip} (int, the address as a signed 32-bit number), {@code mask_len} (int), {@code next_hops}
 * (array of strings: switches, or the single word deliver or drop), {@code priority} (int).
 */
public final class SnapshotParquet {
    public static final String RULES = "rules.parquet";

    static final StructType SCHEMA = new StructType()
            .add("switch", DataTypes.StringType, false)
            .add("ip", DataTypes.IntegerType, false)
            .add("mask_len", DataTypes.IntegerType, false)
            .add("next_hops", DataTypes.createArrayType(DataTypes.StringType, false), false)
            .add("priority", DataTypes.IntegerType, false);

    private SnapshotParquet() {}

    public static boolean present(Path dir) {
        return Files.isDirectory(dir.resolve(RULES));
    }

    /** Writes {@code dir/rules.parquet} (replacing one there); the text files of the snapshot are not touched. */
    public static void writeRules(Snapshot s, Path dir, SparkSession spark) {
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        Broadcast<SliceContext> names = jsc.broadcast(s.context());
        // rows are made on the executors from column-wise shards: millions of rules never sit on the driver as rows
        JavaRDD<Row> rows = jsc.parallelize(RuleShard.split(s, Math.max(1, s.ruleCount() / 250_000)))
                .flatMap(shard -> shard.rows(names.value()));
        spark.createDataFrame(rows, SCHEMA).write().mode(SaveMode.Overwrite).parquet(dir.resolve(RULES).toString());
        names.destroy();
    }

    /** Reads a snapshot whose rules are {@code dir/rules.parquet}; the subnets and the rest come from the text files beside it. */
    public static Snapshot read(Path dir, SparkSession spark) {
        Path rules = dir.resolve(RULES);
        if (!Files.isDirectory(rules)) throw new EnvironmentException("no " + rules, "write it with 'sonde verify generate --parquet'", null);
        Dataset<Row> rows;
        try {
            rows = spark.read().parquet(rules.toString());
        } catch (RuntimeException e) {
            throw new BadInputException(rules.toString(), "", "cannot read it as Parquet: " + e.getMessage(), null, e);
        }
        for (String column : SCHEMA.fieldNames())
            if (!List.of(rows.schema().fieldNames()).contains(column))
                throw new BadInputException(rules.toString(), "schema", "expected a column '" + column + "' (columns: switch, ip, mask_len, next_hops, priority)");
        SnapshotBuilder b = new SnapshotBuilder();
        long row = 0;
        Iterator<Row> it = rows.select("switch", "ip", "mask_len", "next_hops", "priority").toLocalIterator();
        while (it.hasNext()) {
            Row r = it.next();
            row++;
            try {
                int length = r.getInt(2);
                List<String> hops = r.getList(3);
                b.addRule(r.getString(0), new Ipv4Prefix(r.getInt(1), length), hops, r.getInt(4));
            } catch (IllegalArgumentException | NullPointerException | ClassCastException e) {
                throw new BadInputException(rules.toString(), "row " + row, e.getMessage() == null ? e.toString() : e.getMessage());
            }
        }
        return SnapshotText.readExtras(dir, b);
    }
}
