import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { KeywordList } from "../../schema/api/keyword-lists";
import { api, registerUser } from "./helpers";

type Answer<T> = { success: boolean; message?: string; data: T; limit?: number };

async function call<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const res = await api(path, init);
  return { status: res.status, body: await res.json<Answer<T>>() };
}

const create = (token: string, name: string) => call<{ list: KeywordList }>("/keyword-lists", { method: "POST", body: { name, keywords: [] }, token });

describe("keyword lists: the cap holds under concurrency and names compare in one normal form", () => {
  it("keeps exactly 50 lists when 80 are created at the same time, and refuses the other 30 with the limit's message", async () => {
    const { token, userId } = await registerUser();
    const answers = await Promise.all(Array.from({ length: 80 }, (_, i) => create(token, `Burst ${i}`)));
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(created).toHaveLength(50);
    expect(refused).toHaveLength(30);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body.message).toBe("You can keep at most 50 keyword lists: delete one you no longer need to make room.");
    }
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM keyword_lists WHERE user_id = ?").bind(userId).first<{ n: number }>();
    expect(stored?.n).toBe(50);
  });

  it("treats names that differ only by Unicode form, width, case or invisible characters as the same name", async () => {
    const { token } = await registerUser();
    expect((await create(token, "Café rings")).status).toBe(201);
    for (const twin of ["Cafe\u0301 rings", "CAFÉ RINGS", "Caf\u200Bé rings", "\uFEFFCafé\u00A0rings", "Ｃａｆé ｒｉｎｇｓ", "Café\u2060 rings", "\u{1D402}\u{1D41A}\u{1D41F}é rings"]) {
      const answer = await create(token, twin);
      expect(answer.status, JSON.stringify(twin)).toBe(409);
      expect(answer.body.message).toMatch(/^You already have a list named/);
    }
    // Renaming another list onto the same name is refused the same way.
    const other = (await create(token, "Spring")).body.data.list;
    const renamed = await call(`/keyword-lists/${other.id}`, { method: "PUT", body: { name: "cafe\u0301 RINGS" }, token });
    expect(renamed.status).toBe(409);
    // A name of invisible characters only is no name.
    const blank = await create(token, "\u200B\u200D\u2060");
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe("List name is required");
  });

  it("compares names in the normal form even for lists saved before the rule, and keeps them apart from other users", async () => {
    const { token, userId } = await registerUser();
    // A list saved by the earlier code: its key was only lower-cased (the NFD form kept).
    const now = Date.now();
    await env.DB.prepare("INSERT INTO keyword_lists (id, user_id, name, name_key, keywords, keyword_count, created_at, updated_at) VALUES (?, ?, ?, ?, '[]', 0, ?, ?)")
      .bind(crypto.randomUUID(), userId, "Cafe\u0301 Mugs", "cafe\u0301 mugs", now, now)
      .run();
    expect((await create(token, "Café mugs")).status).toBe(409);
    expect((await create((await registerUser()).token, "Café mugs")).status).toBe(201);
  });
});
