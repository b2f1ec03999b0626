import { describe, expect, it } from "vitest";
import type { OnboardingState } from "../../schema/api/onboarding";
import { api, registerUser } from "./helpers";
import { dataUrl, encode, productOnGrey } from "./image-fixtures";

async function onboarding(token: string) {
  const res = await api("/onboarding", { token });
  expect(res.status).toBe(200);
  return (await res.json<{ success: boolean; data: OnboardingState }>()).data;
}

describe("GET /api/onboarding", () => {
  it("starts a new account with no step done and not yet welcomed", async () => {
    const { token } = await registerUser();
    expect(await onboarding(token)).toEqual({ steps: { profile: false, keyword: false, listing: false, image: false }, progress: 0, welcomed: false });
  });

  it("answers 401 without a token", async () => {
    expect((await api("/onboarding")).status).toBe(401);
    expect((await api("/onboarding", { method: "PUT", body: { welcomed: true } })).status).toBe(401);
  });
});

describe("the features mark their onboarding step on the server where they complete", () => {
  it("a keyword search, a saved profile name, a saved listing and an image edit each complete their step", async () => {
    const { token } = await registerUser();

    expect((await api("/keywords?product_name=silver%20ring", { token })).status).toBe(200);
    expect((await onboarding(token)).steps).toEqual({ profile: false, keyword: true, listing: false, image: false });

    // A theme change alone is not 'completing the profile'; saving a name is.
    expect((await api("/profile", { method: "PUT", token, body: { theme: "dark" } })).status).toBe(200);
    expect((await onboarding(token)).steps.profile).toBe(false);
    expect((await api("/profile", { method: "PUT", token, body: { firstName: "Ayşe", storeName: "Knots" } })).status).toBe(200);
    expect((await onboarding(token)).steps.profile).toBe(true);

    const listing = await api("/save-listing", {
      token,
      body: {
        title: "Sterling Silver Moon Necklace - Crescent Pendant, Gift for Her",
        description: "A tiny crescent moon on a fine chain.",
        tags: ["moon necklace", "crescent pendant", "silver necklace"],
        altTexts: ["Front view of the moon necklace"],
        originalPrompt: "Handmade sterling silver moon necklace",
      },
    });
    expect([200, 201]).toContain(listing.status);
    expect((await onboarding(token)).steps.listing).toBe(true);

    const image = dataUrl(await encode(productOnGrey(300, 200)), "image/png");
    expect((await api("/edit-image", { token, body: { image, prompt: "white background" } })).status).toBe(200);
    const done = await onboarding(token);
    expect(done.steps).toEqual({ profile: true, keyword: true, listing: true, image: true });
    expect(done.progress).toBe(100);
  });

  it("an advanced analysis completes the keyword step too, and one user's steps are not another's", async () => {
    const first = await registerUser();
    const second = await registerUser();
    expect((await api("/advanced-keywords/analyze", { token: first.token, body: { keyword: "boho earrings", geo: "US" } })).status).toBe(200);
    expect((await onboarding(first.token)).steps.keyword).toBe(true);
    expect((await onboarding(second.token)).steps.keyword).toBe(false);
  });
});

describe("PUT /api/onboarding", () => {
  it("records flags a browser still held and the first welcome, keeps them, and is idempotent", async () => {
    const { token } = await registerUser();
    const res = await api("/onboarding", { method: "PUT", token, body: { steps: ["listing"], welcomed: true } });
    expect(res.status).toBe(200);
    const body = await res.json<{ data: OnboardingState }>();
    expect(body.data).toMatchObject({ steps: { listing: true, keyword: false }, progress: 25, welcomed: true });
    expect((await api("/onboarding", { method: "PUT", token, body: { steps: ["listing"] } })).status).toBe(200);
    expect(await onboarding(token)).toMatchObject({ progress: 25, welcomed: true });
  });

  it.each([
    [{ steps: ["billing"] }, "Each step must be one of: profile, keyword, listing, image"],
    [{ steps: "profile" }, "Steps must be a list"],
    [{ welcomed: false }, "Welcomed can only be true"],
  ])("refuses %j with a 400 that says why", async (body, message) => {
    const { token } = await registerUser();
    const res = await api("/onboarding", { method: "PUT", token, body });
    expect(res.status).toBe(400);
    expect((await res.json<{ message: string }>()).message).toContain(message);
    expect((await onboarding(token)).progress).toBe(0);
  });

  it("refuses a body that is not JSON with a 400", async () => {
    const { token } = await registerUser();
    const res = await api("/onboarding", { method: "PUT", token, body: "{not json" });
    expect(res.status).toBe(400);
  });
});
