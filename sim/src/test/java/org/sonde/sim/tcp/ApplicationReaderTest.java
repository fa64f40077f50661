package org.sonde.sim.tcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a model application reads: at a set pace in calls of a set size, on its own calls, and the end of the stream told once. */
class ApplicationReaderTest {
    private static final long MS = 1_000_000L;

    /** What B's application saw: each read's time and size, and when the end of the stream was told. */
    private static final class Reads implements TcpSocket.Listener {
        final List<long[]> reads = new ArrayList<>();
        final List<Long> eofs = new ArrayList<>();
        final TcpBed bed;

        Reads(TcpBed bed) {
            this.bed = bed;
        }

        @Override
        public void read(TcpSocket s, long bytes, long totalRead) {
            reads.add(new long[] {bed.sim.now(), bytes, totalRead});
        }

        @Override
        public void peerClosed(TcpSocket s) {
            eofs.add(bed.sim.now());
        }
    }

    /** A connects, sends {@code bytes} and closes; B's socket is accepted with {@code reads} as its application. */
    private static TcpSocket sendAndClose(TcpBed bed, Reads reads, long bytes) {
        List<TcpSocket> accepted = new ArrayList<>();
        bed.sb.listen(TcpBed.PORT, s -> {
            s.setListener(reads);
            accepted.add(s);
        });
        bed.connect(new TcpSocket.Listener() {
            @Override
            public void connected(TcpSocket s) {
                s.send(bytes);
                s.close();
            }
        });
        bed.sim.runUntil(100 * MS);
        assertThat(accepted).hasSize(1);
        return accepted.getFirst();
    }

    @Test
    void aPacedReaderReadsItsSizeNoFasterThanItsRateAndHearsTheEndOnceAfterTheLastByte() {
        TcpBed bed = new TcpBed(Map.of("receive-buffer", "256KiB"));
        Reads reads = new Reads(bed);
        TcpSocket b = sendAndClose(bed, reads, 40_000);
        assertThat(b.unreadBytes()).isEqualTo(40_000);
        assertThat(reads.eofs).isEmpty(); // the FIN is in, but 40 000 bytes before it are unread
        long bitsPerSecond = 8_000_000L, size = 4_096;
        b.readAtRate(bitsPerSecond, (int) size);
        bed.sim.runUntil(1_000 * MS);
        assertThat(b.bytesRead()).isEqualTo(40_000);
        assertThat(reads.reads).hasSize(10); // nine of 4 096 bytes and the last 3 136
        for (int i = 0; i < reads.reads.size(); i++) {
            assertThat(reads.reads.get(i)[1]).isLessThanOrEqualTo(size);
            if (i > 0) {
                long gap = reads.reads.get(i)[0] - reads.reads.get(i - 1)[0];
                assertThat(gap).isGreaterThanOrEqualTo(reads.reads.get(i - 1)[1] * 8 * 1_000_000_000L / bitsPerSecond);
            }
        }
        assertThat(reads.eofs).containsExactly(reads.reads.getLast()[0]);
    }

    @Test
    void aReaderThatStopsReadsNothingMoreAndOnlyItsOwnCallsReadAfterwards() {
        TcpBed bed = new TcpBed(Map.of("receive-buffer", "256KiB"));
        Reads reads = new Reads(bed);
        TcpSocket b = sendAndClose(bed, reads, 40_000);
        b.readAtRate(8_000_000L, 4_096);
        bed.sim.runUntil(100 * MS + 5 * MS); // two reads: at once and 4.1 ms later
        b.stopReading();
        long readSoFar = b.bytesRead();
        assertThat(readSoFar).isEqualTo(2 * 4_096);
        bed.sim.runUntil(1_000 * MS);
        assertThat(b.bytesRead()).isEqualTo(readSoFar);
        assertThat(b.read(1_000)).isEqualTo(1_000);
        assertThat(b.read(Long.MAX_VALUE)).isEqualTo(40_000 - readSoFar - 1_000);
        assertThat(b.read(Long.MAX_VALUE)).isZero();
        assertThat(reads.eofs).hasSize(1);
        assertThatThrownBy(() -> b.readAtRate(0, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
