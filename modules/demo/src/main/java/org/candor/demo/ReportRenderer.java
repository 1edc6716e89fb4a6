package org.candor.demo;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/** The batch summary and the top customers by revenue. */
final class ReportRenderer {

    private ReportRenderer() {}

    static String render(BatchResult r, int top) {
        StringBuilder out = new StringBuilder();
        // backorders depend on how the two workers interleave, so they are not part of the (deterministic) report
        out.append("orders accepted ").append(r.accepted).append(", rejected ").append(r.rejected).append('\n');
        out.append("revenue ").append(r.revenue).append('\n');
        List<Map.Entry<String, BigDecimal>> customers = new ArrayList<>(r.revenueByCustomer.entrySet());
        customers.sort(byRevenueThenName());
        for (int i = 0; i < Math.min(top, customers.size()); i++) {
            Map.Entry<String, BigDecimal> e = customers.get(i);
            out.append(String.format("%2d. %-10s %12s%n", i + 1, e.getKey(), e.getValue()));
        }
        return out.toString();
    }

    private static Comparator<Map.Entry<String, BigDecimal>> byRevenueThenName() {
        return (a, b) -> {
            int c = b.getValue().compareTo(a.getValue());
            return c != 0 ? c : a.getKey().compareTo(b.getKey());
        };
    }
}
