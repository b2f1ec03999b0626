import { describe, expect, it } from "vitest";
import { splitFullName } from "../../schema/api";
import { joinFullName } from "~/components/profile/personal-info-card";
import { passwordChangeErrors } from "~/components/profile/security-card";

describe("profile full name", () => {
  it("splits at the first space: first word is the first name, the rest the last name", () => {
    expect(splitFullName("Ayşe Nur Yılmaz")).toEqual({ firstName: "Ayşe", lastName: "Nur Yılmaz" });
    expect(splitFullName("  Cher  ")).toEqual({ firstName: "Cher", lastName: "" });
    expect(splitFullName("Jane   Doe")).toEqual({ firstName: "Jane", lastName: "Doe" });
    expect(splitFullName("")).toEqual({ firstName: "", lastName: "" });
  });

  it("joins first and last name into the form's one field and back without loss", () => {
    expect(joinFullName({ firstName: "Ayşe", lastName: "Nur Yılmaz" })).toBe("Ayşe Nur Yılmaz");
    expect(joinFullName({ firstName: "Cher", lastName: "" })).toBe("Cher");
    expect(joinFullName({ firstName: "", lastName: "" })).toBe("");
    expect(splitFullName(joinFullName({ firstName: "Ada", lastName: "King Lovelace" }))).toEqual({ firstName: "Ada", lastName: "King Lovelace" });
  });
});

describe("change password rules", () => {
  it("asks for a password that meets the policy (10+ characters, not common) and a matching confirmation", () => {
    expect(passwordChangeErrors("short", "short")).toEqual({ newPassword: "validation.newPasswordMin", confirmPassword: null });
    expect(passwordChangeErrors("1234567890", "1234567890")).toEqual({ newPassword: "validation.passwordCommon", confirmPassword: null });
    expect(passwordChangeErrors("long-enough-1", "long-enough-2")).toEqual({ newPassword: null, confirmPassword: "profile.security.mismatch" });
    expect(passwordChangeErrors("long-enough-1", "long-enough-1")).toEqual({ newPassword: null, confirmPassword: null });
  });
});
