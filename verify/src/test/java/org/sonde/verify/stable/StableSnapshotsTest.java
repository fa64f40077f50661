package org.sonde.verify.stable;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.sonde.verify.check.Check;
import org.sonde.verify.check.Violation;
import org.sonde.verify.check.ViolationType;
import org.sonde.verify.run.IncrementalVerifier;
import org.sonde.verify.run.LocalBackend;
import org.sonde.verify.run.VerifyProgress;
import org.sonde.packet.Ipv4Prefix;
import org.sonde.verify.snapshot.RuleUpdate;
import org.sonde.verify.snapshot.Snapshot;
import org.sonde.verify.snapshot.SnapshotBuilder;

class StableSnapshotsTest {
    static final long MS = 1_000_000L;
    static final Ipv4Prefix LEFT = Ipv4Prefix.parse("192.168.0.0/24");
    static final Ipv4Prefix RIGHT = Ipv4Prefix.parse("192.168.1.0/24");

    /** Fig. 4.2's correct tables. */
    static Snapshot toyNetwork() {
        return new SnapshotBuilder()
                .addRule("S11", LEFT, List.of("deliver"), 10).addRule("S11", RIGHT, List.of("S21", "S22"), 10)
                .addRule("S12", LEFT, List.of("S21", "S22"), 10).addRule("S12", RIGHT, List.of("deliver"), 10)
                .addRule("S21", LEFT, List.of("S11"), 10).addRule("S21", RIGHT, List.of("S12"), 10)
                .addRule("S22", LEFT, List.of("S11"), 10).addRule("S22", RIGHT, List.of("S12"), 10)
                .build();
    }

    /** §4.1: the link S11-S22 fails. e1: S22 deletes 192.168.0/24 -> S11; e2: S12 stops sending it to S22. */
    static RoutingEvent e1(long ms, long seq) {
        return new RoutingEvent(ms * MS, "controller-a", new RuleUpdate(RuleUpdate.Op.DELETE, "S22", LEFT, List.of(), 10), seq);
    }

    static RoutingEvent e2(long ms, long seq) {
        return new RoutingEvent(ms * MS, "controller-b", new RuleUpdate(RuleUpdate.Op.MODIFY, "S12", LEFT, List.of("S21"), 10), seq);
    }

    static Watcher watcher(long epsilonMs) {
        return new Watcher(new StableSnapshots(epsilonMs * MS), new IncrementalVerifier(toyNetwork(), EnumSet.of(Check.LOOPS, Check.BLACKHOLES), 1));
    }

    @Test
    void eventsCloserThanTwoEpsilonAreNeverCheckedApartSoNoFalseBlackHole() {
        // e1 is received first, 10 ms before e2: a checker applying events one by one would see S22 as a black hole
        Watcher w = watcher(50);
        List<Watcher.StableState> states = new ArrayList<>();
        states.addAll(w.receive(e1(1000, 0), 1000 * MS));
        states.addAll(w.receive(e2(1010, 1), 1030 * MS));
        states.addAll(w.advance(1200 * MS));
        assertThat(states).singleElement().satisfies(s -> {
            assertThat(s.events()).isEqualTo(2);
            assertThat(s.stableAtNanos()).isEqualTo(1110 * MS);
            assertThat(s.appeared()).isEmpty();
            assertThat(s.violations()).isZero();
        });
        assertThat(w.verifier().violations()).isEmpty();
    }

    @Test
    void applyingTheEventsOneByOneWouldHaveRaisedTheFalseAlarm() {
        // the naive order (e1 alone) is the state Libra must not check: S22 is then a black hole
        IncrementalVerifier naive = new IncrementalVerifier(toyNetwork(), EnumSet.of(Check.LOOPS, Check.BLACKHOLES), 1);
        assertThat(naive.apply(e1(1000, 0).update()).appeared()).singleElement()
                .satisfies(v -> assertThat(v.type()).isEqualTo(ViolationType.BLACKHOLE));
    }

    @Test
    void theReverseArrivalOrderGivesTheSameStableState() {
        Watcher w = watcher(50);
        List<Watcher.StableState> states = new ArrayList<>();
        states.addAll(w.receive(e2(1010, 0), 1020 * MS));
        states.addAll(w.receive(e1(1000, 1), 1040 * MS)); // e1 delayed, within the bound
        states.addAll(w.advance(Long.MAX_VALUE));
        assertThat(states).singleElement().satisfies(s -> {
            assertThat(s.events()).isEqualTo(2);
            assertThat(s.late()).isZero();
            assertThat(s.violations()).isZero();
        });
    }

