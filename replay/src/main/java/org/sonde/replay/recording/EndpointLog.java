package org.sonde.replay.recording;

import java.util.ArrayList;
import java.util.List;

/**
 * One endpoint's part of a connection's recording, as the compact streams it is stored in: its application calls
 * (pattern numbers with their callback or time), its handler order (run lengths of {@link HandlerKind}s), the
 * segments that reached it ({@link Arrival}s as index deltas, CE bits and one-way-delay residuals, runs of plain
 * arrivals — the next segment, unmarked, as late as the one before — as one count) and its send
 * times sampled by {@link RateSampler}. The decoders give them back as values.
 */
public record EndpointLog(byte[] calls, byte[] handlers, byte[] arrivals, byte[] samples) {

    /** Bytes the four streams take. */
    public int bytes() {
        return calls.length + handlers.length + arrivals.length + samples.length;
    }

    public List<RecordedCall> decodeCalls(List<CallPattern> patterns, long startNanos) {
        List<RecordedCall> out = new ArrayList<>();
        ByteLogReader r = new ByteLogReader(calls, "a call stream");
        long ordinal = 0;
        long time = startNanos;
        while (r.more()) {
            CallPattern p = patterns.get(r.count(patterns.size() - 1, "call pattern"));
            long ctx = r.unsigned();
            if ((ctx & 1) != 0) {
                ordinal += ctx >>> 1;
                out.add(new RecordedCall(p, ordinal, 0));
            } else {
                time += ctx >>> 1;
                out.add(new RecordedCall(p, 0, time));
            }
        }
        return out;
    }

    /** The handlers in order. */
    public List<HandlerKind> decodeHandlers() {
        List<HandlerKind> out = new ArrayList<>();
        ByteLogReader r = new ByteLogReader(handlers, "a handler stream");
        while (r.more()) {
            long v = r.unsigned();
            int kind = (int) (v & 15);
            if (kind >= HandlerKind.ALL.length) throw new RecordingFormatException("a handler stream names kind " + kind);
            long run = v >>> 4;
            if (run < 1 || run > Integer.MAX_VALUE) throw new RecordingFormatException("a handler stream has a run of " + run);
            for (long i = 0; i < run; i++) out.add(HandlerKind.ALL[kind]);
        }
        return out;
    }

    public List<Arrival> decodeArrivals() {
        List<Arrival> out = new ArrayList<>();
        ByteLogReader r = new ByteLogReader(arrivals, "an arrival stream");
        long index = -1;
        long delay = 0;
        while (r.more()) {
            long v = r.unsigned();
            if ((v & 1) != 0) { // a run of plain arrivals: each the next segment, unmarked, with the same delay
                long n = (v >>> 1) + 1;
                if (n > Integer.MAX_VALUE - out.size()) throw new RecordingFormatException("an arrival stream has a run of " + n);
                for (long i = 0; i < n; i++) out.add(new Arrival(++index, delay, false));
                continue;
            }
            long head = v >>> 1;
            index += 1 + ByteLog.unzigzag(head >>> 2);
            if (index < 0) throw new RecordingFormatException("an arrival stream goes before the first segment");
            if ((head & 1) != 0) delay += r.signed();
            out.add(new Arrival(index, delay, (head & 2) != 0));
        }
        return out;
    }

    /** How many segments the endpoint sent. */
    public long decodeSentCount() {
        return samples.length == 0 ? 0 : new ByteLogReader(samples, "a sample stream").unsigned();
    }

    public List<RateSampler.Sample> decodeSamples() {
        List<RateSampler.Sample> out = new ArrayList<>();
        ByteLogReader r = new ByteLogReader(samples, "a sample stream");
        if (r.more()) r.unsigned();
        RateSampler.Sample prev = new RateSampler.Sample(0, 0, 0);
        while (r.more()) {
            long index = prev.index() + r.unsigned();
            long time = predict(prev, index) + r.signed();
            long g = r.unsigned();
            int shift = (int) (g & 63);
            prev = new RateSampler.Sample(index, time, ByteLog.unzigzag(g >>> 6) << shift);
            out.add(prev);
        }
        return out;
    }

    static byte[] encodeSamples(long sent, List<RateSampler.Sample> samples) {
        ByteLog b = new ByteLog();
        if (sent == 0) return b.toArray();
        b.unsigned(sent);
        RateSampler.Sample prev = new RateSampler.Sample(0, 0, 0);
        for (RateSampler.Sample s : samples) {
            b.unsigned(s.index() - prev.index());
            b.signed(s.timeNanos() - predict(prev, s.index()));
            int shift = s.gap() == 0 ? 0 : Math.min(Long.numberOfTrailingZeros(s.gap()), 63);
            b.unsigned(ByteLog.zigzag(s.gap() >> shift) << 6 | shift);
            prev = s;
        }
        return b.toArray();
    }

    /**
     * Where the previous sample's rate puts packet {@code index}: a sample is stored as its distance from this, which
     * is small when the rate only drifted. The gap as the number of trailing zero bits and what is left.
     */
    private static long predict(RateSampler.Sample prev, long index) {
        return prev.timeNanos() + Math.floorDiv(prev.gap() * (index - prev.index()), 1L << RateSampler.GAP_FRACTION_BITS);
    }
}
