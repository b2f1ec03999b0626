import { describe, expect, it } from "vitest";
import { checkBatchSelection } from "~/components/image-editor/checks";
import { cutoutLine, editFailure, gptFailureMessage, gptFailureNotice, gptProviderName } from "~/components/image-editor/messages";
import { NoImageError } from "~/lib/api/images";
import { dataUrlToBlob, editedFileName } from "~/lib/images/files";
import { ApiError } from "~/lib/api";
import { type MessageKey, messagesFor, type Vars } from "~/lib/i18n";
import { handle as editImageRoute } from "~/routes/edit-image";

const messages = messagesFor(editImageRoute.i18n);
const t = (key: MessageKey, vars?: Vars) => messages.translate("en", key, vars);
const tr = (key: MessageKey, vars?: Vars) => messages.translate("tr", key, vars);
const http = (status: number, body: Record<string, unknown>) => new ApiError(String(body.message ?? ""), status, body);

describe("image editor failure messages (SPEC §8)", () => {
  it("gives the single editor the 'Daily limit exceeded' text and a 'Quota Exceeded' notice on quota-exhausted", () => {
    const failure = editFailure(t, http(403, { message: "Daily limit", code: "quota-exhausted", quota: { feature: "edit-image", used: 10, limit: 10, plan: "free" } }), { single: true });
    expect(failure.title).toBe("Quota Exceeded");
    expect(failure.message).toBe(
      "Daily limit exceeded: You have reached your daily limit of 10 image edits for your free plan. Your quota will reset tomorrow or you can upgrade to a premium plan for higher limits.",
    );
  });

  it("gives batches the 'Daily limit reached' text on quota-exhausted, and a storage limit its own message", () => {
    const failure = editFailure(t, http(403, { message: "Daily limit", code: "quota-exhausted", quota: { limit: 10, plan: "free" } }));
    expect(failure.title).toBe("Image Editing Failed");
    expect(failure.message).toBe("Daily limit reached: You have reached your daily limit for image editing. Please try again tomorrow or upgrade your plan.");
    const storage = editFailure(t, http(403, { message: "Your storage is full: 200 MB of 200 MB used on the free plan.", code: "plan-limit" }));
    expect(storage).toMatchObject({ quotaExceeded: false, message: "Your storage is full: 200 MB of 200 MB used on the free plan." });
  });

  it("maps not-found, rate-limited, server-error, time-out, invalid response and network failures to their texts", () => {
    expect(editFailure(t, http(404, { message: "x", code: "not-found" })).message).toBe("API endpoint not found: The image editing service is currently unavailable. Please try again later.");
    expect(editFailure(t, http(429, { message: "x", code: "rate-limited" })).message).toBe("Too many requests: Please wait a moment before trying again.");
    expect(editFailure(t, http(500, { message: "x", code: "server-error" })).message).toBe("Server error: The image editing service encountered an error. Please try again later.");
    expect(editFailure(t, new ApiError("t", 0, null, { code: "timeout" })).message).toBe("Request timed out. Please try with a simpler prompt or try again later.");
    expect(editFailure(t, new ApiError("i", 200, null, { code: "invalid-response" })).message).toBe("Invalid response from server: The image editing service returned an invalid response.");
    expect(editFailure(t, new ApiError("n", 0, null, { code: "network" })).message).toBe("No response received from server. The server might be down or unreachable.");
  });

  it("shows other statuses as the server message plus details, once when they are the same", () => {
    expect(editFailure(t, http(502, { message: "OpenAI failed", details: "upstream said no" })).message).toBe("OpenAI failed: upstream said no");
    const same = "Image size exceeds 5MB limit. Please select a smaller image.";
    expect(editFailure(t, http(413, { message: same, details: same })).message).toBe(same);
    expect(editFailure(tr, http(413, { message: same, details: same })).message).toBe("Görsel boyutu 5MB sınırını aşıyor. Lütfen daha küçük bir görsel seçin.");
  });

  it("names the provider in the GPT editor's texts and ends the notice with 'Please try again.'", () => {
    const provider = gptProviderName(t, "local");
    expect(provider).toBe("Local image editor (offline default)");
    expect(gptFailureMessage(t, new NoImageError(), "OpenAI gpt-image-1.5")).toBe("No image returned from OpenAI gpt-image-1.5");
    const message = gptFailureMessage(t, http(500, { message: "x" }), provider);
    expect(message).toBe("Failed to process image with Local image editor (offline default): Server error: The image editing service encountered an error. Please try again later");
    expect(gptFailureNotice(t, message)).toMatch(/Please try again later\. Please try again\.$/);
  });
});

