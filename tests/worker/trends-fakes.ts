/**
 * Fakes of the trends vendors' HTTP APIs for the provider tests: a fetch that records every request
 * and answers with recorded reply shapes (tests/fixtures/trends/*.json) or an error of the test's choice.
 */
import etsyListings from "../fixtures/trends/etsy-listings-active.json";
import serpRelated from "../fixtures/trends/serpapi-related-queries.json";
import serpTimeseries from "../fixtures/trends/serpapi-timeseries.json";

export const recorded = { serpTimeseries, serpRelated, etsyListings };

interface RecordedCall {
  url: URL;
  method: string;
  headers: Headers;
}

type Reply = Response | Promise<Response> | "hang";

/** A fetch that records each request and answers with `reply(call)`; "hang" waits until the caller gives up. */
export function fakeFetch(reply: (call: RecordedCall) => Reply) {
  const calls: RecordedCall[] = [];
  const doFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const call = { url: new URL(request.url), method: request.method, headers: request.headers };
    calls.push(call);
    const answer = reply(call);
    if (answer !== "hang") return answer;
    const signal = init?.signal;
    return new Promise<Response>((_, reject) => {
      if (!signal) return;
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener("abort", () => reject(signal.reason));
    });
  }) as typeof fetch;
  return { fetch: doFetch, calls };
}

export function jsonReply(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** Answers both vendors the way they answer a healthy request. */
export function healthyVendors(options: { etsyCount?: (keyword: string) => number } = {}) {
  return fakeFetch((call) => {
    if (call.url.hostname === "serpapi.com") {
      return jsonReply(call.url.searchParams.get("data_type") === "TIMESERIES" ? recorded.serpTimeseries : recorded.serpRelated);
    }
    if (call.url.hostname === "openapi.etsy.com") {
      const keyword = call.url.searchParams.get("keywords") ?? "";
      return jsonReply({ ...recorded.etsyListings, count: options.etsyCount?.(keyword) ?? recorded.etsyListings.count });
    }
    return new Response("not found", { status: 404 });
  });
}
