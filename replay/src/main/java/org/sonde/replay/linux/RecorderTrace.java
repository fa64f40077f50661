package org.sonde.replay.linux;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sonde.core.BadInputException;

/**
 * Reads the recorder's output ({@code recorder.bt}: one event a line, its first letter its kind) into one
 * {@link RecordedConnection} per connection, in the order the clients connected. Sockets are known by their kernel
 * address while they live (an address is reused once a socket closed); a client is a socket that went
 * {@code CLOSE -> SYN_SENT}, a server one that went {@code LISTEN -> SYN_RECV}; drops are matched by their four-tuple.
 * A read's or write's sleeps (S and U lines of its thread between its entry and its return) give the spans it held
 * the socket; W and R lines without a thread id (a recorder before the S and U lines) give calls without them.
 * A malformed line is a {@link BadInputException} naming the source and the line.
 */
final class RecorderTrace {
    /** The kernel's TCP states (include/net/tcp_states.h) the reader uses. */
    static final int ESTABLISHED = 1, SYN_SENT = 2, SYN_RECV = 3, FIN_WAIT1 = 4, CLOSE = 7, CLOSE_WAIT = 8, LAST_ACK = 9, LISTEN = 10;
    private static final String[] CA_STATES = {"Open", "Disorder", "CWR", "Recovery", "Loss"};

    private final String source;
    private final Map<String, Socket> live = new HashMap<>();
    private final List<Socket> clients = new ArrayList<>();
    private final Map<String, Socket> byTuple = new LinkedHashMap<>();
    private final List<Object[]> drops = new ArrayList<>();
    private final List<long[]> ticks = new ArrayList<>();
    /** Each thread's sleeps since its last read or write: start, end (-1 while it sleeps). */
    private final Map<Long, List<long[]>> sleeps = new HashMap<>();
    private int lineNumber;

    /** One socket of the run while the recorder saw it. */
    private static final class Socket {
        final boolean client;
        long openNanos, establishedNanos = -1;
        String localIp, remoteIp;
        int localPort, remotePort;
        Long iss, irs, tsOffset;
        final List<AppCall> calls = new ArrayList<>();
        final List<KernelEvent> events = new ArrayList<>();

        Socket(boolean client, long openNanos) {
            this.client = client;
            this.openNanos = openNanos;
        }
    }

    private RecorderTrace(String source) {
        this.source = source;
    }

    /**
     * The connections of the recorder's {@code lines}; {@code source} names them in errors. bpftrace writes each CPU's
     * events as it drains that CPU's buffer, so the lines are put in the order of their times first (a socket's
     * address is reused only after its close, which the order must show before the next socket's opening).
     */
    static List<RecordedConnection> read(List<String> lines, String source) {
        return parse(lines, source).connections();
    }

    /** The recorder's connections and the kernel's timer tick (null when the recorder saw too few timers run to tell it). */
    record Trace(List<RecordedConnection> connections, KernelTimerTick timerTick) {}

    /** {@link #read}, with the timer tick of the recorder's J lines. */
    static Trace parse(List<String> lines, String source) {
        RecorderTrace t = new RecorderTrace(source);
        List<long[]> order = new ArrayList<>(); // time, line number
        for (String line : lines) {
            t.lineNumber++;
            if (line.isBlank() || line.startsWith("Attaching ")) continue;
            String[] f = line.strip().split(" ");
            order.add(new long[] {f.length > 1 ? t.number(f[1]) : 0, t.lineNumber - 1});
        }
        order.sort((a, b) -> Long.compare(a[0], b[0])); // stable: same-time lines keep their order
        for (long[] o : order) {
            t.lineNumber = (int) o[1] + 1;
            t.line(lines.get((int) o[1]).strip());
        }
        return new Trace(t.connections(), KernelTimerTick.of(t.ticks));
    }

