package org.candor.core.analysis;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.MethodTable;

/** Orders of methods as ranks by method id, for sorting tree nodes with int comparisons only. */
public final class MethodRanks {

    private MethodRanks() {}

    /** By qualified name, then descriptor, then id: a total order, the same on every run. */
    public static int[] bySignature(MethodTable methods) {
        List<MethodInfo> all = new ArrayList<>(methods.all());
        String[] names = qualifiedNames(methods);
        all.sort(Comparator.comparing((MethodInfo m) -> names[m.id()]).thenComparing(MethodInfo::descriptor)
                .thenComparingInt(MethodInfo::id));
        int[] rank = new int[methods.size()];
        for (int r = 0; r < all.size(); r++) rank[all.get(r).id()] = r;
        return rank;
    }

    /** By qualified name alone: overloads share a rank, as they share a frame in folded stacks. */
    public static int[] byQualifiedName(MethodTable methods) {
        List<MethodInfo> all = new ArrayList<>(methods.all());
        String[] names = qualifiedNames(methods);
        all.sort(Comparator.comparing((MethodInfo m) -> names[m.id()]));
        int[] rank = new int[methods.size()];
        int r = -1;
        String previous = null;
        for (MethodInfo m : all) {
            if (!names[m.id()].equals(previous)) r++;
            rank[m.id()] = r;
            previous = names[m.id()];
        }
        return rank;
    }

    /**
     * Each method's qualified name by id, built once: {@link MethodInfo#qualifiedName} builds a new string each time,
     * and a sort asks for it at every comparison (a live view ranks a sampled snapshot's methods every refresh).
     */
    private static String[] qualifiedNames(MethodTable methods) {
        String[] names = new String[methods.size()];
        for (MethodInfo m : methods.all()) names[m.id()] = m.qualifiedName();
        return names;
    }
}
