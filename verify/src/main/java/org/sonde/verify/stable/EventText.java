package org.sonde.verify.stable;

import java.util.List;
import java.util.regex.Pattern;
import org.sonde.core.BadInputException;
import org.sonde.core.InputFiles;
import org.sonde.packet.Ipv4Address;
import org.sonde.packet.Ipv4Prefix;
import org.sonde.verify.snapshot.RuleUpdate;

/**
 * The text form of a routing-event stream, one event per line, in the order the checker receives
 * them: {@code time_ms process op switch ip mask_len next_hops priority}, where op is add, del or
 * mod and a del's next_hops is {@code -}; {@code #} starts a comment line.
 */
public final class EventText {
    // compiled once: String.split compiles a pattern of more than one character on every call
    private static final Pattern FIELD_SEPARATOR = Pattern.compile("\\s+");
    private final InputFiles.Lines in;
    private long sequence;

    /** Events from {@code in} ({@link InputFiles#lines}: a file's, or standard input's). */
    public EventText(InputFiles.Lines in) {
        this.in = in;
    }

    /** The next event, or null at the end of the stream. */
    public RoutingEvent next() {
        String text;
        while ((text = in.next()) != null) {
            String t = text.strip();
            if (t.isEmpty() || t.startsWith("#")) continue;
            return parse(t);
        }
        return null;
    }

    private BadInputException bad(String problem) {
        return new BadInputException(in.source(), "line " + in.number(), problem);
    }

    private RoutingEvent parse(String t) {
        String[] f = FIELD_SEPARATOR.split(t);
        if (f.length != 8) throw bad("expected 8 fields 'time_ms process op switch ip mask_len next_hops priority', got " + f.length + ": '" + t + "'");
        long ms;
        try {
            ms = Long.parseLong(f[0]);
        } catch (NumberFormatException e) {
            throw bad("expected a time in milliseconds in field 1, got '" + f[0] + "'");
        }
        if (ms < 0 || ms > Long.MAX_VALUE / 2_000_000) throw bad("time " + ms + " ms is out of range");
        RuleUpdate.Op op = RuleUpdate.Op.ofWord(f[2]);
        if (op == null) throw bad("expected add, del or mod in field 3, got '" + f[2] + "'");
        long address = Ipv4Address.parseValue(f[4], 0, f[4].length());
        if (address < 0) throw bad("expected an IPv4 address a.b.c.d in field 5, got '" + f[4] + "'");
        int length = Ipv4Prefix.parseLength(f[5], 0, f[5].length());
        if (length < 0 || length > 32) throw bad("expected a mask length 0..32 in field 6, got '" + f[5] + "'");
        if (((int) address & ~Ipv4Prefix.mask(length)) != 0) throw bad("expected no address bits after the first " + length + " in " + f[4] + "/" + length);
        int priority;
        try {
            priority = Integer.parseInt(f[7]);
        } catch (NumberFormatException e) {
            throw bad("expected an integer priority in field 8, got '" + f[7] + "'");
        }
        List<String> hops = op == RuleUpdate.Op.DELETE ? List.of() : List.of(f[6].split(",", -1));
        if (op != RuleUpdate.Op.DELETE && (f[6].equals("-") || hops.stream().anyMatch(String::isEmpty)))
            throw bad("expected next hops 'switch[,switch...]', 'deliver' or 'drop' in field 7, got '" + f[6] + "'");
        return new RoutingEvent(ms * 1_000_000L, f[1], new RuleUpdate(op, f[3], new Ipv4Prefix((int) address, length), hops, priority), sequence++);
    }

    /** One event as a line of this format. */
    public static String format(RoutingEvent e) {
        RuleUpdate u = e.update();
        return (e.timestampNanos() / 1_000_000L) + " " + e.process() + " " + u.op().word() + " " + u.switchName() + " "
                + Ipv4Address.format(u.prefix().address()) + " " + u.prefix().length() + " "
                + (u.op() == RuleUpdate.Op.DELETE ? "-" : String.join(",", u.nextHops())) + " " + u.priority();
    }

    /** The line number of the last event read. */
    public long line() {
        return in.number();
    }
}
