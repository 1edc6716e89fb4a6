package org.candor.core.analysis;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.candor.core.model.CallNode;
import org.candor.core.model.MethodInfo;
import org.candor.core.model.MethodTable;

/** The call path of a node: the frames from the thread's outermost call down to the node. */
public final class CallPaths {

    private CallPaths() {}

    /** The nodes from the outermost call to {@code node} itself; the thread's root is left out. */
    public static List<CallNode> nodes(CallNode node) {
        List<CallNode> path = new ArrayList<>();
        for (CallNode n = node; n != null && !n.isRoot(); n = n.parent()) path.add(n);
        Collections.reverse(path);
        return path;
    }

    /** The methods from the outermost call to {@code node}. */
    public static List<MethodInfo> frames(CallNode node, MethodTable methods) {
        List<CallNode> nodes = nodes(node);
        List<MethodInfo> frames = new ArrayList<>(nodes.size());
        for (CallNode n : nodes) frames.add(methods.get(n.methodId()));
        return frames;
    }

    /** The frames' {@link MethodInfo#qualifiedName()}s joined by {@code separator}, outermost first. */
    public static String format(CallNode node, MethodTable methods, String separator) {
        StringBuilder s = new StringBuilder();
        for (MethodInfo m : frames(node, methods)) {
            if (s.length() > 0) s.append(separator);
            s.append(m.qualifiedName());
        }
        return s.toString();
    }
}
