package org.sonde.netio;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;

/**
 * A classic BPF program ({@code struct sock_filter[]}), as a packet socket's fanout group runs it
 * to choose the member a frame goes to. Loads at {@link #NET} are relative to the IP header
 * (a received frame's data starts there when the fanout runs, a sent one's at the link header),
 * and {@link #PROTOCOL} reads the frame's EtherType, so a program sees the same bytes either way.
 */
public record ClassicBpf(List<Instruction> instructions) {
    /** SKF_NET_OFF: offsets from the network header. */
    public static final int NET = -0x100000;
    /** SKF_AD_OFF + SKF_AD_PROTOCOL: the EtherType (skb->protocol, host order). */
    public static final int PROTOCOL = -0x1000;

    public static final int LD = 0x00;
    public static final int LDX = 0x01;
    public static final int ST = 0x02;
    public static final int ALU = 0x04;
    public static final int JMP = 0x05;
    public static final int RET = 0x06;
    public static final int MISC = 0x07;
    public static final int W = 0x00;
    public static final int H = 0x08;
    public static final int B = 0x10;
    public static final int ABS = 0x20;
    public static final int IND = 0x40;
    public static final int MEM = 0x60;
    public static final int MSH = 0xa0;
    public static final int MUL = 0x20;
    public static final int RSH = 0x70;
    public static final int XOR = 0xa0;
    public static final int JEQ = 0x10;
    public static final int JSET = 0x40;
    /** Operand: the constant k, register X, or (for RET) register A. */
    public static final int K = 0x00;
    public static final int X = 0x08;
    public static final int A = 0x10;
    public static final int TAX = 0x00;

    /** One {@code struct sock_filter}: opcode, jump offsets if true / false, constant. */
    public record Instruction(int code, int jt, int jf, int k) {
        public Instruction {
            if (jt < 0 || jt > 255 || jf < 0 || jf > 255) throw new IllegalArgumentException("jump offsets are 0-255, got " + jt + " and " + jf);
        }
    }

    public ClassicBpf {
        instructions = List.copyOf(instructions);
        if (instructions.isEmpty() || instructions.size() > 4096) throw new IllegalArgumentException("a classic BPF program has 1-4096 instructions");
    }

    public static Instruction stmt(int code, int k) {
        return new Instruction(code, 0, 0, k);
    }

    public static Instruction jump(int code, int k, int jt, int jf) {
        return new Instruction(code, jt, jf, k);
    }

    /** The program as {@code struct sock_fprog} (length, pointer to the instructions) in {@code arena}. */
    MemorySegment fprog(Arena arena) {
        MemorySegment filter = arena.allocate(8L * instructions.size(), 8);
        for (int i = 0; i < instructions.size(); i++) {
            Instruction in = instructions.get(i);
            filter.set(ValueLayout.JAVA_SHORT, 8L * i, (short) in.code());
            filter.set(ValueLayout.JAVA_BYTE, 8L * i + 2, (byte) in.jt());
            filter.set(ValueLayout.JAVA_BYTE, 8L * i + 3, (byte) in.jf());
            filter.set(ValueLayout.JAVA_INT, 8L * i + 4, in.k());
        }
        MemorySegment prog = arena.allocate(16, 8);
        prog.set(ValueLayout.JAVA_SHORT, 0, (short) instructions.size());
        prog.set(ValueLayout.ADDRESS, 8, filter);
        return prog;
    }
}