describe("batch selection (SPEC §5)", () => {
  const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

  it("leaves out non-images and files over 5 MB with their messages and keeps the rest", () => {
    const { accepted, errors } = checkBatchSelection(t, 0, [file("a.txt", "text/plain"), file("b.png", "image/png", 5 * 1024 * 1024 + 1), file("c.png", "image/png")]);
    expect(accepted.map((f) => f.name)).toEqual(["c.png"]);
    expect(errors).toEqual(["1 file(s) are not images. Please select only image files.", "1 file(s) exceed the 5MB size limit."]);
  });

  it("refuses a selection that would pass 10 images", () => {
    const { accepted, errors } = checkBatchSelection(t, 8, [file("a.png", "image/png"), file("b.png", "image/png"), file("c.png", "image/png")]);
    expect(accepted).toEqual([]);
    expect(errors).toEqual(["You can only upload up to 10 images at a time."]);
    expect(checkBatchSelection(t, 8, [file("a.png", "image/png"), file("b.png", "image/png")]).accepted).toHaveLength(2);
  });
});

describe("downloads", () => {
  it("names edited files 'edited-' plus the original name with the returned type's extension", () => {
    expect(editedFileName("ring photo.jpeg", "image/png")).toBe("edited-ring photo.png");
    expect(editedFileName("mug.png", "image/jpeg")).toBe("edited-mug.jpg");
    expect(editedFileName("", "image/webp")).toBe("edited-image.webp");
  });

  it("decodes a data URL without a network request", async () => {
    const blob = dataUrlToBlob("data:image/png;base64,iVBORw0KGgo=");
    expect(blob.type).toBe("image/png");
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });
});

describe("who removed the background", () => {
  it("names the cut-out provider and what the local editor did, in English and Turkish", () => {
    const cutout = { provider: "photoroom" as const, label: "Photoroom", localSteps: ["light" as const, "background" as const, "size" as const] };
    expect(cutoutLine(t, cutout)).toBe("Background removed by Photoroom · light, background colour and size by the local editor (offline)");
    expect(cutoutLine(tr, cutout)).toBe("Arka planı Photoroom kaldırdı · ışık, arka plan rengi ve boyut yerel düzenleyicide (çevrimdışı) yapıldı");
    expect(cutoutLine(t, { provider: "remove-bg", label: "remove.bg", localSteps: ["size"] })).toBe("Background removed by remove.bg · size by the local editor (offline)");
    expect(cutoutLine(tr, { provider: "remove-bg", label: "remove.bg", localSteps: [] })).toBe("Arka planı remove.bg kaldırdı");
  });

  it("a provider failure (502) shows the server's reason, and a provider's rate limit the SPEC's 429 text", () => {
    const message = "Failed to process image with Photoroom (402: the Photoroom account is out of credits). Photoroom said: Not enough credits.";
    expect(editFailure(t, http(502, { message, details: message, code: "upstream-failed" })).message).toBe(message);
    expect(editFailure(t, http(429, { message: "Too many requests: Photoroom is busy. Please wait 7 seconds before trying again.", retryAfter: 7 })).message).toBe(
      "Too many requests: Please wait a moment before trying again.",
    );
  });
});
