import { describe, expect, it } from "vitest";
import { dispositionName, fileResponse } from "../../worker/lib/files";

describe("fileResponse", () => {
  it("answers a download with its type, its name, nosniff, a sandbox and no shared caching", async () => {
    const res = fileResponse("a,b\n", { type: "text/csv; charset=utf-8", name: "listora-listings-2026-11-25.csv" });
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="listora-listings-2026-11-25.csv"');
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await res.text()).toBe("a,b\n");
  });

  it("shows an image inline and states the size of a stream", () => {
    const res = fileResponse(new ReadableStream(), { type: "image/png", name: "photo.png", disposition: "inline", size: 42 });
    expect(res.headers.get("Content-Disposition")).toBe('inline; filename="photo.png"');
    expect(res.headers.get("Content-Length")).toBe("42");
  });

  it("never lets a file name break out of the header: quotes, backslashes and non-ASCII get RFC 5987's form", () => {
    expect(dispositionName('a"b\\c.txt')).toBe(`filename="a_b_c.txt"; filename*=UTF-8''a%22b%5Cc.txt`);
    expect(dispositionName("Şirin Ayıcık.pdf")).toBe(`filename="Sirin Ay_c_k.pdf"; filename*=UTF-8''%C5%9Eirin%20Ay%C4%B1c%C4%B1k.pdf`);
    expect(dispositionName("new\r\nline.txt")).toBe(`filename="new__line.txt"; filename*=UTF-8''new%0D%0Aline.txt`);
  });
});
