package org.candor.bench.server;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import org.h2.jdbcx.JdbcConnectionPool;

/**
 * The shop service, a REST handler the way services are usually written: an H2 database in memory behind a JDBC
 * connection pool, {@link ShopRepository} for the SQL, Jackson for the JSON. Same requests and answers as
 * {@link StoreHandler} (the load generator checks them the same way):
 * <ul>
 *   <li>{@code GET /catalog?category=C&page=P&size=S[&sort=price]&req=T}: one page of a category
 *       ({@code SELECT ... ORDER BY ... LIMIT ... OFFSET ...});</li>
 *   <li>{@code GET /buy?customer=U&product=I&qty=Q&req=T}: one transaction: takes stock if there is enough, inserts
 *       the order, reads the customer's recent orders.</li>
 * </ul>
 * The database is created and filled when the handler starts (10,000 products in 50 categories, 20,000 past orders
 * of 500 customers) and shut down when it stops.
 */
public final class ShopHandler extends Handler.Abstract {
    static final int CATEGORIES = 50;
    static final int PRODUCTS_PER_CATEGORY = 200;
    static final int CUSTOMERS = 500;
    static final int PAST_ORDERS = 20_000;

    @JsonPropertyOrder({"req", "category", "page", "count", "products"})
    record CatalogPage(String req, int category, int page, int count, List<ShopRepository.Product> products) { }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"req", "status", "order", "total", "product", "recent"})
    record PurchaseAnswer(String req, String status, Long order, BigDecimal total, ShopRepository.Product product,
                          List<ShopRepository.OrderLine> recent) { }

    private final int connections;
    private final ObjectMapper mapper = new ObjectMapper();
    private JdbcConnectionPool pool;
    private ShopRepository repository;

    /** @param connections the pool's most connections: as many as the server has threads */
    public ShopHandler(int connections) {
        this.connections = connections;
    }

    @Override
    protected void doStart() throws Exception {
        pool = JdbcConnectionPool.create("jdbc:h2:mem:shop;DB_CLOSE_DELAY=-1", "shop", "");
        pool.setMaxConnections(connections);
        repository = new ShopRepository(pool);
        repository.createAndFill(CATEGORIES, PRODUCTS_PER_CATEGORY, CUSTOMERS, PAST_ORDERS);
        super.doStart();
    }

    @Override
    protected void doStop() throws Exception {
        super.doStop();
        try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
            s.execute("SHUTDOWN");
        }
        pool.dispose();
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        Fields query = Request.extractQueryParameters(request);
        String path = Request.getPathInContext(request);
        String token = query.getValue("req");
        Object answer;
        try {
            answer = switch (path) {
                case "/catalog" -> catalogPage(query, token == null ? "" : token);
                case "/buy" -> buy(query, token == null ? "" : token);
                default -> null;
            };
        } catch (NumberFormatException e) {
            Response.writeError(request, response, callback, 400, "bad number: " + e.getMessage());
            return true;
        } catch (SQLException e) {
            Response.writeError(request, response, callback, 500, "database: " + e.getMessage(), e);
            return true;
        }
        if (answer == null) {
            Response.writeError(request, response, callback, 404, "no such page: " + path);
            return true;
        }
        byte[] json;
        try {
            json = mapper.writeValueAsBytes(answer);
        } catch (JsonProcessingException e) {
            Response.writeError(request, response, callback, 500, "json: " + e.getMessage(), e);
            return true;
        }
        response.setStatus(200);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, json.length);
        response.write(true, ByteBuffer.wrap(json), callback);
        return true;
    }

    private CatalogPage catalogPage(Fields query, String token) throws SQLException {
        int category = Math.floorMod(intParam(query, "category", 0), CATEGORIES);
        int page = Math.max(0, intParam(query, "page", 0));
        int size = Math.min(50, Math.max(1, intParam(query, "size", 10)));
        boolean byPrice = "price".equals(query.getValue("sort"));
        List<ShopRepository.Product> products = repository.categoryPage(category, page, size, byPrice);
        return new CatalogPage(token, category, page, products.size(), products);
    }

    private PurchaseAnswer buy(Fields query, String token) throws SQLException {
        String customer = query.getValue("customer");
        int productId = intParam(query, "product", -1);
        int quantity = intParam(query, "qty", 1);
        ShopRepository.Purchase p = repository.buy(customer == null ? "anonymous" : customer, productId, quantity);
        return new PurchaseAnswer(token, p.order() == null ? "rejected" : "ok", p.order(), p.total(), p.product(),
                p.recent());
    }

    private static int intParam(Fields query, String name, int fallback) {
        String v = query.getValue(name);
        return v == null || v.isEmpty() ? fallback : Integer.parseInt(v);
    }
}
