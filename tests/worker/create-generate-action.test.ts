/**
 * Create's Generate posted as a document (without JavaScript, decision 0057), run as React Router runs
 * the action at the edge: with the Worker's load context, whose in-process API reads the generation's
 * NDJSON stream to its end. What a seller would notice: the listing is written with the posted
 * keywords and saved, one unit is spent, and the answer sends them to the saved listing; an
 * unconfirmed e-mail, a spent quota and another site's post are refused with the API's words.
 */
import { createExecutionContext, env } from "cloudflare:test";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { actionAnswer } from "../fixtures/action-answer";
import { SESSION_COOKIE } from "../../shared/session";
import { appContext } from "../../worker/app-context";
import { createAction } from "~/lib/create.server";
import { api, registerUser } from "./helpers";

const SITE = "http://localhost:8787";

function generatePost(token: string, fields: [string, string][], origin = SITE) {
  const request = new Request(`${SITE}/create`, {
    method: "POST",
    headers: { Cookie: `${SESSION_COOKIE}=${token}`, Origin: origin },
    body: new URLSearchParams([["intent", "generate"], ...fields]),
  });
  return createAction(request, { listora: appContext(request, env, createExecutionContext()) } as unknown as AppLoadContext);
}

const used = async (token: string) => (await (await api("/create-listing/quota", { token })).json<{ used: number }>()).used;

describe("Generate without JavaScript", () => {
  it("writes and saves the listing on the server with the posted keywords, spends one unit and sends the seller to it", async () => {
    const { token } = await registerUser();
    const answer = await actionAnswer(
      generatePost(token, [
        ["description", "Handmade stoneware coffee mug, 350 ml, glazed in speckled cream, dishwasher safe."],
        ["platform", "etsy"],
        ["keyword", "stoneware mug"],
        ["keyword", "speckled coffee mug"],
      ]),
    );
    expect(answer.status).toBe(302);
    const id = /^\/listings\/([^/]+)$/.exec(answer.location ?? "")?.[1];
    expect(id).toBeTruthy();
    const saved = await (await api(`/listings/${id}`, { token })).json<{ data: { listing: { title: string; tags: string[]; original_prompt?: string } } }>();
    expect(saved.data.listing.title.length).toBeGreaterThan(10);
    expect(saved.data.listing.tags.join(" ")).toMatch(/stoneware|speckled/);
    expect(await used(token)).toBe(1);
  });

  it("refuses an unconfirmed seller and another site's post, spending nothing", async () => {
    const unconfirmed = await registerUser(undefined, undefined, { verified: false });
    const refused = await actionAnswer(generatePost(unconfirmed.token, [["description", "A mug"]]));
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ ok: false, intent: "generate", error: { code: "email-unverified" }, form: { description: "A mug" } });

    const { token } = await registerUser();
    const forged = await actionAnswer(generatePost(token, [["description", "A mug"]], "https://evil.example"));
    expect(forged.status).toBe(403);
    expect(forged.data).toMatchObject({ code: "cross-origin" });
    expect(await used(token)).toBe(0);
  });
});
