package org.candor.core.snapshot;

/** One section found by walking the framing: its tag, where its header starts, where its payload starts and its length. */
final class Section {

    final int tag;
    final long at;
    final long payload;
    final long length;

    Section(int tag, long at, long payload, long length) {
        this.tag = tag;
        this.at = at;
        this.payload = payload;
        this.length = length;
    }

    long end() { return payload + length; }

    String name() { return SnapshotFormat.tagName(tag); }
}
