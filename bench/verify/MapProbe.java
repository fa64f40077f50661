import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.sonde.packet.Ipv4Prefix;
import org.sonde.verify.check.SubnetTrie;
import org.sonde.verify.snapshot.Snapshot;
import org.sonde.verify.snapshot.SnapshotText;

/**
 * The map step of an incremental update measured as the dissertation measured it (§4.7.5): rules
 * picked at random from the snapshot, the subnets each matches found in the subnet trie, averaged
 * over many searches in a loop (so the trie is in the caches, unlike between two updates of a watch).
 * Usage: java -cp sonde.jar:lib/* bench/verify/MapProbe.java SNAPSHOT_DIR; prints JSON.
 */
public class MapProbe {
    public static void main(String[] args) {
        Snapshot s = SnapshotText.read(Path.of(args[0]));
        SubnetTrie trie = new SubnetTrie(s.subnets().toArray(new Ipv4Prefix[0]));
        SplittableRandom random = new SplittableRandom(1);
        int rules = 1000, rounds = 1000;
        int[] address = new int[rules], length = new int[rules];
        for (int i = 0; i < rules; i++) {
            int r = random.nextInt(s.ruleCount());
            address[i] = s.ruleAddress(r);
            length[i] = s.ruleLength(r);
        }
        long sink = 0;
        double[] nanos = new double[10];
        for (int rep = -5; rep < nanos.length; rep++) { // five passes first, for the JIT
            long t0 = System.nanoTime();
            for (int k = 0; k < rounds; k++) for (int i = 0; i < rules; i++) sink += trie.matching(address[i], length[i]);
            if (rep >= 0) nanos[rep] = (System.nanoTime() - t0) / (double) (rounds * rules);
        }
        Arrays.sort(nanos);
        System.out.printf("{\"nanosPerSearch\": %.1f, \"searches\": %d, \"sink\": %d}%n", nanos[nanos.length / 2], rounds * rules * nanos.length, sink & 1);
    }
}