    @Test
    void eventsFurtherApartThanTwoEpsilonShowTheBlackHoleThatReallyExisted() {
        // e1 at 1000 ms and e2 at 1300 ms: with ε = 50 ms the state after e1 alone existed for sure
        Watcher w = watcher(50);
        List<Watcher.StableState> states = new ArrayList<>();
        states.addAll(w.receive(e1(1000, 0), 1000 * MS));
        states.addAll(w.receive(e2(1300, 1), 1300 * MS));
        states.addAll(w.advance(Long.MAX_VALUE));
        assertThat(states).hasSize(2);
        assertThat(states.get(0).appeared()).singleElement().satisfies(v -> {
            assertThat(v.type()).isEqualTo(ViolationType.BLACKHOLE);
            assertThat(v.switches()).containsExactly("S22");
        });
        assertThat(states.get(1).cleared()).hasSize(1);
        assertThat(states.get(1).violations()).isZero();
    }

    @Test
    void noStateIsDeclaredBeforeTwoEpsilonPlusTheDelayBoundHavePassed() {
        StableSnapshots s = new StableSnapshots(50 * MS);
        s.receive(e1(1000, 0));
        assertThat(s.advance(1149 * MS)).isEmpty();
        assertThat(s.advance(1150 * MS)).singleElement().satisfies(b -> assertThat(b.stableAtNanos()).isEqualTo(1100 * MS));
    }

    @Test
    void anEventLaterThanTheBoundIsCountedAsLate() {
        StableSnapshots s = new StableSnapshots(10 * MS);
        s.receive(e1(1000, 0));
        assertThat(s.advance(2000 * MS)).hasSize(1);
        s.receive(e2(1005, 1)); // its timestamp is inside the quiet period already declared
        assertThat(s.advance(Long.MAX_VALUE)).singleElement().satisfies(b -> assertThat(b.late()).isEqualTo(1));
    }

    /**
     * Random streams of rule changes on a small network, received shuffled (each event delayed by up
     * to ε): the same stable states as in timestamp order, and the violations of each one those of a
     * full check of the state.
     */
    @Property(tries = 40)
    void delayedAndShuffledEventsGiveTheStatesOfTimestampOrder(@ForAll long seed, @ForAll @IntRange(min = 1, max = 40) int events) {
        Random random = new Random(seed);
        long epsilon = 20 * MS;
        List<String> switches = List.of("S11", "S12", "S21", "S22");
        List<RoutingEvent> stream = new ArrayList<>();
        long t = 1000 * MS;
        for (int i = 0; i < events; i++) {
            t += random.nextInt(4) == 0 ? (50 + random.nextInt(100)) * MS : random.nextInt(30) * MS; // bursts and quiet periods
            String sw = switches.get(random.nextInt(4));
            Ipv4Prefix p = random.nextBoolean() ? LEFT : RIGHT;
            List<String> hops = random.nextInt(5) == 0 ? List.of("deliver") : List.of(switches.get(random.nextInt(4)));
            RuleUpdate u = random.nextInt(3) == 0 ? new RuleUpdate(RuleUpdate.Op.DELETE, sw, p, List.of(), 10)
                    : new RuleUpdate(RuleUpdate.Op.MODIFY, sw, p, hops, 10);
            stream.add(new RoutingEvent(t, "p" + sw, u, i));
        }
        List<Long> inOrder = stableInstants(stream, epsilon, false, random);
        List<Long> shuffled = stableInstants(stream, epsilon, true, random);
        assertThat(shuffled).isEqualTo(inOrder);
    }

