package org.sonde.probe.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.sonde.core.BadInputException;
import org.sonde.core.EnvironmentException;
import org.sonde.probe.localize.ProbeRecord;
import org.sonde.probe.localize.ProbesCsv;

/**
 * The agents' per-probe records as a Parquet file, the columnar form a data sink keeps and Spark
 * reads column by column: {@link ProbesCsv#HEADER}'s columns, typed (windows, times and ports as
 * integers, the round trip as an optional double in milliseconds, rounded as the CSV writes it,
 * the rest as strings; {@code hops} space-separated). Written and read without Spark, through
 * parquet-java on the local file system.
 */
public final class ProbesParquet {
    static final MessageType SCHEMA = MessageTypeParser.parseMessageType("""
            message probe_record {
              required int64 window;
              required int64 timeMillis;
              required binary kind (STRING);
              required binary agent (STRING);
              required binary target (STRING);
              required binary source (STRING);
              required int32 sourcePort;
              required binary destination (STRING);
              required int32 destinationPort;
              required binary protocol (STRING);
              required binary outcome (STRING);
              optional double rttMillis;
              required binary hops (STRING);
            }""");

    private ProbesParquet() {}

    /** Writes {@code records} to {@code file} whole: a reader never sees part of it. */
    public static void write(Path file, List<ProbeRecord> records) {
        Path staged = file.resolveSibling("." + file.getFileName() + ".partial");
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(staged)).withType(SCHEMA)
                .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withCompressionCodec(CompressionCodecName.SNAPPY)
                .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_2_0).build()) {
            for (ProbeRecord r : records) {
                Group g = groups.newGroup()
                        .append("window", r.window()).append("timeMillis", r.timeMillis())
                        .append("kind", r.kind().name().toLowerCase(Locale.ROOT)).append("agent", r.agent()).append("target", r.target())
                        .append("source", r.source()).append("sourcePort", r.sourcePort()).append("destination", r.destination())
                        .append("destinationPort", r.destinationPort()).append("protocol", "tcp").append("outcome", r.outcome().word());
                if (!Double.isNaN(r.rttMillis())) g.append("rttMillis", Double.parseDouble(ProbesCsv.millis(r.rttMillis())));
                g.append("hops", String.join(" ", r.hops()));
                w.write(g);
            }
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(staged);
            } catch (IOException ignored) {
                // the write's own failure is the one to report
            }
            throw new EnvironmentException("cannot write " + file + ": " + e.getMessage(), "check the directory and free space", e);
        }
        try {
            Files.move(staged, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new EnvironmentException("cannot write " + file + ": " + e.getMessage(), "check the directory", e);
        }
    }

    /** The records of a file {@link #write} wrote (or any Parquet file with those columns); errors name the file, row and column. */
    public static List<ProbeRecord> read(Path file) {
        List<ProbeRecord> out = new ArrayList<>();
        try (ParquetReader<Group> r = new GroupReader(new LocalInputFile(file)).build()) {
            long row = 0;
            for (Group g = r.read(); g != null; g = r.read()) {
                row++;
                out.add(ProbesCsv.record(fields(g, file, row), file.toString(), "row " + row));
            }
        } catch (BadInputException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new BadInputException(file.toString(), "", "cannot read it as Parquet: " + e.getMessage(),
                    "records in the columns " + ProbesCsv.HEADER, e);
        }
        return out;
    }

    /** parquet-java's reader of example groups from a file of any file system, Hadoop's or not. */
    private static final class GroupReader extends ParquetReader.Builder<Group> {
        GroupReader(InputFile file) {
            super(file);
        }

        @Override
        protected ReadSupport<Group> getReadSupport() {
            return new GroupReadSupport();
        }
    }

    /** A row's values as the CSV's 13 fields. */
    private static String[] fields(Group g, Path file, long row) {
        String[] columns = ProbesCsv.HEADER.split(",");
        String[] f = new String[columns.length];
        for (int i = 0; i < columns.length; i++) {
            String c = columns[i];
            if (!g.getType().containsField(c))
                throw new BadInputException(file.toString(), "columns", "expected a column '" + c + "'", "the columns are those of " + ProbesCsv.HEADER, null);
            if (g.getFieldRepetitionCount(c) == 0) {
                f[i] = "";
                continue;
            }
            f[i] = switch (g.getType().getType(c).asPrimitiveType().getPrimitiveTypeName()) {
                case INT64 -> Long.toString(g.getLong(c, 0));
                case INT32 -> Integer.toString(g.getInteger(c, 0));
                case DOUBLE -> ProbesCsv.millis(g.getDouble(c, 0));
                case BINARY -> g.getString(c, 0);
                default -> throw new BadInputException(file.toString(), "row " + row + ", " + c, "a column of an unexpected type "
                        + g.getType().getType(c));
            };
        }
        return f;
    }
}
