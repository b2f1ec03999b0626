import { isbot } from "isbot";
// React's Node build, not the edge build the "workerd" condition picks: the edge build encodes every
// string of the page (each tag, attribute name and value) into an array of its own with TextEncoder, a
// native call and an allocation each, about half the render of 50 listing cards in workerd; the Node
// build writes them into one 4 KB buffer with encodeInto. Both answer a web ReadableStream; the Node
// build's imports (util, crypto, async_hooks, stream) are Workers' nodejs_compat modules (decision 0055).
import { renderToReadableStream } from "react-dom/server.node";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import css from "./styles/entry.css?inline";
import { NonceContext } from "./lib/nonce";
import { InlineStylesContext, entryStylesOf } from "./lib/styles";

export const streamTimeout = 5_000;

export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext, loadContext: AppLoadContext) {
  const nonce = loadContext.cspNonce;
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");

  // The entry screens' stylesheet inline for a screen visitors land on (app/lib/styles.tsx); not in development, where Vite serves it.
  const inline = !import.meta.env.DEV && routerContext.staticHandlerContext.matches.some((match) => entryStylesOf(routerContext.routeModules[match.route.id]?.handle) === "inline");

  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <InlineStylesContext.Provider value={inline ? css : null}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineStylesContext.Provider>
    </NonceContext.Provider>,
    {
      nonce,
      // A Suspense boundary that is complete when the shell is (the landing page's sections) stays in
      // place in the HTML, however large: React would otherwise move content past 12,800 bytes behind a
      // script that reveals it, so a visitor without JavaScript would not see it.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
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
  return new Response(body.pipeThrough(lowPriorityModulePreloads()), { headers: responseHeaders, status: responseStatusCode });
}

const PRELOAD = '<link rel="modulepreload"';

/**
 * The page's scripts hydrate it; none is needed to paint it (the server's HTML and the stylesheet are).
 * React Router preloads them with rel="modulepreload", which browsers fetch at high priority, beside the
 * stylesheet and the page's first images; `fetchpriority="low"` lets those go first (decision 0056).
 * Only the document's <head> is rewritten; the rest of the stream passes through untouched.
 */
function lowPriorityModulePreloads(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let head = "";
  let done = false;
  return new TransformStream({
    transform(chunk, controller) {
      if (done) return controller.enqueue(chunk);
      head += decoder.decode(chunk, { stream: true });
      const end = head.indexOf("</head>");
      if (end === -1) return;
      done = true;
      controller.enqueue(encoder.encode(head.slice(0, end).replaceAll(PRELOAD, `${PRELOAD} fetchpriority="low"`) + head.slice(end)));
    },
    flush(controller) {
      if (!done) controller.enqueue(encoder.encode(head.replaceAll(PRELOAD, `${PRELOAD} fetchpriority="low"`)));
    },
  });
}
