import { isbot } from "isbot";
// React's Node build, not the edge build the "workerd" condition picks: the edge build encodes every
// string of the page (each tag, attribute name and value) into an array of its own with TextEncoder, a
// native call and an allocation each, about half the render of 50 listing cards in workerd; the Node
// build writes them into one 4 KB buffer with encodeInto. Both answer a web ReadableStream; the Node
// build's imports (util, crypto, async_hooks, stream) are Workers' nodejs_compat modules (decision 0055).
import { renderToReadableStream } from "react-dom/server.node";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { NonceContext } from "./lib/nonce";

export const streamTimeout = 5_000;

export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, loadContext: AppLoadContext) {
  const nonce = loadContext.cspNonce;
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");

  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
    {
      nonce,
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors while streaming after the shell are logged, never shown.
        if (shellRendered) console.error(JSON.stringify({ level: "error", event: "ssr.error", error: String(error) }));
      },
      signal: AbortSignal.timeout(streamTimeout + 1000),
    },
  );
  shellRendered = true;

  // Crawlers and SPA-mode get the whole document at once.
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
