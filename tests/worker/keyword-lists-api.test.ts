import { describe, expect, it } from "vitest";
import type { KeywordList, KeywordListSummary } from "../../schema/api/keyword-lists";
import { API_ROUTES } from "../../worker/api/routes";
import { api, registerUser } from "./helpers";

type Answer<T> = { success: boolean; message?: string; data: T; limit?: number };

async function call<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const res = await api(path, init);
  return { status: res.status, body: await res.json<Answer<T>>() };
}

const create = (token: string, body: unknown) => call<{ list: KeywordList }>("/keyword-lists", { method: "POST", body, token });

describe("saved keyword lists", () => {
  it("saves a list, lists it with its count, opens it, renames it, replaces its keywords and deletes it", async () => {
    const { token } = await registerUser();
    const created = await create(token, {
      name: "  Spring rings  ",
      keywords: [
        { keyword: "silver ring", popularity: 72, competition: 0.41, trend: "increasing", searchVolume: 2400 },
        { keyword: "dainty ring", searchVolume: null },
        { keyword: "  Silver   Ring " },
      ],
    });
    expect(created.status).toBe(201);
    const list = created.body.data.list;
    expect(list).toMatchObject({ name: "Spring rings", count: 2 });
    // The duplicate (case and spacing aside) is dropped; the first one keeps its figures.
    expect(list.keywords).toEqual([
      { keyword: "silver ring", popularity: 72, competition: 0.41, trend: "increasing", searchVolume: 2400 },
      { keyword: "dainty ring", searchVolume: null },
    ]);

    const all = await call<{ lists: KeywordListSummary[] }>("/keyword-lists", { token });
    expect(all.status).toBe(200);
    expect(all.body.data.lists).toEqual([{ id: list.id, name: "Spring rings", count: 2, createdAt: list.createdAt, updatedAt: list.updatedAt }]);

    const opened = await call<{ list: KeywordList }>(`/keyword-lists/${list.id}`, { token });
    expect(opened.body.data.list.keywords.map((k) => k.keyword)).toEqual(["silver ring", "dainty ring"]);

    const renamed = await call<{ list: KeywordList }>(`/keyword-lists/${list.id}`, { method: "PUT", body: { name: "Summer rings" }, token });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.list).toMatchObject({ name: "Summer rings", count: 2 });

    const replaced = await call<{ list: KeywordList }>(`/keyword-lists/${list.id}`, { method: "PUT", body: { keywords: [{ keyword: "stacking ring" }] }, token });
    expect(replaced.body.data.list).toMatchObject({ name: "Summer rings", count: 1, keywords: [{ keyword: "stacking ring" }] });

    const deleted = await call(`/keyword-lists/${list.id}`, { method: "DELETE", token });
    expect(deleted.status).toBe(200);
    expect((await call(`/keyword-lists/${list.id}`, { token })).status).toBe(404);
    expect((await call<{ lists: unknown[] }>("/keyword-lists", { token })).body.data.lists).toEqual([]);
  });

  it("keeps each user's lists their own: another user's list is 404 for reading, changing and deleting", async () => {
    const owner = await registerUser();
    const other = await registerUser();
    const { list } = (await create(owner.token, { name: "Mine", keywords: [{ keyword: "wool scarf" }] })).body.data;

    for (const init of [{}, { method: "PUT", body: { name: "Stolen" } }, { method: "DELETE" }]) {
      const res = await call(`/keyword-lists/${list.id}`, { ...init, token: other.token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, message: "Keyword list not found" });
    }
    expect((await call<{ lists: unknown[] }>("/keyword-lists", { token: other.token })).body.data.lists).toEqual([]);
    expect((await call<{ list: KeywordList }>(`/keyword-lists/${list.id}`, { token: owner.token })).body.data.list.name).toBe("Mine");
  });

  it("refuses a visitor without a token with 401", async () => {
    expect((await call("/keyword-lists")).status).toBe(401);
    expect((await call("/keyword-lists", { method: "POST", body: { name: "x", keywords: [] } })).status).toBe(401);
  });

  it("answers bad input with a 400 that names the problem", async () => {
    const { token } = await registerUser();
    const cases: [unknown, string][] = [
      [{ keywords: [] }, "List name is required"],
      [{ name: "   ", keywords: [] }, "List name is required"],
      [{ name: "x".repeat(61), keywords: [] }, "List name must not exceed 60 characters"],
      [{ name: 7, keywords: [] }, "List name must be text"],
      [{ name: "ok", keywords: "silver ring" }, "Keywords must be a list"],
      [{ name: "ok", keywords: [{ keyword: "" }] }, "A keyword must not be empty"],
      [{ name: "ok", keywords: [{ keyword: "k".repeat(101) }] }, "Each keyword must not exceed 100 characters"],
      [{ name: "ok", keywords: ["silver ring"] }, "Each keyword must be an object with a keyword"],
      [{ name: "ok", keywords: [{ keyword: "ring", popularity: 101 }] }, "Popularity must be a number from 0 to 100"],
      [{ name: "ok", keywords: [{ keyword: "ring", competition: 2 }] }, "Competition must be a number from 0 to 1"],
      [{ name: "ok", keywords: [{ keyword: "ring", trend: "up" }] }, "Trend must be increasing, declining or stable"],
      [{ name: "ok", keywords: [{ keyword: "ring", searchVolume: -1 }] }, "Search volume must not be negative"],
      [{ name: "ok", keywords: Array.from({ length: 201 }, (_, i) => ({ keyword: `kw ${i}` })) }, "A list can hold at most 200 keywords"],
    ];
    for (const [body, message] of cases) {
      const res = await create(token, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const { list } = (await create(token, { name: "fine", keywords: [] })).body.data;
    const empty = await call(`/keyword-lists/${list.id}`, { method: "PUT", body: {}, token });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Send a name, keywords, or both");
  });

  it("takes exactly 200 keywords, and one name once per user", async () => {
    const { token } = await registerUser();
    const full = await create(token, { name: "Full", keywords: Array.from({ length: 200 }, (_, i) => ({ keyword: `keyword ${i}` })) });
    expect(full.status).toBe(201);
    expect(full.body.data.list.count).toBe(200);
    const twin = await create(token, { name: "  full ", keywords: [] });
    expect(twin.status).toBe(409);
    expect(twin.body.message).toBe("You already have a list named “full”: choose another name or add to that list.");
    // Another user may use the same name.
    expect((await create((await registerUser()).token, { name: "Full", keywords: [] })).status).toBe(201);
  });

  it("keeps at most 50 lists per user and says how to make room", async () => {
    const { token } = await registerUser();
    for (let i = 0; i < 50; i += 1) expect((await create(token, { name: `List ${i}`, keywords: [{ keyword: `kw ${i}` }] })).status).toBe(201);
    const refused = await create(token, { name: "List 51", keywords: [] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("You can keep at most 50 keyword lists: delete one you no longer need to make room.");
    expect((await call<{ lists: unknown[] }>("/keyword-lists", { token })).body.data.lists).toHaveLength(50);
  });

  it("is described in the OpenAPI document", async () => {
    const ops = API_ROUTES.filter((op) => op.path.startsWith("/keyword-lists")).map((op) => `${op.method} /api${op.path}`);
    expect(ops.sort()).toEqual(["delete /api/keyword-lists/{id}", "get /api/keyword-lists", "get /api/keyword-lists/{id}", "post /api/keyword-lists", "put /api/keyword-lists/{id}"]);
    const doc = await (await api("/openapi.json")).json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(doc.paths["/api/keyword-lists/{id}"]).sort()).toEqual(["delete", "get", "put"]);
  });
});
