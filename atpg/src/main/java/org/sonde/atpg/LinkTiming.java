package org.sonde.atpg;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.sonde.dataplane.model.Match;

/**
 * How long an emulated copy takes over each link: a fixed latency ({@code link:...:latency=}), and
 * over a slowed link ({@code link:...:rate=}) the wait of a token-bucket shaper, as Linux's tbf
 * qdisc slows a live one: the bucket holds one frame (the round's largest, so each fits), fills at
 * the rate, starts full, and a frame leaves, in arrival order, once the bucket holds its size. A
 * round's frames are all sent at once (as a live run sends them, far faster than a slow link
 * drains), so the state runs across the round's tests in the order they are sent.
 *
 * <p>A slowed link with strict priority ({@code link:...:priority=}) serves, whenever its bucket
 * holds the next frame, the waiting frame of the higher class (its header matches the high class;
 * among equals the earliest), as Linux's htb with two prioritised classes does live. Which frames
 * wait there depends on frames sent later, so such a round is forwarded twice: a first pass
 * records when each frame reaches the link ({@link #replay} then orders them), the second gets
 * each frame its time. A frame's arrival at such a link is timed with prioritised links before it
 * on its path passed at once.
 */
public final class LinkTiming {
    private final Map<String, Double> latencyMs;
    private final Map<String, Long> rateBps;
    /** Per slowed link: when (ms after the round's start) its last frame left, and the bytes in its bucket then. */
    private final Map<String, double[]> lastLeft = new HashMap<>();
    /** Per prioritised link, its high class. */
    private final Map<String, Match> priority;
    /** First pass: per prioritised link, each frame reaching it as {arrival ms, class (0 high, 1 low), bytes}, in forwarding order. */
    private final Map<String, List<double[]>> reached = new HashMap<>();
    /** Second pass: per prioritised link, the departures in forwarding order, and how many were handed out. */
    private final Map<String, double[]> departures = new HashMap<>();
    private final Map<String, Integer> handedOut = new HashMap<>();
    private boolean replaying;
    private int bucketBytes;
    private int frameBytes;
    private Map<String, Long> frameHeader = Map.of();

    public LinkTiming(Map<String, Double> latencyMs, Map<String, Long> rateBps) {
        this(latencyMs, rateBps, Map.of());
    }

    /** {@code priority}: per slowed link with strict priority, its high class (over the frames' headers as sent). */
    public LinkTiming(Map<String, Double> latencyMs, Map<String, Long> rateBps, Map<String, Match> priority) {
        this.latencyMs = Map.copyOf(latencyMs);
        this.rateBps = Map.copyOf(rateBps);
        this.priority = Map.copyOf(priority);
        for (String link : priority.keySet())
            if (!rateBps.containsKey(link)) throw new IllegalArgumentException("link " + link + " has strict priority but no rate");
    }

    /** No latency and no slowed link. */
    static LinkTiming none() {
        return new LinkTiming(Map.of(), Map.of());
    }

    /** Whether some slowed link has strict priority, so that a round is forwarded twice ({@link #replay}). */
    public boolean prioritizes() {
        return !priority.isEmpty();
    }

    /**
     * Ends a round's first pass: orders the frames that reached each prioritised link, and starts the
     * second pass, in which the same frames, forwarded in the same order, get their times.
     */
    public void replay() {
        if (replaying) throw new IllegalStateException("the second pass has begun already");
        for (var e : priority.entrySet())
            departures.put(e.getKey(), strictPriority(reached.getOrDefault(e.getKey(), List.of()), bucketBytes, rateBps.get(e.getKey())));
        lastLeft.clear();
        replaying = true;
    }

