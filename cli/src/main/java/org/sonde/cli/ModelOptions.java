package org.sonde.cli;

import java.nio.file.Path;
import org.sonde.core.UsageException;
import org.sonde.dataplane.io.ModelSource;
import picocli.CommandLine.Option;

/** The options naming a data-plane model, shared by the commands that read one (a picocli mixin). */
public final class ModelOptions {
    @Option(names = "--network", required = true, paramLabel = "DIR",
            description = "The model: a hassel, APKeep, Stanford backbone or raw Internet2 directory (Junos forwarding tables,"
                    + " show_interfaces.xml, port_map.txt), or a Sonde network JSON file (or a directory with network.json).")
    Path network;

    @Option(names = "--format", required = true, paramLabel = "FORMAT", converter = FormatConverter.class,
            description = "hassel (hassel .tf files and port_map.txt), stanford-apkeep (APKeep's Stanford snapshot: FIB, ACLs,"
                    + " VLANs, topology), stanford (the raw Stanford backbone: Cisco configs, FIBs, ARP, MAC and spanning-tree"
                    + " tables; needs --topology), internet2 (the raw Internet2 Junos files) or json (Sonde's model).")
    String format;

    @Option(names = "--topology", paramLabel = "FILE",
            description = "--format stanford only (required there): the inter-router links, one"
                    + " '<device> <port> <device> <port>' line each (short port names such as te1/3; # comments),"
                    + " or the stanford-apkeep snapshot directory, whose topo.txt gives them (ACL nodes collapsed).")
    Path topology;

    /** The model these options name, checked: a topology exactly for the stanford format. */
    public ModelSource source() {
        if (format.equals(ModelSource.STANFORD) && topology == null)
            throw new UsageException("--format stanford needs --topology FILE: " + ModelSource.TOPOLOGY_NEEDED,
                    "add --topology ../shared/datasets/stanford-apkeep (or a file of such lines)");
        if (!format.equals(ModelSource.STANFORD) && topology != null)
            throw new UsageException("--topology only applies to --format stanford; " + format + " models hold their links");
        return new ModelSource(format, network.toString(), topology == null ? null : topology.toString());
    }

    /** A format the dataplane module reads. */
    static final class FormatConverter implements picocli.CommandLine.ITypeConverter<String> {
        @Override
        public String convert(String value) {
            if (!ModelSource.FORMATS.contains(value)) {
                throw new picocli.CommandLine.TypeConversionException("'" + value + "' is not a network format; the formats are "
                        + String.join(", ", ModelSource.FORMATS));
            }
            return value;
        }
    }

    /** The --network path as given. */
    public Path network() {
        return network;
    }

    /** The --format as given. */
    public String format() {
        return format;
    }
}
