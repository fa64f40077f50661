package org.sonde.search.space;

/** One side of a traffic: where its memory lives and the memory regions it registers (§4 dimensions 1 and 2). */
public record Endpoint(Memory memory, int mrs, int mrSizeBytes) {
    public Endpoint {
        if (memory == null || mrs <= 0 || mrSizeBytes <= 0) throw new IllegalArgumentException("endpoint needs memory, MRs and MR size");
    }

    long pinnedBytes() {
        return (long) mrs * mrSizeBytes;
    }

    public Endpoint withMemory(Memory m) {
        return new Endpoint(m, mrs, mrSizeBytes);
    }

    Endpoint withMrs(int n) {
        return new Endpoint(memory, n, mrSizeBytes);
    }

    Endpoint withMrSize(int bytes) {
        return new Endpoint(memory, mrs, bytes);
    }
}
