package org.sonde.cli;

import java.nio.file.Path;
import java.util.ListResourceBundle;
import org.sonde.core.UsageException;
import org.sonde.dataplane.io.ModelFormat;
import org.sonde.dataplane.io.ModelFormats;
import org.sonde.dataplane.io.ModelSource;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The options naming a data-plane model, shared by the commands that read one (a picocli mixin). */
@Command(resourceBundle = "org.sonde.cli.ModelOptions$Help")
public final class ModelOptions {
    @Option(names = "--network", required = true, paramLabel = "DIR",
            description = "The model: a hassel, APKeep, Stanford backbone or raw Internet2 directory (Junos forwarding tables,"
                    + " show_interfaces.xml, port_map.txt), or a Sonde network JSON file (or a directory with network.json).")
    Path network;

    // The formats and their help come from the dataplane's registry (see Help).
    @Option(names = "--format", required = true, paramLabel = "FORMAT", converter = FormatConverter.class, description = "${model.formats}")
    String format;

    @Option(names = "--topology", paramLabel = "FILE",
            description = "--format stanford only (required there): the inter-router links, one"
                    + " '<device> <port> <device> <port>' line each (short port names such as te1/3; # comments),"
                    + " or the stanford-apkeep snapshot directory, whose topo.txt gives them (ACL nodes collapsed).")
    Path topology;

    /** The model these options name, checked: a topology exactly for the formats that need one. */
    public ModelSource source() {
        ModelFormat f = ModelFormats.find(format).orElseThrow();
        if (f.needsTopology() && topology == null)
            throw new UsageException("--format " + format + " needs --topology FILE: " + f.topology().why(), f.topology().hint());
        if (!f.needsTopology() && topology != null)
            throw new UsageException("--topology only applies to --format " + ModelFormats.withTopology() + "; " + format + " models hold their links");
        return new ModelSource(format, network.toString(), topology == null ? null : topology.toString());
    }

    /** A format the dataplane module reads. */
    static final class FormatConverter implements picocli.CommandLine.ITypeConverter<String> {
        @Override
        public String convert(String value) {
            if (ModelFormats.find(value).isEmpty()) {
                throw new picocli.CommandLine.TypeConversionException("'" + value + "' is not a network format; the formats are "
                        + String.join(", ", ModelFormats.names()));
            }
            return value;
        }
    }

    /**
     * The help texts picocli takes from the registry: annotation values must be constants, a resource bundle need not.
     * Public although nothing names it: ResourceBundle instantiates it by name through its public constructor.
     */
    public static final class Help extends ListResourceBundle {
        @Override
        protected Object[][] getContents() {
            return new Object[][] {{"model.formats", ModelFormats.help()}};
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
