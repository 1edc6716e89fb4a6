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
        all.sort(Comparator.comparing(MethodInfo::qualifiedName).thenComparing(MethodInfo::descriptor)
                .thenComparingInt(MethodInfo::id));
        int[] rank = new int[methods.size()];
        for (int r = 0; r < all.size(); r++) rank[all.get(r).id()] = r;
        return rank;
    }

    /** By qualified name alone: overloads share a rank, as they share a frame in folded stacks. */
    public static int[] byQualifiedName(MethodTable methods) {
        List<MethodInfo> all = new ArrayList<>(methods.all());
        all.sort(Comparator.comparing(MethodInfo::qualifiedName));
        int[] rank = new int[methods.size()];
        int r = -1;
        String previous = null;
        for (MethodInfo m : all) {
            if (!m.qualifiedName().equals(previous)) r++;
            rank[m.id()] = r;
            previous = m.qualifiedName();
        }
        return rank;
    }
}
