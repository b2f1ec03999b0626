import { describe, expect, it } from "vitest";
import { createPageCache } from "../../worker/lib/page-cache";

/** A stand-in for the React Router handler: a page that carries the nonce it was rendered with, counting renders. */
function renderer(page: (request: Request) => { status?: number; headers?: Record<string, string>; body: string } = () => ({ body: "landing" })) {
  const calls: string[] = [];
  const forRequest = (request: Request) => async (nonce: string) => {
    calls.push(nonce);
    const { status = 200, headers = {}, body } = page(request);
    const cookie = request.headers.get("Cookie") ?? "";
    return new Response(`<html data-cookie="${cookie}"><script nonce="${nonce}">${body}</script><link nonce="${nonce}"></html>`, {
      status,
      headers: { "Content-Type": "text/html; charset=utf-8", ...headers },
    });
  };
  return { calls, forRequest };
}

const get = (path: string, headers: Record<string, string> = {}) => new Request(`https://listora.example${path}`, { headers });

describe("the landing page rendered once per variant", () => {
  it("renders the landing page once and gives every visitor the same page with their own nonce", async () => {
    const cache = createPageCache();
    const r = renderer();
    const first = await cache.serve(get("/landing"), "nonce-one", r.forRequest(get("/landing")));
    const second = await cache.serve(get("/landing"), "nonce-two", r.forRequest(get("/landing")));
    expect(r.calls).toHaveLength(1);
    const one = await first!.text();
    const two = await second!.text();
    expect(one.match(/nonce="([^"]+)"/g)).toEqual(['nonce="nonce-one"', 'nonce="nonce-one"']);
    expect(two.match(/nonce="([^"]+)"/g)).toEqual(['nonce="nonce-two"', 'nonce="nonce-two"']);
    expect(two.replaceAll("nonce-two", "x")).toBe(one.replaceAll("nonce-one", "x"));
    expect(second!.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    // The placeholder the page was rendered with never reaches a visitor.
    expect(two).not.toContain(r.calls[0]);
  });

  it("keeps one page per theme and language, read from the cookies and Accept-Language as the root loader reads them", async () => {
    const cache = createPageCache();
    const r = renderer();
    const serve = (headers: Record<string, string>) => cache.serve(get("/landing", headers), "n", r.forRequest(get("/landing", headers)));
    for (const headers of [{} as Record<string, string>, { Cookie: "theme=dark" }, { Cookie: "lang=tr" }, { Cookie: "lang=tr; theme=dark" }]) await serve(headers);
    expect(r.calls).toHaveLength(4);
    // The same theme and language, said another way: the page already rendered.
    const turkishBrowser = await serve({ "Accept-Language": "tr-TR,tr;q=0.9" });
    await serve({ "Accept-Language": "en-US,en;q=0.9" });
    await serve({ Cookie: "theme=dark; lang=tr" });
    expect(r.calls).toHaveLength(4);
    expect(await turkishBrowser!.text()).toContain('data-cookie="lang=tr"');
    // A saved English choice wins over a Turkish browser, as on the page itself: the English page.
    const english = await serve({ Cookie: "lang=en", "Accept-Language": "tr-TR" });
    expect(r.calls).toHaveLength(4);
    expect(await english!.text()).toContain('data-cookie=""');
  });

  it("renders afresh for a visitor with any other cookie, such as a session or the signed-in hint", async () => {
    const cache = createPageCache();
    const r = renderer();
    for (const cookie of ["listora_auth=1", "theme=dark; listora_session=abc"]) {
      expect(await cache.serve(get("/landing", { Cookie: cookie }), "n", r.forRequest(get("/landing")))).toBeNull();
    }
    expect(r.calls).toHaveLength(0);
  });

  it("leaves other pages, query strings and other methods to the normal render", async () => {
    const cache = createPageCache();
    const r = renderer();
    expect(await cache.serve(get("/login"), "n", r.forRequest(get("/login")))).toBeNull();
    expect(await cache.serve(get("/landing?ref=mail"), "n", r.forRequest(get("/landing")))).toBeNull();
    expect(await cache.serve(new Request("https://listora.example/landing", { method: "POST" }), "n", r.forRequest(get("/landing")))).toBeNull();
    expect(r.calls).toHaveLength(0);
  });

  it("never keeps an error page or a page that sets a cookie, and gives it the request's own nonce", async () => {
    for (const page of [
      { status: 500, body: "broken" },
      { headers: { "Set-Cookie": "x=1" }, body: "cookie" },
    ]) {
      const cache = createPageCache();
      const r = renderer(() => page);
      const answer = await cache.serve(get("/landing"), "mine", r.forRequest(get("/landing")));
      expect(answer!.status).toBe(page.status ?? 200);
      expect(await answer!.text()).toContain('nonce="mine"');
      await cache.serve(get("/landing"), "mine", r.forRequest(get("/landing")));
      // Rendered with the placeholder, then again with the nonce, on each request.
      expect(r.calls.filter((n) => n === "mine")).toHaveLength(2);
    }
  });
});
