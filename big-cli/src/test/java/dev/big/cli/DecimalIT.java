package dev.big.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** A decimal field from the command line: declared in the schema file, loaded from CSV and JSONL, read and summed. */
@Tag("child-jvm")
class DecimalIT {

    private static final String SCHEMA = """
            {"tables": [{"name": "orders", "fields": [
              {"name": "price", "type": "decimal", "scale": 2},
              {"name": "tiny", "type": "decimal", "scale": 18},
              {"name": "item", "type": "keyed"}]}]}
            """;

    @Test
    void decimalsLoadReadAndSumExactly() {
        Path dir = Cli.newDir("decimal");
        Cli.write(dir.resolve("schema.json"), SCHEMA);
        Cli.write(dir.resolve("orders.csv"), """
                id,price,tiny,item
                1,12.5,0.000000000000000001,a
                2,-0.25,,b
                3,7,-0.5,a
                """);
        Cli.write(dir.resolve("orders.jsonl"), """
                {"id": 4, "price": 1234567890123456.78, "item": "c"}
                {"id": 5, "price": "0.10", "tiny": 0.1}
                """);
        Cli.Run create = Cli.big(dir, "create", "orders.big", "--schema", "schema.json");
        assertEquals(0, create.exitCode(), create.toString());
        assertTrue(create.stdout().contains("table orders: price decimal(2), tiny decimal(18), item keyed"), create.stdout());
        assertEquals(0, Cli.big(dir, "load", "orders.big", "orders", "orders.csv").exitCode());
        Cli.Run jsonl = Cli.big(dir, "load", "orders.big", "orders", "orders.jsonl");
        assertEquals(0, jsonl.exitCode(), jsonl.toString());

        assertEquals("""
                id,price,tiny,item
                1,12.50,0.000000000000000001,a
                """, Cli.big(dir, "get", "orders.big", "orders", "1").stdout());
        assertEquals("""
                id,price,tiny,item
                4,1234567890123456.78,,c
                """, Cli.big(dir, "get", "orders.big", "orders", "4").stdout(), "no double on the way in");
        assertEquals("""
                {"id":1,"price":12.50,"tiny":0.000000000000000001,"item":"a"}
                """, Cli.big(dir, "get", "orders.big", "orders", "1", "--format", "json").stdout());
        assertEquals("""
                s,n
                1234567890123476.28,3
                """, Cli.big(dir, "query", "orders.big", "SELECT sum(price) AS s, count(*) AS n FROM orders WHERE price > 7 OR tiny < 0").stdout());
    }

    @Test
    void aValueFinerThanTheScaleIsRefusedWithItsLineAndColumn() {
        Path dir = Cli.newDir("decimal-refused");
        Cli.write(dir.resolve("schema.json"), SCHEMA);
        Cli.write(dir.resolve("orders.csv"), """
                id,price,tiny,item
                1,12.5,,a
                2,0.125,,b
                """);
        assertEquals(0, Cli.big(dir, "create", "orders.big", "--schema", "schema.json").exitCode());
        Cli.Run load = Cli.big(dir, "load", "orders.big", "orders", "orders.csv");
        assertTrue(load.exitCode() != 0, load.toString());
        assertTrue(load.stderr().contains("orders.csv:3: table 'orders', field 'price'")
                && load.stderr().contains("0.125 has 3 digits after the point; the field's scale is 2"), load.stderr());
    }
}
