import java.util.List;
import org.sonde.packet.Ipv4Prefix;
import org.sonde.verify.snapshot.RuleUpdate;
import org.sonde.verify.stable.RoutingEvent;
import org.sonde.verify.stable.StableSnapshots;

/**
 * A burst of routing updates longer than the stable-state wait (ε = 100 ms, updates 10 µs apart, the
 * clock following them), fed to {@code StableSnapshots} as `sonde verify watch` feeds it: the time to
 * receive them all and find the one stable state after them.
 * Usage: java -cp sonde.jar bench/verify/StableStorm.java N; prints one line.
 */
public class StableStorm {
    public static void main(String[] a) {
        int n = Integer.parseInt(a[0]);
        long ms = 1_000_000L;
        StableSnapshots s = new StableSnapshots(100 * ms);
        RuleUpdate u = new RuleUpdate(RuleUpdate.Op.DELETE, "S", Ipv4Prefix.parse("10.0.0.0/8"), List.of(), 10);
        long t0 = System.nanoTime();
        int batches = 0;
        // a storm: n updates 10 us apart (within 2 epsilon of each other), then quiet; the clock follows the events
        for (int i = 0; i < n; i++) {
            long t = 1000 * ms + i * 10_000L;
            s.receive(new RoutingEvent(t, "p", u, i));
            batches += s.advance(t).size();
        }
        batches += s.advance(Long.MAX_VALUE).size();
        System.out.printf("%d events, %d batches, %.3f s%n", n, batches, (System.nanoTime() - t0) / 1e9);
    }
}
