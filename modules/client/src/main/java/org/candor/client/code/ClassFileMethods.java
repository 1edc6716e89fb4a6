package org.candor.client.code;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.candor.core.model.Descriptors;

/**
 * The methods a class file declares, read from its bytes without loading it: name and parameter types in the form
 * the agent's {@code methods} answer uses ({@code handle(String, int[])}); constructors, static initialisers,
 * synthetic and bridge methods left out. Every length is checked against the bytes there are; a damaged file is an
 * {@link IOException}.
 */
final class ClassFileMethods {

    private static final int MAGIC = 0xCAFEBABE;
    private static final int ACC_BRIDGE = 0x0040;
    private static final int ACC_SYNTHETIC = 0x1000;

    private ClassFileMethods() {}

    static List<String> read(byte[] bytes) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        try {
            if (in.readInt() != MAGIC) throw new IOException("not a class file");
            in.readUnsignedShort();  // minor
            in.readUnsignedShort();  // major
            String[] utf8 = constantPool(in);
            in.readUnsignedShort();  // access
            in.readUnsignedShort();  // this
            in.readUnsignedShort();  // super
            skip(in, 2L * in.readUnsignedShort());  // interfaces
            int fields = in.readUnsignedShort();
            for (int i = 0; i < fields; i++) member(in, utf8);
            int methods = in.readUnsignedShort();
            List<String> out = new ArrayList<>();
            for (int i = 0; i < methods; i++) {
                String m = member(in, utf8);
                if (m != null) out.add(m);
            }
            return out;
        } catch (java.io.EOFException e) {
            throw new IOException("class file cut short");
        }
    }

    /** One field or method; a method worth choosing as a root comes back as {@code name(Types)}, anything else null. */
    private static String member(DataInputStream in, String[] utf8) throws IOException {
        int access = in.readUnsignedShort();
        String name = utf8(utf8, in.readUnsignedShort());
        String descriptor = utf8(utf8, in.readUnsignedShort());
        int attributes = in.readUnsignedShort();
        for (int a = 0; a < attributes; a++) {
            in.readUnsignedShort();
            skip(in, in.readInt() & 0xFFFFFFFFL);
        }
        if ((access & (ACC_BRIDGE | ACC_SYNTHETIC)) != 0 || name.startsWith("<") || !descriptor.startsWith("(")) return null;
        return name + parameters(descriptor);
    }

    /**
     * {@code (Ljava/lang/String;[Ljava/util/Map$Entry;)V} as {@code (String, Entry[])}: simple names, a nested class by
     * its own name, as the agent's reflection shows them ({@code Class.getSimpleName}).
     */
    static String parameters(String descriptor) throws IOException {
        List<String> types = Descriptors.parameterTypes(descriptor);
        if (types == null) throw new IOException("bad descriptor " + descriptor);
        StringBuilder b = new StringBuilder("(");
        for (int i = 0; i < types.size(); i++) {
            String t = types.get(i);
            b.append(i == 0 ? "" : ", ").append(t.substring(Math.max(t.lastIndexOf('.'), t.lastIndexOf('$')) + 1));
        }
        return b.append(')').toString();
    }

    /** The pool's UTF-8 entries by index (others null). */
    private static String[] constantPool(DataInputStream in) throws IOException {
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1: utf8[i] = in.readUTF(); break;
                case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18: skip(in, 4); break;
                case 5: case 6: skip(in, 8); i++; break;  // long and double take two entries
                case 7: case 8: case 16: case 19: case 20: skip(in, 2); break;
                case 15: skip(in, 3); break;
                default: throw new IOException("unknown constant pool tag " + tag);
            }
        }
        return utf8;
    }

    private static String utf8(String[] pool, int index) throws IOException {
        if (index <= 0 || index >= pool.length || pool[index] == null) throw new IOException("bad constant pool index " + index);
        return pool[index];
    }

    private static void skip(DataInputStream in, long n) throws IOException {
        long left = n;
        while (left > 0) {
            int step = (int) Math.min(left, Integer.MAX_VALUE);
            int skipped = in.skipBytes(step);
            if (skipped <= 0) throw new java.io.EOFException();
            left -= skipped;
        }
    }
}
