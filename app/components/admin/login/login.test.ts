import { describe, expect, it } from "vitest";
import { ApiClientError, NETWORK_MESSAGE } from "~/lib/admin/api-client";
import { loginErrorMessage } from "./login-error";

describe("loginErrorMessage (seed 000 §8)", () => {
  it("shows the server's message and our own errors as they are", () => {
    expect(loginErrorMessage(new ApiClientError(401, "invalid_credentials", "Identifiants de connexion invalides"))).toBe(
      "Identifiants de connexion invalides",
    );
    expect(loginErrorMessage(new ApiClientError(403, "not_authorized", "User not authorized"))).toBe("User not authorized");
    expect(loginErrorMessage(new Error("No user data returned"))).toBe("No user data returned");
  });

  it("falls back to 'Erreur de connexion' for what is not an error object, an empty message or a network failure", () => {
    for (const e of [
      "boom",
      undefined,
      null,
      42,
      { message: "pas une erreur" },
      new Error(""),
      new TypeError("Failed to fetch"),
      new ApiClientError(0, "network", NETWORK_MESSAGE),
    ]) {
      expect(loginErrorMessage(e)).toBe("Erreur de connexion");
    }
  });
});
