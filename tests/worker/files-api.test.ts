import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ListingDetail, StoredFileInfo } from "../../schema/api/listings";
import { api, registerUser } from "./helpers";

/** The first bytes of a PNG, enough for the type to be recognised. */
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4]);

async function newListing(token: string) {
  const res = await api("/save-listing", { token, body: { title: "Moon Necklace", description: "A moon necklace.\n\n- Silver", tags: [], altTexts: ["Front view"], originalPrompt: "moon necklace" } });
  return (await res.json<{ data: { listing: ListingDetail } }>()).data.listing;
}

/** POST /api/files as a browser's FormData would send it. */
function upload(token: string | undefined, fields: { file?: Blob; name?: string; listingId?: string }) {
  const form = new FormData();
  if (fields.file) form.append("file", fields.file, fields.name ?? "photo.png");
  if (fields.listingId !== undefined) form.append("listingId", fields.listingId);
  const headers = new Headers();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return exports.default.fetch(new Request("http://localhost/api/files", { method: "POST", body: form, headers }));
}

async function stored(userId: string) {
  return (await env.FILES.list({ prefix: `${userId}/` })).objects.map((o) => o.key);
}

describe("POST /api/files", () => {
  it("stores the file in R2 under the owner's prefix and answers its info with 201", async () => {
    const { token, userId } = await registerUser();
    const listing = await newListing(token);
    const res = await upload(token, { file: new Blob([PNG], { type: "image/png" }), name: "My Photo (1).png", listingId: listing.id });
    expect(res.status).toBe(201);
    const { data } = await res.json<{ data: { file: StoredFileInfo } }>();
    expect(data.file).toMatchObject({ listingId: listing.id, name: "My-Photo-1-.png", contentType: "image/png", size: PNG.byteLength, url: `/api/files/${data.file.id}` });
    expect(await stored(userId)).toEqual([`${userId}/files/${data.file.id}-My-Photo-1-.png`]);
  });

  it("keeps a path out of the file name", async () => {
    const { token, userId } = await registerUser();
    const listing = await newListing(token);
    const res = await upload(token, { file: new Blob([PNG]), name: "../../other-user/files/evil.png", listingId: listing.id });
    const { data } = await res.json<{ data: { file: StoredFileInfo } }>();
    expect(data.file.name).toBe("evil.png");
    expect((await stored(userId))[0].startsWith(`${userId}/files/`)).toBe(true);
  });

  it("refuses a file over 10 MB with 413 and stores nothing", async () => {
    const { token, userId } = await registerUser();
    const listing = await newListing(token);
    const res = await upload(token, { file: new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]), listingId: listing.id });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, message: "File is too large (the limit is 10 MB)" });
    expect(await stored(userId)).toEqual([]);
  });

  it("needs a file, a listingId, a multipart body and a token", async () => {
    const { token } = await registerUser();
    const listing = await newListing(token);
    const noFile = await upload(token, { listingId: listing.id });
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toMatchObject({ field: "file" });
    const noListing = await upload(token, { file: new Blob([PNG]) });
    expect(noListing.status).toBe(400);
    expect(await noListing.json()).toMatchObject({ field: "listingId" });
    expect((await api("/files", { token, body: { file: "x", listingId: listing.id } })).status).toBe(415);
    expect((await upload(undefined, { file: new Blob([PNG]), listingId: listing.id })).status).toBe(401);
  });

  it("answers 404 for a listing that does not exist", async () => {
    const { token, userId } = await registerUser();
    const res = await upload(token, { file: new Blob([PNG]), listingId: "no-such-listing" });
    expect(res.status).toBe(404);
    expect(await stored(userId)).toEqual([]);
  });
});

describe("GET /api/files and GET /api/files/:id", () => {
  it("lists a listing's files and streams one back to its owner, with nosniff", async () => {
    const { token } = await registerUser();
    const listing = await newListing(token);
    const uploaded = await (await upload(token, { file: new Blob([PNG]), name: "photo.png", listingId: listing.id })).json<{ data: { file: StoredFileInfo } }>();

    const listed = await api(`/files?listingId=${listing.id}`, { token });
    expect(listed.status).toBe(200);
    const { data } = await listed.json<{ data: { files: StoredFileInfo[] } }>();
    expect(data.files.map((f) => f.id)).toEqual([uploaded.data.file.id]);

    const res = await api(`/files/${uploaded.data.file.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Content-Disposition")).toBe('inline; filename="photo.png"');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
  });

  it("never serves uploaded HTML as HTML: the declared type is ignored and the file downloads", async () => {
    const { token } = await registerUser();
    const listing = await newListing(token);
    const html = new Blob(["<script>alert(document.cookie)</script>"], { type: "text/html" });
    const uploaded = await (await upload(token, { file: html, name: "page.html", listingId: listing.id })).json<{ data: { file: StoredFileInfo } }>();
    expect(uploaded.data.file.contentType).toBe("application/octet-stream");
    const res = await api(`/files/${uploaded.data.file.id}`, { token });
    expect(res.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="page.html"');
    expect(res.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    await res.arrayBuffer();
  });

  it("deletes a listing's files with the listing", async () => {
    const { token, userId } = await registerUser();
    const listing = await newListing(token);
    const uploaded = await (await upload(token, { file: new Blob([PNG]), listingId: listing.id })).json<{ data: { file: StoredFileInfo } }>();
    await api(`/listings/${listing.id}`, { token, method: "DELETE" });
    expect((await api(`/files/${uploaded.data.file.id}`, { token })).status).toBe(404);
    expect(await stored(userId)).toEqual([]);
  });
});

describe("another user's files (IDOR)", () => {
  it("is a 404 on every files endpoint and nothing changes", async () => {
    const owner = await registerUser();
    const other = await registerUser();
    const listing = await newListing(owner.token);
    const uploaded = await (await upload(owner.token, { file: new Blob([PNG]), listingId: listing.id })).json<{ data: { file: StoredFileInfo } }>();
    const id = uploaded.data.file.id;

    const attempts = [
      await api(`/files/${id}`, { token: other.token }),
      await api(`/files?listingId=${listing.id}`, { token: other.token }),
      await api(`/files/${id}`, { token: other.token, method: "DELETE" }),
      await upload(other.token, { file: new Blob([PNG]), listingId: listing.id }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(404);
      await res.arrayBuffer();
    }
    const mine = await (await api("/files", { token: other.token })).json<{ data: { files: unknown[] } }>();
    expect(mine.data.files).toEqual([]);
    expect(await stored(other.userId)).toEqual([]);
    expect(await stored(owner.userId)).toHaveLength(1);
    const still = await api(`/files/${id}`, { token: owner.token });
    expect(still.status).toBe(200);
    expect(new Uint8Array(await still.arrayBuffer())).toEqual(PNG);
  });
});
