import { describe, expect, it } from "vitest";
import { isCommonPassword, passwordProblem } from "../../schema/api";
import { safeRedirectTarget } from "~/lib/auth";
import { newPasswordError, passwordError } from "~/lib/validation";

describe("the new-password policy on the forms", () => {
  it.each([
    ["", "validation.passwordRequired"],
    ["nine-char", "validation.newPasswordMin"],
    [" ".repeat(12), "validation.passwordSpaces"],
    ["x".repeat(129), "validation.passwordMax"],
    ["password123", "validation.passwordCommon"],
    ["  Basketball ", "validation.passwordCommon"],
    ["moon-necklace-42", null],
  ])("answers %j with %s", (password, key) => {
    expect(newPasswordError(password)).toBe(key);
  });

  it("comes from the schema the server validates with", () => {
    expect(passwordProblem("qwertyuiop")).toBe("common");
    expect(isCommonPassword("QWERTYUIOP")).toBe(true);
    expect(isCommonPassword("moon-necklace-42")).toBe(false);
  });

  it("keeps the old 8-character minimum for logging in", () => {
    expect(passwordError("old8char")).toBeNull();
    expect(passwordError("seven77")).toBe("validation.passwordMin");
  });
});

describe("where a signed-in visitor goes from /login?redirectTo=", () => {
  it.each([
    ["/listings?q=moon#top", "/listings?q=moon#top"],
    ["/profile", "/profile"],
    [null, "/dashboard"],
    ["", "/dashboard"],
    ["listings", "/dashboard"],
    ["//evil.example/x", "/dashboard"],
    ["/\\evil.example", "/dashboard"],
    ["/\t/evil.example", "/dashboard"],
    ["/\n/evil.example", "/dashboard"],
    ["https://evil.example/", "/dashboard"],
    ["javascript:alert(1)", "/dashboard"],
    ["/login?redirectTo=/x", "/dashboard"],
    ["/register", "/dashboard"],
    // Forms the URL parser normalises into "//host" (issue 23): refused after normalisation.
    [decodeURIComponent("%2F.%2F%2Fevil.example%2Fphish"), "/dashboard"],
    ["/.//evil.example/phish", "/dashboard"],
    ["/..//evil.example", "/dashboard"],
    ["/a/..//evil.example", "/dashboard"],
    ["/%2e//evil.example", "/dashboard"],
    ["/%2E%2E//evil.example", "/dashboard"],
    ["/.///evil.example", "/dashboard"],
    ["/./\\evil.example", "/dashboard"],
    ["\\\\evil.example", "/dashboard"],
    ["https:evil.example", "/dashboard"],
    ["http://localhost/dashboard", "/dashboard"],
    ["JavaScript:alert(1)", "/dashboard"],
    ["/shop/../listings", "/listings"],
    ["/%2F/evil.example", "/%2F/evil.example"],
  ])("%j -> %s", (value, target) => {
    expect(safeRedirectTarget(value)).toBe(target);
  });
});