    private void line(String line) {
        String[] f = line.split(" ");
        switch (f[0]) {
            case "B" -> number(fields(f, 2)[1]);
            case "T" -> state(fields(f, 9));
            case "E" -> {
                fields(f, 6);
                Socket s = live.get(f[2]);
                if (s == null) return;
                s.iss = number(f[3]);
                s.irs = number(f[4]);
                s.tsOffset = number(f[5]);
            }
            case "W", "R" -> {
                if (f.length != 5) fields(f, 6);
                Socket s = live.get(f[2]);
                long bytes = Long.parseLong(signed(f[4]));
                long time = number(f[1]), entry = number(f[3]);
                List<long[]> slept = f.length == 6 ? sleeps.remove(number(f[5])) : null;
                if (s == null || bytes <= 0) return; // an error or EAGAIN takes nothing; a read of 0 is the peer's FIN
                // a write counts from its entry (the kernel takes the bytes then), a read from its return (it took them then)
                boolean write = f[0].equals("W");
                List<AppCall.Held> held = f.length == 6 && entry != 0 ? held(entry, time, slept) : List.of();
                s.calls.add(new AppCall(write ? AppCall.Kind.WRITE : AppCall.Kind.READ, write && entry != 0 ? entry : time, bytes, held));
            }
            case "S" -> {
                fields(f, 3);
                sleeps.computeIfAbsent(number(f[2]), k -> new ArrayList<>()).add(new long[] {number(f[1]), -1});
            }
            case "U" -> {
                fields(f, 3);
                List<long[]> l = sleeps.get(number(f[2]));
                if (l != null && l.getLast()[1] < 0) l.getLast()[1] = number(f[1]);
            }
            case "X" -> {
                fields(f, 3);
                Socket s = live.get(f[2]);
                if (s != null) s.events.add(new KernelEvent(s.client, number(f[1]), "retransmission"));
            }
            case "C" -> {
                fields(f, 4);
                Socket s = live.get(f[2]);
                int state = (int) number(f[3]);
                if (s != null) s.events.add(new KernelEvent(s.client, number(f[1]), "congestion state " + (state < CA_STATES.length ? CA_STATES[state] : state)));
            }
            case "D" -> {
                fields(f, 10);
                drops.add(new Object[] {f[2] + ":" + number(f[3]) + ">" + f[4] + ":" + number(f[5]), number(f[1]), number(f[6]), number(f[7]),
                        (int) number(f[8]), (int) Long.parseLong(signed(f[9]))});
            }
            case "J" -> {
                fields(f, 3);
                ticks.add(new long[] {number(f[1]), number(f[2])});
            }
            default -> throw bad("an event of kind '" + f[0] + "'", "the recorder writes B, T, E, W, R, S, U, X, C, D and J lines");
        }
    }

    /**
     * The spans a call from {@code entry} to {@code exit} held the socket: between its sleeps (those of its thread that
     * began inside it; an earlier call's are not its own). A sleep the recording saw no end of ends the call.
     */
    private static List<AppCall.Held> held(long entry, long exit, List<long[]> slept) {
        List<AppCall.Held> out = new ArrayList<>();
        long from = entry;
        for (long[] z : slept == null ? List.<long[]>of() : slept) {
            if (z[0] < entry || z[0] > exit) continue;
            if (z[0] > from) out.add(new AppCall.Held(from, z[0]));
            from = z[1] < 0 ? exit : Math.max(from, Math.min(z[1], exit));
        }
        if (exit > from) out.add(new AppCall.Held(from, exit));
        return out;
    }

