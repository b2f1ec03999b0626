import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { batchCounts, planBatch } from "~/components/image-editor/batch-precheck";
import { crc32, resultEntryName, uniqueNames, zipStore } from "~/components/image-editor/zip";

/** A tiny ZIP reader: the central directory's names, and each stored entry's bytes checked against its CRC. */
function readZip(zip: Uint8Array) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const end = zip.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: { name: string; data: Uint8Array }[] = [];
  for (let i = 0; i < count; i += 1) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength));
    expect(view.getUint32(local, true)).toBe(0x04034b50);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = zip.subarray(start, start + size);
    expect(crc32(data)).toBe(crc);
    entries.push({ name, data });
    at += 46 + nameLength;
  }
  return entries;
}

describe("the batch's 'Download all' ZIP", () => {
  it("computes the standard CRC-32", () => {
    expect(crc32(new TextEncoder().encode("123456789"))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array())).toBe(0);
  });

  it("stores every file under its name with its bytes intact, UTF-8 names included", () => {
    const a = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]);
    const b = new Uint8Array(70_000).map((_, i) => i % 251);
    const zip = zipStore([
      { name: "photo.jpg", data: a },
      { name: "küpe ön.png", data: b },
    ]);
    const entries = readZip(zip);
    expect(entries.map((e) => e.name)).toEqual(["photo.jpg", "küpe ön.png"]);
    expect([...entries[0].data]).toEqual([...a]);
    expect(entries[1].data.length).toBe(b.length);
  });

  it("is a ZIP that the system's unzip lists with the same names", () => {
    const dir = mkdtempSync(join(tmpdir(), "listora-zip-"));
    const file = join(dir, "batch.zip");
    writeFileSync(
      file,
      zipStore([
        { name: "photo.jpg", data: new Uint8Array([1, 2, 3]) },
        { name: "photo (2).jpg", data: new Uint8Array([4]) },
      ]),
    );
    let listing: string;
    try {
      listing = execFileSync("unzip", ["-l", file], { encoding: "utf8" });
    } catch (error) {
      // No unzip on this machine: the reader above has checked the format already.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    expect(listing).toContain("photo.jpg");
    expect(listing).toContain("photo (2).jpg");
    expect(execFileSync("unzip", ["-t", file], { encoding: "utf8" })).toContain("No errors detected");
  });

  it("names results after the originals, with the extension of what the file now is, deduplicated", () => {
    const names = ["photo.jpg", "photo.jpg", "Photo.JPG", "ring.png", "ring.jpeg", "scan"].map((n, i) => resultEntryName(n, i === 3 ? "image/png" : "image/jpeg"));
    expect(names).toEqual(["photo.jpg", "photo.jpg", "Photo.JPG", "ring.png", "ring.jpeg", "scan.jpg"]);
    expect(uniqueNames(names)).toEqual(["photo.jpg", "photo (2).jpg", "Photo (3).JPG", "ring.png", "ring.jpeg", "scan.jpg"]);
    expect(resultEntryName("beach.jpg", "image/png")).toBe("beach.png");
    expect(resultEntryName("../../evil:name.png", "image/png")).toBe("evil-name.png");
  });
});

describe("the batch's quota pre-check", () => {
  it("sends everything when the edits left cover the batch", () => {
    expect(planBatch(5, 10)).toEqual({ send: 5, skipped: 0, kind: "all" });
    expect(planBatch(5, 5)).toEqual({ send: 5, skipped: 0, kind: "all" });
  });

  it("offers as many as there are edits left, or none at all", () => {
    expect(planBatch(5, 2)).toEqual({ send: 2, skipped: 3, kind: "partial" });
    expect(planBatch(5, 0)).toEqual({ send: 0, skipped: 5, kind: "none" });
    expect(planBatch(3, -1)).toEqual({ send: 0, skipped: 3, kind: "none" });
  });

  it("counts processed, skipped and failed images for the final notice", () => {
    expect(batchCounts({ completed: 1, failed: 1, total: 2 }, 3)).toEqual({ processed: 1, skipped: 3, failed: 1, total: 5 });
  });
});
