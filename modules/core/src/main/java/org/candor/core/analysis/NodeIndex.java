package org.candor.core.analysis;

import org.candor.core.model.CallNode;

/** Children of one node by method id: open addressing on primitive keys, no boxing for wide nodes. */
final class NodeIndex {

    private int[] keys;
    private CallNode[] nodes;
    private int size;

    NodeIndex(int expected) {
        int capacity = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        keys = new int[capacity];
        nodes = new CallNode[capacity];
    }

    CallNode get(int methodId) {
        int mask = keys.length - 1;
        for (int i = mix(methodId) & mask; nodes[i] != null; i = (i + 1) & mask) {
            if (keys[i] == methodId) return nodes[i];
        }
        return null;
    }

    void put(int methodId, CallNode node) {
        if (2 * (size + 1) > keys.length) grow();
        int mask = keys.length - 1;
        int i = mix(methodId) & mask;
        while (nodes[i] != null && keys[i] != methodId) i = (i + 1) & mask;
        if (nodes[i] == null) size++;
        keys[i] = methodId;
        nodes[i] = node;
    }

    private void grow() {
        int[] oldKeys = keys;
        CallNode[] oldNodes = nodes;
        keys = new int[oldKeys.length * 2];
        nodes = new CallNode[oldNodes.length * 2];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) if (oldNodes[i] != null) put(oldKeys[i], oldNodes[i]);
    }

    private static int mix(int key) {
        int h = key * 0x9E3779B9;
        return h ^ (h >>> 16);
    }
}
