import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api, errorMessage } from "~/lib/api";
import { I18nProvider, type MessageKey, messagesFor, type Vars } from "~/lib/i18n";
import { ThemeProvider } from "~/lib/theme";
import ForgotPassword, { action as forgotPasswordAction, handle as forgotPasswordRoute } from "~/routes/forgot-password";
import { serverRoute } from "./server-route";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const messages = messagesFor([]);
const en = (key: MessageKey, vars?: Vars) => messages.translate("en", key, vars);
const tr = (key: MessageKey, vars?: Vars) => messages.translate("tr", key, vars);

/** A fetch that gives every request the same answer. */
function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(async () => new Response(body === undefined ? "" : JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const failureOf = (path: string, body?: unknown) =>
  api(path, { body, anonymous: true }).then(
    () => {
      throw new Error("expected the call to fail");
    },
    (e: unknown) => e as ApiError,
  );

describe("ApiError reads the API's one error shape", () => {
  it("carries the server's code, status and message, and the quota of a quota-exhausted answer", async () => {
    answer(403, {
      success: false,
      code: "quota-exhausted",
      message: "You have reached your daily limit of 10 for seo-analysis on the free plan.",
      quota: { feature: "seo-analysis", used: 10, limit: 10, plan: "free" },
    });
    const error = await failureOf("/keywords");
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "quota-exhausted", status: 403, message: "You have reached your daily limit of 10 for seo-analysis on the free plan." });
    expect(error.quota).toEqual({ feature: "seo-analysis", used: 10, limit: 10, plan: "free", remaining: undefined });
    expect(error.retryAfter).toBeNull();
  });

  it("reads Retry-After as seconds, as an HTTP date, or from the body's retryAfter", async () => {
    answer(429, { success: false, code: "rate-limited", message: "Too many requests" }, { "Retry-After": "42" });
    expect((await failureOf("/auth/forgot-password", {})).retryAfter).toBe(42);

    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    answer(503, { success: false, code: "unavailable", message: "Down" }, { "Retry-After": inTwoMinutes });
    const unavailable = await failureOf("/health");
    expect(unavailable.code).toBe("unavailable");
    // An HTTP date has whole seconds, so the wait is just under two minutes.
    expect(unavailable.retryAfter).toBeGreaterThan(100);
    expect(unavailable.retryAfter).toBeLessThanOrEqual(120);

    answer(429, { success: false, code: "rate-limited", message: "Photoroom is busy", retryAfter: 7 });
    expect((await failureOf("/edit-image", {})).retryAfter).toBe(7);
  });

  it("names the field of a validation failure", async () => {
    answer(400, { success: false, code: "validation-failed", message: "title must be at most 140 characters", field: "title" });
    expect(await failureOf("/listings", {})).toMatchObject({ code: "validation-failed", field: "title", message: "title must be at most 140 characters" });
  });

  it("gives an answer without a code its status's general code (a proxy's HTML 502, a bare 404)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>Bad gateway</html>", { status: 502 })),
    );
    expect(await failureOf("/health")).toMatchObject({ code: "upstream-failed", status: 502, message: "HTTP error! Status: 502" });
    answer(404, { success: false, message: "Gone" });
    expect((await failureOf("/listings/x")).code).toBe("not-found");
    answer(418, { success: false, code: "no-such-code", message: "Teapot" });
    expect((await failureOf("/health")).code).toBe("validation-failed");
  });

  it("gives a failure without an answer its own code: network, timeout", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    expect(await failureOf("/health")).toMatchObject({ code: "network", status: 0 });
    vi.stubGlobal(
      "fetch",
      vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener("abort", () => reject(new DOMException("The operation timed out.", "TimeoutError"))))),
    );
    const timedOut = await api("/health", { anonymous: true, timeoutMs: 1 }).catch((e: unknown) => e as ApiError);
    expect(timedOut).toMatchObject({ code: "timeout", status: 0 });
  });
});