    /**
     * The batches, their stable instants and late counts are those of the definition (every pending
     * event sorted, cut after the first one no other follows within 2ε, final once the clock is 2ε plus
     * the delay bound past it), whatever the arrival order, the delays (late ones included) and the
     * instants the clock is read at.
     */
    @Property(tries = 200)
    void batchesAreThoseOfTheDefinition(@ForAll long seed, @ForAll @IntRange(min = 1, max = 60) int events) {
        Random random = new Random(seed);
        long epsilon = 10 * MS, delay = 25 * MS;
        StableSnapshots fast = new StableSnapshots(epsilon, delay);
        Definition slow = new Definition(epsilon, delay);
        List<RoutingEvent> arrivals = new ArrayList<>();
        long t = 0;
        for (int i = 0; i < events; i++) {
            t += random.nextInt(3) == 0 ? random.nextInt(100) * MS : random.nextInt(15) * MS;
            arrivals.add(new RoutingEvent(t, "p", new RuleUpdate(RuleUpdate.Op.DELETE, "S11", LEFT, List.of(), 10), i));
        }
        // received out of order, some later than the delay bound
        arrivals.sort(Comparator.comparingLong(e -> e.timestampNanos() + random.nextInt(40) * MS));
        long now = 0;
        for (RoutingEvent e : arrivals) {
            now = Math.max(now, e.timestampNanos()) + random.nextInt(30) * MS;
            fast.receive(e);
            slow.receive(e);
            if (random.nextBoolean()) assertThat(fast.advance(now)).isEqualTo(slow.advance(now));
        }
        assertThat(fast.advance(Long.MAX_VALUE)).isEqualTo(slow.advance(Long.MAX_VALUE));
        assertThat(fast.pendingCount()).isZero();
    }

    /** {@link StableSnapshots} as §4.2 defines it, sorting every pending event at each reading of the clock. */
    private static final class Definition {
        private final long epsilon, delay;
        private final List<RoutingEvent> pending = new ArrayList<>();
        private final java.util.Set<Long> late = new java.util.HashSet<>();
        private long declaredUpTo = Long.MIN_VALUE;

        Definition(long epsilon, long delay) {
            this.epsilon = epsilon;
            this.delay = delay;
        }

        void receive(RoutingEvent e) {
            if (e.timestampNanos() < declaredUpTo) late.add(e.sequence());
            pending.add(e);
        }

        List<StableBatch> advance(long now) {
            List<StableBatch> out = new ArrayList<>();
            while (!pending.isEmpty()) {
                pending.sort(Comparator.comparingLong(RoutingEvent::timestampNanos).thenComparingLong(RoutingEvent::sequence));
                int end = 0;
                while (end + 1 < pending.size() && pending.get(end + 1).timestampNanos() - pending.get(end).timestampNanos() < 2 * epsilon) end++;
                long t = pending.get(end).timestampNanos();
                if (now != Long.MAX_VALUE && now - t < 2 * epsilon + delay) break;
                List<RoutingEvent> batch = new ArrayList<>(pending.subList(0, end + 1));
                pending.subList(0, end + 1).clear();
                int lateOnes = 0;
                for (RoutingEvent e : batch) if (late.remove(e.sequence())) lateOnes++;
                out.add(new StableBatch(t + 2 * epsilon, batch, lateOnes));
                declaredUpTo = t + 2 * epsilon;
            }
            return out;
        }
    }

    /** The stable instants of a stream, each state's violations checked against a full check. */
    private static List<Long> stableInstants(List<RoutingEvent> stream, long epsilon, boolean delayed, Random random) {
        List<long[]> arrivals = new ArrayList<>(); // {arrival, index}
        for (int i = 0; i < stream.size(); i++)
            arrivals.add(new long[] {stream.get(i).timestampNanos() + (delayed ? (long) (random.nextDouble() * epsilon) : 0), i});
        arrivals.sort(Comparator.<long[]>comparingLong(a -> a[0]).thenComparingLong(a -> a[1]));
        EnumSet<Check> checks = EnumSet.of(Check.LOOPS, Check.BLACKHOLES, Check.REACHABILITY);
        Watcher w = new Watcher(new StableSnapshots(epsilon), new IncrementalVerifier(toyNetwork(), checks, 1));
        List<Long> instants = new ArrayList<>();
        long seq = 0;
        for (long[] a : arrivals) {
            RoutingEvent e = stream.get((int) a[1]);
            RoutingEvent received = new RoutingEvent(e.timestampNanos(), e.process(), e.update(), seq++);
            for (Watcher.StableState s : w.receive(received, a[0])) instants.add(checked(s, w, checks));
        }
        for (Watcher.StableState s : w.advance(Long.MAX_VALUE)) instants.add(checked(s, w, checks));
        return instants;
    }

    private static long checked(Watcher.StableState s, Watcher w, EnumSet<Check> checks) {
        List<Violation> full = new LocalBackend(1).verify(w.verifier().currentSnapshot(), checks, VerifyProgress.NONE).violations();
        assertThat(w.verifier().violations()).isEqualTo(full);
        return s.stableAtNanos();
    }
}
