package org.sonde.verify.stable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.sonde.core.InputFiles;
import org.sonde.core.BadInputException;
import org.sonde.packet.Ipv4Prefix;
import org.sonde.verify.snapshot.RuleUpdate;

class EventTextTest {
    static EventText of(String text) {
        return new EventText(InputFiles.lines(new java.io.ByteArrayInputStream(text.getBytes(java.nio.charset.StandardCharsets.UTF_8)), "events.txt", "events file"));
    }

    @Test
    void readsEventsInTheOrderReceived() {
        EventText t = of("# comment\n1000 ctl-a del S22 192.168.0.0 24 - 10\n\n1010 ctl-b mod S12 192.168.0.0 24 S21 10\n");
        RoutingEvent e1 = t.next(), e2 = t.next();
        assertThat(t.next()).isNull();
        assertThat(e1.timestampNanos()).isEqualTo(1_000_000_000L);
        assertThat(e1.update()).isEqualTo(new RuleUpdate(RuleUpdate.Op.DELETE, "S22", Ipv4Prefix.parse("192.168.0.0/24"), List.of(), 10));
        assertThat(e2.update().nextHops()).containsExactly("S21");
        assertThat(e2.sequence()).isEqualTo(1);
        assertThat(EventText.format(e2)).isEqualTo("1010 ctl-b mod S12 192.168.0.0 24 S21 10");
    }

    @Test
    void badLinesNameTheLine() {
        assertThatThrownBy(() -> of("x p add s 10.0.0.0 8 s2 1\n").next())
                .isInstanceOf(BadInputException.class).hasMessageContaining("line 1").hasMessageContaining("time in milliseconds");
        EventText t = of("1 p add s 10.0.0.0 8 s2 1\n2 p put s 10.0.0.0 8 s2 1\n");
        t.next();
        assertThatThrownBy(t::next).isInstanceOf(BadInputException.class).hasMessageContaining("events.txt: line 2").hasMessageContaining("add, del or mod");
        assertThatThrownBy(() -> of("1 p add s 10.0.0.0 8 - 1\n").next()).hasMessageContaining("expected next hops");
        assertThatThrownBy(() -> of("1 p add s 10.0.0.0 8\n").next()).hasMessageContaining("expected 8 fields");
    }

    /** Any text either reads as events or fails with the line named; nothing else escapes. */
    @net.jqwik.api.Property(tries = 500)
    void arbitraryLinesFailOnlyWithBadInput(@net.jqwik.api.ForAll("lines") List<String> lines) {
        EventText t = of(String.join("\n", lines) + "\n");
        try {
            int n = 0;
            while (t.next() != null) n++;
            assertThat(n).isLessThanOrEqualTo(lines.size());
        } catch (BadInputException e) {
            assertThat(e.getMessage()).startsWith("events.txt: line ");
        }
    }

    /** An event written with any runs of spaces and tabs between its fields reads back as the same event. */
    @net.jqwik.api.Property(tries = 300)
    void eventsReadBackWhateverTheWhitespace(@net.jqwik.api.ForAll("events") RoutingEvent e,
                                             @net.jqwik.api.ForAll("gaps") List<String> gaps) {
        String[] fields = EventText.format(e).split(" ");
        StringBuilder line = new StringBuilder(gaps.getFirst());
        for (int i = 0; i < fields.length; i++) line.append(fields[i]).append(gaps.get(i + 1));
        RoutingEvent read = of(line + "\n").next();
        assertThat(read.update()).isEqualTo(e.update());
        assertThat(read.timestampNanos()).isEqualTo(e.timestampNanos());
        assertThat(read.process()).isEqualTo(e.process());
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<RoutingEvent> events() {
        net.jqwik.api.Arbitrary<RuleUpdate.Op> ops = net.jqwik.api.Arbitraries.of(RuleUpdate.Op.class);
        net.jqwik.api.Arbitrary<Ipv4Prefix> prefixes = net.jqwik.api.Combinators.combine(net.jqwik.api.Arbitraries.integers(),
                net.jqwik.api.Arbitraries.integers().between(0, 32)).as(Ipv4Prefix::covering);
        net.jqwik.api.Arbitrary<List<String>> hops = net.jqwik.api.Arbitraries.oneOf(net.jqwik.api.Arbitraries.of(List.of("deliver"), List.of("drop")),
                net.jqwik.api.Arbitraries.strings().alpha().numeric().ofMinLength(1).ofMaxLength(8).list().ofMinSize(1).ofMaxSize(3));
        return net.jqwik.api.Combinators.combine(net.jqwik.api.Arbitraries.longs().between(0, 1L << 40), ops, prefixes, hops,
                        net.jqwik.api.Arbitraries.integers())
                .as((ms, op, prefix, next, priority) -> new RoutingEvent(ms * 1_000_000L, "ctl",
                        new RuleUpdate(op, "s1", prefix, op == RuleUpdate.Op.DELETE ? List.of() : next, priority), 0));
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<List<String>> gaps() {
        // before the first field and after the last: none allowed; between two fields: at least one
        net.jqwik.api.Arbitrary<String> blank = net.jqwik.api.Arbitraries.strings().withChars(' ', '\t').ofMaxLength(3);
        return blank.list().ofSize(9).map(g -> {
            List<String> out = new java.util.ArrayList<>(g);
            for (int i = 1; i < 8; i++) out.set(i, " " + out.get(i));
            return out;
        });
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<List<String>> lines() {
        net.jqwik.api.Arbitrary<String> word = net.jqwik.api.Arbitraries.oneOf(
                net.jqwik.api.Arbitraries.of("1000", "-5", "99999999999999999999", "ctl", "add", "del", "mod", "put", "s1", "s1,s2", "-",
                        "deliver", "drop", "10.0.0.0", "10.0.0.1", "8", "33", "0", "#", ",", "1.2.3"),
                net.jqwik.api.Arbitraries.strings().withCharRange(' ', '~').ofMaxLength(10));
        return word.list().ofMaxSize(9).map(ws -> String.join(" ", ws)).list().ofMaxSize(5);
    }
}
