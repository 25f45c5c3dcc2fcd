import { describe, expect, it } from "vitest";
import { RowRules } from "./row-rules.server";

describe("an archive's rows", () => {
  it("take comments as the API does: a language, plain text within its limit (decision 048)", () => {
    const rules = new RowRules();
    const columns = ["id", "lang", "target_id", "body"];
    expect(rules.check("comments", columns, ["c1", "fr", "element-a", "<b>gardé comme texte</b>"], 1)).toBeNull();
    expect(rules.check("comments", columns, ["c2", "de", "element-a", "texte"], 2)).toMatch(/table comments, ligne 2, colonne lang/);
    expect(rules.check("comments", columns, ["c3", "fr", "element-a", "nul\u0000"], 3)).toMatch(/colonne body\u202f: caractère de contrôle/);
    expect(rules.check("comments", columns, ["c4", "fr", "element-a", "x".repeat(2001)], 4)).toMatch(/colonne body\u202f: 2\u202f000 caractères au plus/);
  });
});

/** Decision 047: an archive's passkeys and authenticator secrets pass the same shapes the API stores. */
describe("backup row rules for second factors", () => {
  const passkey = (over: Record<string, unknown> = {}) => {
    const row: Record<string, unknown> = {
      credential_id: "q1w2e3r4t5y6u7i8o9p0aa",
      public_key: "pQECAyYgASFYIA",
      transports: '["internal","hybrid"]',
      rp_id: "archimed.example",
      name: "MacBook",
      ...over,
    };
    return [Object.keys(row), Object.values(row)] as const;
  };

  it("accepts a passkey and a sealed or older clear secret", () => {
    const rules = new RowRules();
    expect(rules.check("two_factor_passkeys", ...passkey(), 1)).toBeNull();
    expect(rules.check("two_factor", ["secret"], [`s1.abcdefghijk.${"A".repeat(80)}`], 1)).toBeNull();
    expect(rules.check("two_factor", ["secret"], ["JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"], 2)).toBeNull();
  });

  it("refuses a damaged one, naming the table, the line and the column", () => {
    const rules = new RowRules();
    expect(rules.check("two_factor_passkeys", ...passkey({ name: "a\u0000b" }), 3)).toMatch(/two_factor_passkeys, ligne 3, colonne name/);
    expect(rules.check("two_factor_passkeys", ...passkey({ transports: "internal" }), 4)).toMatch(/colonne transports/);
    expect(rules.check("two_factor_passkeys", ...passkey({ credential_id: "pas/base64" }), 5)).toMatch(/colonne credential_id/);
    expect(rules.check("two_factor", ["secret"], ["<script>"], 6)).toMatch(/colonne secret/);
  });
});