describe("errorMessage: a catalogue text per general code, the server's message for the rest", () => {
  const http = (status: number, body: Record<string, unknown>, retryAfterHeader?: string) => new ApiError(String(body.message ?? ""), status, body, { retryAfterHeader });

  it("shows the SPEC's sentences for rate limits, sessions and server errors, in English and Turkish", () => {
    expect(errorMessage(http(429, { code: "rate-limited", message: "x" }), undefined, en)).toBe("Too many requests: Please wait a moment before trying again.");
    expect(errorMessage(http(429, { code: "rate-limited", message: "x" }, "30"), undefined, en)).toBe("Too many requests: Please wait 30 seconds before trying again.");
    expect(errorMessage(http(429, { code: "rate-limited", message: "x" }, "30"), undefined, tr)).toBe("Çok fazla istek: Lütfen tekrar denemeden önce 30 saniye bekleyin.");
    expect(errorMessage(http(401, { code: "unauthorized", message: "Invalid authentication token" }), undefined, en)).toBe("Unauthorized: Please login again");
    expect(errorMessage(http(500, { code: "server-error", message: "x" }), undefined, tr)).toBe("Sunucu hatası: bizim tarafımızda bir sorun oluştu. Lütfen daha sonra tekrar deneyin.");
    expect(errorMessage(new ApiError("Network error", 0, null, { code: "network" }), undefined, en)).toBe("Network error: Please check your internet connection and try again.");
  });

  it("fills a quota-exhausted text with the answer's limit and plan", () => {
    const error = http(403, { code: "quota-exhausted", message: "x", quota: { feature: "create-listing", used: 10, limit: 10, plan: "free" } });
    expect(errorMessage(error, undefined, en)).toBe(
      "You have reached your daily limit of 10 for your free plan. Your quota will reset tomorrow or you can upgrade to a premium plan for higher limits.",
    );
  });

  it("keeps the server's message where it names the field, the record or the provider", () => {
    expect(errorMessage(http(400, { code: "validation-failed", message: "title must be at most 140 characters", field: "title" }), undefined, en)).toBe("title must be at most 140 characters");
    expect(errorMessage(http(404, { code: "not-found", message: "Listing not found" }), undefined, en)).toBe("Listing not found");
    expect(errorMessage(http(403, { code: "plan-limit", message: "Your storage is full." }), undefined, en)).toBe("Your storage is full.");
  });

  it("falls back to '{prefix}. Please try again.' and the generic sentence", () => {
    expect(errorMessage("nothing useful", "Login failed", en)).toBe("Login failed. Please try again.");
    expect(errorMessage(undefined, undefined, tr)).toBe("Bir şeyler ters gitti. Lütfen tekrar deneyin.");
  });
});

describe("a screen shows the code's message", () => {
  function showForgotPassword(language: "en" | "tr") {
    // The screen posts to its route action, which calls the API (the test's fetch) in process.
    const route = serverRoute({ loader: () => null, action: forgotPasswordAction });
    const Stub = createRoutesStub([{ path: "/forgot-password", Component: ForgotPassword as never, action: route.action }]);
    return render(
      <I18nProvider initialLanguage={language} catalogues={forgotPasswordRoute.i18n}>
        <ThemeProvider initialChoice="light">
          <Stub initialEntries={["/forgot-password"]} />
        </ThemeProvider>
      </I18nProvider>,
    );
  }

  async function submit(email: string) {
    const input = await screen.findByRole("textbox");
    fireEvent.change(input, { target: { value: email } });
    fireEvent.submit(input.closest("form")!);
  }

  it("tells a seller who asked too often how long to wait (rate-limited with Retry-After), in their language", async () => {
    answer(429, { success: false, code: "rate-limited", message: "Too many requests: Please wait a moment before trying again.", retryAfter: 60 }, { "Retry-After": "60" });
    showForgotPassword("en");
    await submit("seller@example.com");
    expect(await screen.findByText("Too many requests: Please wait 60 seconds before trying again.")).toBeTruthy();
    cleanup();

    showForgotPassword("tr");
    await submit("seller@example.com");
    expect(await screen.findByText("Çok fazla istek: Lütfen tekrar denemeden önce 60 saniye bekleyin.")).toBeTruthy();
  });

  it("shows the SPEC's fallback for any other failure, whatever the server's text", async () => {
    answer(500, { success: false, code: "server-error", message: "Server error: something went wrong on our side. Please try again later." });
    showForgotPassword("en");
    await submit("seller@example.com");
    expect(await screen.findAllByText("Failed to process your request. Please try again.")).not.toHaveLength(0);
    expect(screen.queryByText(/Server error/)).toBeNull();
  });
});
