package org.candor.demo;

import java.math.BigDecimal;
import java.util.List;

/** Processes a slice of order lines on one worker thread. */
final class Batch {

    private final Pricing pricing;
    private final Inventory inventory;

    Batch(Pricing pricing, Inventory inventory) {
        this.pricing = pricing;
        this.inventory = inventory;
    }

    BatchResult process(List<String> lines) {
        BatchResult result = new BatchResult();
        for (String line : lines) {
            try {
                Order order = OrderParser.parse(line);
                BigDecimal amount = pricing.price(order);
                boolean inStock = inventory.reserve(order.sku, order.quantity);
                result.accept(order, amount, inStock);
            } catch (InvalidOrderException e) {
                result.reject();
            }
        }
        return result;
    }
}
