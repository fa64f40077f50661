package org.sonde.dataplane.io.cisco;

import static org.sonde.dataplane.io.text.Text.bad;
import static org.sonde.dataplane.io.text.Text.clip;

import java.util.ArrayList;
import java.util.List;
import org.sonde.dataplane.io.text.Line;
import org.sonde.dataplane.io.text.Text;

/**
 * A {@code show ip arp} table: header {@code Protocol Address Age (min) Hardware Addr Type
 * Interface}, then {@code Internet <ip> <age|-> <mac|Incomplete> ARPA [<interface>]}. The
 * Stanford captures pad the first line with NUL bytes before the header; they are dropped.
 * Incomplete entries (no MAC learnt) are counted, not kept.
 */
public record CiscoArp(List<Entry> entries, int incomplete) {
    public CiscoArp {
        entries = List.copyOf(entries);
    }

    /** One resolved address; {@code iface} in short lowercase form, "" when the row has none. */
    public record Entry(int line, long ip, long mac, String iface) {}

    private static final List<String> HEADER = List.of("Protocol", "Address", "Age", "(min)", "Hardware", "Addr", "Type", "Interface");

    /** Parses a table; {@code file} names it in error messages. */
    public static CiscoArp parse(String file, String text) {
        List<Entry> entries = new ArrayList<>();
        int incomplete = 0;
        boolean header = false;
        for (Line l : Text.lines(text.replace("\0", ""))) {
            List<String> t = l.tokens();
            if (t.isEmpty()) continue;
            if (!header) {
                if (!t.equals(HEADER)) throw bad(file, l.number(), "expected the header \"Protocol Address Age (min) Hardware Addr Type Interface\", got \"" + clip(l.body()) + "\"");
                header = true;
                continue;
            }
            if (t.size() < 5 || t.size() > 6 || !t.get(0).equals("Internet") || !t.get(4).equals("ARPA"))
                throw bad(file, l.number(), "expected \"Internet <address> <age> <mac> ARPA [<interface>]\", got \"" + clip(l.body()) + "\"");
            long ip = Text.ip(file, l.number(), "address", t.get(1));
            if (!t.get(2).equals("-")) Text.number(file, l.number(), "age", t.get(2), 0, Integer.MAX_VALUE);
            if (t.get(3).equals("Incomplete")) {
                incomplete++;
                continue;
            }
            long mac = CiscoText.mac(file, l.number(), t.get(3));
            entries.add(new Entry(l.number(), ip, mac, t.size() == 6 ? CiscoText.interfaceName(file, l.number(), t.get(5)) : ""));
        }
        if (!header) throw bad(file, 1, "expected the header \"Protocol Address Age (min) Hardware Addr Type Interface\", but the file is empty");
        return new CiscoArp(entries, incomplete);
    }
}
