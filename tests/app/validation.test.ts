import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { LoginSchema, RegisterSchema } from "../../schema/api";
import { CreateKeywordListSchema } from "../../schema/api/keyword-lists";
import { AdvancedKeywordSchema, KeywordSearchSchema } from "../../schema/api/keywords";
import { GenerateListingSchema } from "../../schema/api/listings";
import { messagesFor } from "~/lib/i18n";
import * as keywordLists from "~/lib/i18n/catalog/keyword-lists";
import * as keywords from "~/lib/i18n/catalog/keywords";
import * as listings from "~/lib/i18n/catalog/listings";
import { KEYWORD_MESSAGE_KEYS, listNameError, productNameError } from "~/lib/keyword-validation";
import { LISTING_MESSAGE_KEYS, productDescriptionError } from "~/lib/listing-validation";
import { AUTH_MESSAGE_KEYS, emailError, newPasswordError, passwordError } from "~/lib/validation";

const SCHEMA_MESSAGE_KEYS = { ...AUTH_MESSAGE_KEYS, ...KEYWORD_MESSAGE_KEYS, ...LISTING_MESSAGE_KEYS };

const messages = messagesFor([keywords, keywordLists, listings]);

describe("client validation from the shared schemas", () => {
  it("words every schema message in English exactly as the server writes it, and in Turkish differently", () => {
    for (const [message, { key, vars }] of Object.entries(SCHEMA_MESSAGE_KEYS)) {
      expect(messages.translate("en", key, vars), key).toBe(message);
      expect(messages.translate("tr", key, vars), key).not.toBe(message);
    }
  });

  it("knows every message the form fields' schemas give for the inputs a seller can type", () => {
    const samples: [v.GenericSchema, unknown[]][] = [
      [LoginSchema.entries.email, ["", "  ", "no-at-sign", `${"a".repeat(250)}@example.com`]],
      [LoginSchema.entries.password, ["", "short", "x".repeat(129)]],
      [RegisterSchema.entries.password, ["", "          ", "short", "x".repeat(129), "password123"]],
      [AdvancedKeywordSchema.entries.keyword, ["", " ", "a", "a".repeat(101)]],
      [KeywordSearchSchema.entries.product_name, ["", "x".repeat(101)]],
      [CreateKeywordListSchema.entries.name, ["", "x".repeat(61)]],
      [GenerateListingSchema.entries.description, ["", "   ", "x".repeat(5001)]],
    ];
    for (const [schema, values] of samples) {
      for (const value of values) {
        const result = v.safeParse(schema, value);
        expect(result.success, String(value)).toBe(false);
        if (!result.success) expect(Object.keys(SCHEMA_MESSAGE_KEYS), String(value)).toContain(result.issues[0].message);
      }
    }
  });

  it("answers the catalogue key of the first broken rule, in the server's order", () => {
    expect(emailError("  ")).toBe("validation.emailRequired");
    expect(emailError("seller@shop")).toBe("validation.emailInvalid");
    expect(emailError(" seller@shop.com ")).toBeNull();
    expect(messages.translate("tr", emailError(`${"a".repeat(250)}@example.com`)!, { max: 254 })).toBe("E-posta en fazla 254 karakter olabilir");
    expect(passwordError("1234567")).toBe("validation.passwordMin");
    expect(passwordError("12345678")).toBeNull();
    expect(newPasswordError("123456789")).toBe("validation.newPasswordMin");
    expect(newPasswordError("          ")).toBe("validation.passwordSpaces");
    expect(productNameError("x".repeat(101))).toEqual({ key: "seo.form.productNameTooLong", vars: { max: 100 } });
    expect(listNameError("  ")).toEqual({ key: "lists.dialog.nameRequired" });
    expect(listNameError("Spring rings")).toBeNull();
    expect(productDescriptionError("  ")).toEqual({ key: "create.details.empty" });
    expect(productDescriptionError("A silver ring")).toBeNull();
  });
});
