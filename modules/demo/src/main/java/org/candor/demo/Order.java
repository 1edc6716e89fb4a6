package org.candor.demo;

import java.math.BigDecimal;

/** One parsed order line. */
final class Order {
    final long id;
    final String customer;
    final String sku;
    final int quantity;
    final BigDecimal unitPrice;
    final String coupon;

    Order(long id, String customer, String sku, int quantity, BigDecimal unitPrice, String coupon) {
        this.id = id;
        this.customer = customer;
        this.sku = sku;
        this.quantity = quantity;
        this.unitPrice = unitPrice;
        this.coupon = coupon;
    }
}
