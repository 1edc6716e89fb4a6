package org.candor.demo;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;

/** Revenue per customer and counts, merged from both workers. */
final class BatchResult {

    final Map<String, BigDecimal> revenueByCustomer = new HashMap<>();
    long accepted;
    long rejected;
    long backordered;
    BigDecimal revenue = BigDecimal.ZERO;

    void accept(Order order, BigDecimal amount, boolean inStock) {
        accepted++;
        if (!inStock) backordered++;
        revenue = revenue.add(amount);
        revenueByCustomer.merge(order.customer, amount, BigDecimal::add);
    }

    void reject() {
        rejected++;
    }

    BatchResult merge(BatchResult other) {
        BatchResult m = new BatchResult();
        m.accepted = accepted + other.accepted;
        m.rejected = rejected + other.rejected;
        m.backordered = backordered + other.backordered;
        m.revenue = revenue.add(other.revenue);
        m.revenueByCustomer.putAll(revenueByCustomer);
        other.revenueByCustomer.forEach((k, v) -> m.revenueByCustomer.merge(k, v, BigDecimal::add));
        return m;
    }
}