    /**
     * Departure times (ms) of frames reaching a token-bucket link (bucket {@code bucketBytes}, full at
     * 0, filling at {@code bps}) as {arrival ms, class, bytes}: whenever the bucket holds the chosen
     * frame it leaves, the chosen one being the waiting frame of the lowest class number, the earliest
     * among equals; one arriving of a higher class before the bucket is ready is chosen instead.
     * Returned in the order given.
     */
    static double[] strictPriority(List<double[]> frames, int bucketBytes, long bps) {
        int n = frames.size();
        double bytesPerMs = bps / 8_000.0;
        Integer[] byArrival = new Integer[n];
        for (int i = 0; i < n; i++) byArrival[i] = i;
        java.util.Arrays.sort(byArrival, java.util.Comparator.comparingDouble(i -> frames.get(i)[0]));
        double[] out = new double[n];
        java.util.PriorityQueue<Integer> waiting = new java.util.PriorityQueue<>(java.util.Comparator
                .<Integer>comparingDouble(i -> frames.get(i)[1]).thenComparingDouble(i -> frames.get(i)[0]).thenComparingInt(i -> i));
        int next = 0;
        double now = 0, tokensAt = 0, tokens = bucketBytes;
        for (int done = 0; done < n; ) {
            if (waiting.isEmpty() && frames.get(byArrival[next])[0] >= now) {
                // an idle link meets frames one by one: the first to arrive is decided alone, even among frames of the same time
                now = frames.get(byArrival[next])[0];
                waiting.add(byArrival[next++]);
            } else {
                while (next < n && frames.get(byArrival[next])[0] <= now) waiting.add(byArrival[next++]);
            }
            int best = waiting.peek();
            double have = Math.min(bucketBytes, tokens + (now - tokensAt) * bytesPerMs), bytes = frames.get(best)[2];
            double ready = have >= bytes ? now : now + (bytes - have) / bytesPerMs;
            int higher = next;
            while (higher < n && frames.get(byArrival[higher])[0] <= ready && frames.get(byArrival[higher])[1] >= frames.get(best)[1]) higher++;
            // a frame leaving at once is not overtaken; one waiting for the bucket is, by a higher class arriving meanwhile
            if (ready > now && higher < n && frames.get(byArrival[higher])[0] <= ready) {
                now = frames.get(byArrival[higher])[0]; // a higher class arrives before the bucket is ready: it is chosen instead
                continue;
            }
            waiting.poll();
            out[best] = ready;
            tokens = Math.min(bucketBytes, tokens + (ready - tokensAt) * bytesPerMs) - bytes;
            tokensAt = now = ready;
            done++;
        }
        return out;
    }

    /** Whether some link is slowed, so that the frames' sizes matter. */
    public boolean slowsLinks() {
        return !rateBps.isEmpty();
    }

    /** The slowed links' bucket: the round's largest frame, in bytes; before the round. */
    public void bucket(int bytes) {
        this.bucketBytes = bytes;
    }

    /**
     * The size and header (field values as sent, which a prioritised link classifies) of the frame
     * now sent: its copies are the ones {@link #leave} times next.
     */
    public void frame(int bytes, Map<String, Long> header) {
        if (bytes > bucketBytes) throw new IllegalStateException("a " + bytes + "-byte frame is larger than the " + bucketBytes + "-byte bucket");
        this.frameBytes = bytes;
        this.frameHeader = header;
    }

    /** When a copy that reaches {@code linkId} at {@code arrivalMs} arrives at its far end. */
    double leave(String linkId, double arrivalMs) {
        double at = arrivalMs + latencyMs.getOrDefault(linkId, 0.0);
        Long bps = rateBps.get(linkId);
        if (bps == null) return at;
        Match high = priority.get(linkId);
        if (high != null) {
            if (replaying) return departures.get(linkId)[handedOut.merge(linkId, 1, Integer::sum) - 1];
            reached.computeIfAbsent(linkId, k -> new ArrayList<>()).add(new double[] {at, Performance.matches(high, frameHeader) ? 0 : 1, frameBytes});
            return at;
        }
        double bytesPerMs = bps / 8_000.0;
        double[] last = lastLeft.getOrDefault(linkId, new double[] {0, bucketBytes});
        double start = Math.max(at, last[0]);
        double tokens = Math.min(bucketBytes, last[1] + (start - last[0]) * bytesPerMs);
        double left = tokens >= frameBytes ? start : start + (frameBytes - tokens) / bytesPerMs;
        lastLeft.put(linkId, new double[] {left, Math.max(0, tokens - frameBytes)});
        return left;
    }
}