    private void state(String[] f) {
        long time = number(f[1]);
        String sk = f[2];
        int from = (int) Long.parseLong(signed(f[3])), to = (int) Long.parseLong(signed(f[4]));
        Socket s = live.get(sk);
        if (from == CLOSE && to == SYN_SENT) {
            s = new Socket(true, time);
            s.localIp = f[7]; // the addresses are known from the SYN on, the local port once established
            s.remoteIp = f[8];
            s.remotePort = (int) number(f[6]);
            live.put(sk, s);
            clients.add(s);
        } else if (from == LISTEN && to == SYN_RECV) {
            s = new Socket(false, time);
            live.put(sk, s);
        }
        if (s == null) return; // a listener, or a socket from before the recording
        if (to == ESTABLISHED && (from == SYN_SENT || from == SYN_RECV)) {
            s.establishedNanos = time;
            s.localPort = (int) number(f[5]);
            s.remotePort = (int) number(f[6]);
            s.localIp = f[7];
            s.remoteIp = f[8];
            byTuple.put(s.localIp + ":" + s.localPort + ">" + s.remoteIp + ":" + s.remotePort, s);
        }
        if ((from == ESTABLISHED && to == FIN_WAIT1) || (from == CLOSE_WAIT && to == LAST_ACK)) s.calls.add(new AppCall(AppCall.Kind.CLOSE, time, 0));
        if (to == CLOSE) live.remove(sk);
    }

    private List<RecordedConnection> connections() {
        Map<Socket, List<DroppedSegment>> dropsOf = new HashMap<>();
        for (Object[] d : drops) {
            Socket sender = byTuple.get((String) d[0]);
            if (sender == null) continue; // a segment of a connection the recorder did not see open
            Socket client = sender.client ? sender : peer(sender);
            if (client == null) continue;
            dropsOf.computeIfAbsent(client, k -> new ArrayList<>())
                    .add(new DroppedSegment(sender.client, (long) d[1], (long) d[2], (long) d[3], (int) d[4], (int) d[5]));
        }
        List<RecordedConnection> out = new ArrayList<>();
        for (Socket c : clients) {
            Socket s = c.establishedNanos < 0 ? null : peer(c);
            String problem = null;
            if (c.establishedNanos < 0) problem = "the client never became established";
            else if (s == null) problem = "the recorder did not see the server's side";
            else if (c.iss == null || s.iss == null) problem = "the recorder missed an initial sequence number";
            if (problem != null) {
                out.add(new RecordedConnection(out.size(), c.localIp, c.localPort, c.remoteIp, c.remotePort, c.openNanos, 0, 0, 0, 0, 0,
                        c.calls, List.of(), List.of(), c.events, problem));
                continue;
            }
            List<KernelEvent> events = new ArrayList<>(c.events);
            events.addAll(s.events);
            events.sort((a, b) -> Long.compare(a.timeNanos(), b.timeNanos()));
            out.add(new RecordedConnection(out.size(), c.localIp, c.localPort, s.localIp, s.localPort, c.openNanos,
                    Math.max(0, s.establishedNanos - c.establishedNanos), c.iss, s.iss, c.tsOffset, s.tsOffset, c.calls, s.calls,
                    dropsOf.getOrDefault(c, List.of()), events, null));
        }
        return out;
    }

    private Socket peer(Socket s) {
        return byTuple.get(s.remoteIp + ":" + s.remotePort + ">" + s.localIp + ":" + s.localPort);
    }

    private String[] fields(String[] f, int n) {
        if (f.length != n) throw bad("a " + f[0] + " line of " + f.length + " fields", "a " + f[0] + " line has " + n + " fields");
        return f;
    }

    /** An unsigned decimal number, or a socket address in hexadecimal. */
    private long number(String s) {
        try {
            long v = Long.parseUnsignedLong(s);
            if (v < 0) throw new NumberFormatException();
            return v;
        } catch (NumberFormatException e) {
            throw bad("'" + s + "' where a number belongs", "the recorder writes unsigned decimal numbers");
        }
    }

    private String signed(String s) {
        if (!s.matches("-?[0-9]{1,18}")) throw bad("'" + s + "' where a signed number belongs", "the recorder writes decimal numbers");
        return s;
    }

    private BadInputException bad(String what, String hint) {
        return new BadInputException(source, "line " + lineNumber, "unexpected " + what, hint, null);
    }
}
