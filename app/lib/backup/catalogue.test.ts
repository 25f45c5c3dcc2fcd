import { describe, expect, it } from "vitest";
import { dependencyOrder, fromNeutral, isBackedUp, toNeutral, type TableInfo } from "./catalogue.server";

const table = (name: string, references: string[] = []): TableInfo => ({ name, columns: [], references });

describe("backup catalogue", () => {
  it("backs up every table but migration bookkeeping, its own state, sessions and throttles", () => {
    expect(["pages", "media", "menu_entries", "some_future_table"].every(isBackedUp)).toBe(true);
    expect(
      ["kysely_migration", "kysely_migration_lock", "backup_leases", "backup_settings", "sessions", "throttle", "editing_sessions", "Bad-Name"].some(
        isBackedUp,
      ),
    ).toBe(false);
  });

  it("keeps passkeys and the sealed authenticator secrets, never the challenges of a sign-in under way (decision 047)", () => {
    expect(["two_factor", "two_factor_passkeys", "two_factor_recovery_codes", "two_factor_settings"].every(isBackedUp)).toBe(true);
    expect(["two_factor_challenges", "two_factor_passkey_challenges"].some(isBackedUp)).toBe(false);
  });

  it("orders parents before children, whatever the names", () => {
    const order = dependencyOrder([table("a_child", ["z_parent"]), table("z_parent"), table("m_grandchild", ["a_child"]), table("loner")]).map((t) => t.name);
    expect(order.indexOf("z_parent")).toBeLessThan(order.indexOf("a_child"));
    expect(order.indexOf("a_child")).toBeLessThan(order.indexOf("m_grandchild"));
    expect(order).toHaveLength(4);
  });

  it("engine-neutral values survive both engines", () => {
    expect(toNeutral("12", "integer")).toBe(12); // PostgreSQL bigint as text
    expect(toNeutral("9007199254740993", "integer")).toBe("9007199254740993"); // too large for a number: kept exact
    expect(toNeutral(Buffer.from([1, 2, 3]), "blob")).toEqual({ $b64: "AQID" });
    expect(toNeutral(1, "boolean")).toBe(true);
    expect(fromNeutral(true, "boolean", "sqlite")).toBe(1);
    expect(fromNeutral(1, "boolean", "postgres")).toBe(true);
    expect(fromNeutral(5, "text", "sqlite")).toBe("5");
    expect(fromNeutral({ $b64: "AQID" }, "blob", "postgres")).toEqual(Buffer.from([1, 2, 3]));
    expect(fromNeutral(null, "integer", "postgres")).toBeNull();
  });
});
