package org.candor.core.analysis;

/** Stable sorts of int indexes by a comparator on what they index: insertion sort when short, merge sort else. */
final class IndexSort {

    interface Order {
        /** Negative when index {@code a} comes first. */
        int compare(int a, int b);
    }

    private int[] spare = new int[64];

    void sort(int[] items, int from, int to, Order order) {
        int n = to - from;
        if (n < 2) return;
        if (n <= 16) {
            insertion(items, from, to, order);
            return;
        }
        if (spare.length < n) spare = new int[Math.max(n, spare.length * 2)];
        for (int lo = from; lo < to; lo += 16) insertion(items, lo, Math.min(to, lo + 16), order);
        int[] src = items;
        int[] dst = spare;
        int srcBase = from;
        int dstBase = 0;
        for (int width = 16; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(n, lo + width);
                int hi = Math.min(n, lo + 2 * width);
                int i = lo;
                int j = mid;
                for (int o = lo; o < hi; o++) {
                    if (i < mid && (j >= hi || order.compare(src[srcBase + i], src[srcBase + j]) <= 0)) {
                        dst[dstBase + o] = src[srcBase + i++];
                    } else {
                        dst[dstBase + o] = src[srcBase + j++];
                    }
                }
            }
            int[] t = src; src = dst; dst = t;
            int b = srcBase; srcBase = dstBase; dstBase = b;
        }
        if (src != items) System.arraycopy(src, srcBase, items, from, n);
    }

    private static void insertion(int[] items, int from, int to, Order order) {
        for (int i = from + 1; i < to; i++) {
            int x = items[i];
            int j = i - 1;
            while (j >= from && order.compare(items[j], x) > 0) {
                items[j + 1] = items[j];
                j--;
            }
            items[j + 1] = x;
        }
    }
}
