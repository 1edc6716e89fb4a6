package org.candor.demo;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Prices an order: volume tiers, coupon discount, then tax, in exact decimal arithmetic. */
final class Pricing {

    private static final BigDecimal TAX = new BigDecimal("0.19");
    private static final BigDecimal COUPON = new BigDecimal("0.90");

    BigDecimal price(Order o) {
        BigDecimal gross = o.unitPrice.multiply(BigDecimal.valueOf(o.quantity));
        BigDecimal net = gross.multiply(tierFactor(o.quantity));
        if (CouponRule.applies(o.coupon, o.quantity, o.unitPrice.doubleValue())) net = net.multiply(COUPON);
        return withTax(net);
    }

    private static BigDecimal tierFactor(int quantity) {
        if (quantity >= 10) return new BigDecimal("0.85");
        if (quantity >= 5) return new BigDecimal("0.95");
        return BigDecimal.ONE;
    }

    private static BigDecimal withTax(BigDecimal net) {
        return net.add(net.multiply(TAX)).setScale(2, RoundingMode.HALF_EVEN);
    }
}
