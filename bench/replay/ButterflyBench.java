import java.nio.file.Path;
import org.sonde.core.Json;
import org.sonde.replay.butterfly.Butterfly;

/**
 * The butterfly effect (DETER §2.2) as JSON on stdout: SCENARIO re-executed RERUNS times for each flow-start jitter
 * bound (ns) given, connections whose packet sequence changed. Run with the CLI jar on the class path:
 * {@code java -cp cli/target/sonde.jar bench/replay/ButterflyBench.java SCENARIO SEED RERUNS J1 J2 ...}.
 */
public class ButterflyBench {
    public static void main(String[] args) throws Exception {
        Path scenario = Path.of(args[0]);
        long seed = Long.parseLong(args[1]);
        int reruns = Integer.parseInt(args[2]);
        var out = Json.mapper().createArrayNode();
        for (int i = 3; i < args.length; i++) {
            long t0 = System.nanoTime();
            Butterfly.Result r = Butterfly.measure(scenario, seed, Long.parseLong(args[i]), reruns);
            var o = (com.fasterxml.jackson.databind.node.ObjectNode) Json.mapper().valueToTree(r);
            o.put("wallSeconds", (System.nanoTime() - t0) / 1e9);
            out.add(o);
        }
        System.out.println(out.toPrettyString());
    }
}
