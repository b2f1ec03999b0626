import { describe, expect, it } from "vitest";
import { errorResponse } from "../../worker/api/router";
import { listingLimitReached, storageFull } from "../../worker/domain/storage/meter";
import { codeForStatus } from "../../schema/api/errors";
import { ERROR_CODES, HttpError, UpstreamError, tooManyRequests } from "../../worker/lib/errors";
import { api, registerUser, uniqueEmail, uniqueAddress, PASSWORD } from "./helpers";

type ErrorBody = { success: false; code: string; message: string; field?: string };
const bodyOf = (res: Response) => res.json<ErrorBody>();

describe("error codes", () => {
  it("answers a body that fails validation with 400 validation-failed, naming the field", async () => {
    const res = await api("/auth/login", { body: { email: "not-an-email", password: "x" } });
    expect(res.status).toBe(400);
    expect(await bodyOf(res)).toMatchObject({ success: false, code: "validation-failed", field: "email" });
  });

  it("answers a missing or invalid token with 401 unauthorized and the same messages as before", async () => {
    const none = await api("/profile");
    expect(none.status).toBe(401);
    expect(await bodyOf(none)).toEqual({ success: false, code: "unauthorized", message: "No authentication token found" });
    const bad = await api("/profile", { token: "eyJ.nope.nope" });
    expect(await bodyOf(bad)).toEqual({ success: false, code: "unauthorized", message: "Invalid authentication token" });
  });

  it("answers an unknown endpoint and another user's listing with 404 not-found", async () => {
    expect(await bodyOf(await api("/no-such-endpoint"))).toEqual({ success: false, code: "not-found", message: "API endpoint not found" });
    const { token } = await registerUser();
    const res = await api("/listings/00000000-0000-4000-8000-000000000000", { token });
    expect(res.status).toBe(404);
    expect(await bodyOf(res)).toEqual({ success: false, code: "not-found", message: "Listing not found" });
  });

  it("answers another media type with 415 and a body past the limit with 413", async () => {
    const wrongType = await api("/auth/login", { body: "{}", headers: { "Content-Type": "text/plain" } });
    expect(wrongType.status).toBe(415);
    expect(await bodyOf(wrongType)).toMatchObject({ code: "unsupported-media-type", message: "Content-Type must be application/json" });
    const tooLarge = await api("/auth/login", { body: JSON.stringify({ email: "x".repeat(1024 * 1024 + 10) }) });
    expect(tooLarge.status).toBe(413);
    expect(await bodyOf(tooLarge)).toMatchObject({ code: "payload-too-large" });
  });

  it("answers an e-mail already registered with 409 conflict", async () => {
    const email = uniqueEmail();
    await registerUser(email);
    const res = await api("/auth/register", { body: { username: null, email, password: PASSWORD }, headers: { "CF-Connecting-IP": uniqueAddress() } });
    expect(res.status).toBe(409);
    expect(await bodyOf(res)).toMatchObject({ success: false, code: "conflict" });
  });

  it("tells an unverified e-mail (403 email-unverified) from a used-up quota (403 quota-exhausted)", async () => {
    const unverified = await registerUser(undefined, undefined, { verified: false });
    const refused = await api("/increment-quota", { token: unverified.token, body: { featureKey: "advanced-keywords" } });
    expect(refused.status).toBe(403);
    expect(await bodyOf(refused)).toMatchObject({ code: "email-unverified" });

    const { token } = await registerUser();
    let last: Response | undefined;
    for (let i = 0; i < 200; i++) {
      last = await api("/increment-quota", { token, body: { featureKey: "advanced-keywords" } });
      if (last.status !== 200) break;
    }
    expect(last?.status).toBe(403);
    expect(await bodyOf(last!)).toMatchObject({ success: false, code: "quota-exhausted", quota: { feature: "advanced-keywords" } });
  });

  it("gives the plan's limits plan-limit, and upstream failures, timeouts and rate limits their own codes", () => {
    const usage = { bytes: 10, bytesLimit: 10, files: 1, listings: 500, listingsLimit: 500, plan: "free" } as Parameters<typeof storageFull>[0];
    expect(storageFull(usage, 5).code).toBe("plan-limit");
    expect(listingLimitReached(usage).code).toBe("plan-limit");
    expect(new UpstreamError("openai", "OpenAI failed").code).toBe("upstream-failed");
    expect(new UpstreamError("openai", "OpenAI timed out", true).code).toBe("upstream-timeout");
    expect(tooManyRequests(5).code).toBe("rate-limited");
    expect(new HttpError(503, "down").code).toBe("unavailable");
    expect(codeForStatus(418)).toBe("validation-failed");
  });

  it("answers an unexpected error with 500 server-error and no detail", async () => {
    const res = errorResponse(new Error("secret detail"), "req-1");
    expect(res.status).toBe(500);
    const body = await bodyOf(res);
    expect(body).toEqual({ success: false, code: "server-error", message: "Server error: something went wrong on our side. Please try again later.", requestId: "req-1" });
  });

  it("answers an image, a listing and a shop import failure with a code and no older `error` string", async () => {
    const { token } = await registerUser();
    const text = btoa("this is not an image, only text pretending to be a png");
    const notImage = await api("/edit-image", { token, body: { image: `data:image/png;base64,${text}`, prompt: "white background", fileName: "photo.png" } });
    expect(notImage.status).toBe(415);
    const imageBody = await bodyOf(notImage);
    expect(imageBody).toMatchObject({ success: false, code: "unsupported-media-type", message: "Only JPEG, PNG or WEBP images are accepted. Please select an image file." });
    expect(imageBody).not.toHaveProperty("error");

    const saved = await api("/save-listing", { token, body: { title: "Moon Necklace", description: "A silver moon necklace.", tags: [], altTexts: [] } });
    const { id } = (await saved.json<{ data: { listing: { id: string } } }>()).data.listing;
    expect((await api(`/listings/${id}`, { method: "PUT", token, body: { title: "Moon Necklace, Silver", version: 1 } })).status).toBe(200);
    const stale = await api(`/listings/${id}`, { method: "PUT", token, body: { title: "Moon Necklace, Gold", version: 1 } });
    expect(stale.status).toBe(409);
    const staleBody = await bodyOf(stale);
    expect(staleBody).toMatchObject({ success: false, code: "version-conflict", currentVersion: 2 });
    expect(staleBody).not.toHaveProperty("error");

    const notCsv = await api("/shop/import", { token, body: "name,price\nMug,12", headers: { "Content-Type": "text/csv; charset=utf-8" } });
    expect(notCsv.status).toBe(400);
    const csvBody = await bodyOf(notCsv);
    expect(csvBody).toMatchObject({ success: false, code: "validation-failed" });
    expect(csvBody.message).toMatch(/^This is not Etsy's listings CSV\./);
    expect(csvBody).not.toHaveProperty("error");
  });

  it("lists every code in the OpenAPI Error schema", async () => {
    const doc = await (await api("/openapi.json")).json<{ components: { schemas: { Error: { required: string[]; properties: { code: { enum: string[] } } } } } }>();
    expect(doc.components.schemas.Error.required).toContain("code");
    expect(doc.components.schemas.Error.properties.code.enum.sort()).toEqual(Object.keys(ERROR_CODES).sort());
  });
});
