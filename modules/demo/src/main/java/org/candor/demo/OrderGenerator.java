package org.candor.demo;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Order lines {@code id;customer;sku;quantity;unitPrice;coupon}; about one in twenty is malformed on purpose. */
final class OrderGenerator {

    static final int SKUS = 500;
    private static final String[] COUPONS = {
        "", "", "", "qty * 2 > 9", "(qty + 3) * price > 400", "price > 50 & qty > 2", "qty > 7 | price * qty > 900",
    };

    private OrderGenerator() {}

    static List<String> generate(int count, long seed) {
        Random random = new Random(seed);
        List<String> lines = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int r = random.nextInt(20);
            String qty = r == 0 ? "many" : Integer.toString(1 + random.nextInt(12));
            String price = (1 + random.nextInt(9_999)) / 100 + "." + (10 + random.nextInt(90));
            String line = i + ";cust-" + random.nextInt(2_000) + ";sku-" + random.nextInt(SKUS) + ";" + qty + ";" + price
                    + ";" + COUPONS[random.nextInt(COUPONS.length)];
            lines.add(r == 1 ? line.substring(0, line.length() / 2) : line);
        }
        return lines;
    }
}
