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
  const entryStyles = routerContext.staticHandlerContext.matches.map((match) => entryStylesOf(routerContext.routeModules[match.route.id]?.handle));
  const inline = !import.meta.env.DEV && entryStyles.includes("inline");
  const entryScreen = entryStyles.some((mode) => mode !== null);

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
  return new Response(body.pipeThrough(lowPriorityModulePreloads(nonce || null, entryScreen)), { headers: responseHeaders, status: responseStatusCode });
}

const PRELOAD = '<link rel="modulepreload"';
const PRELOAD_TAG = /<link rel="modulepreload"[^>]*>/g;
const BODY_END = "</body>";

/** The script that adds the preloads after the first painted frame (its own nonce lets them through the CSP; `npm run bench` reads its list). */
function preloadAfterFirstPaint(hrefs: string[]): string {
  return `(function(s,n){requestAnimationFrame(function(){setTimeout(function(){for(var i=0;i<s.length;i++){var l=document.createElement("link");l.rel="modulepreload";l.href=s[i];l.nonce=n;document.head.appendChild(l)}})})})(${hrefList(hrefs)},document.currentScript.nonce)`;
}

/** The script that adds the preloads at once, where it stands in <head>, at low priority (the same list, a quarter of the bytes of the links). */
function preloadNow(hrefs: string[]): string {
  return `(function(s,n){for(var i=0;i<s.length;i++){var l=document.createElement("link");l.rel="modulepreload";l.fetchPriority="low";l.href=s[i];l.nonce=n;document.head.appendChild(l)}})(${hrefList(hrefs)},document.currentScript.nonce)`;
}

const hrefList = (hrefs: string[]) => JSON.stringify(hrefs).replaceAll("<", "\\u003c");

/**
 * The page's scripts hydrate it; none is needed to paint it (the server's HTML and the stylesheet are).
 * React Router preloads them with rel="modulepreload", which browsers fetch at high priority, beside the
 * stylesheet and the page's first images; `fetchpriority="low"` lets those go first (decision 0056).
 * On the screens visitors land on (`afterFirstPaint`) the preloads leave <head>: a small script at the end
 * of <body> adds them once the page has painted its first frame, all at once as before, so the first paint
 * never shares the connection or the main thread with them (decision 0061). Elsewhere a script at the top
 * of <head> adds them at once, at low priority: the same fetches at the same moment from a list of their
 * addresses, about 2 KB instead of the links' 9 KB on every signed-in page (decision 0070); the rest of
 * the stream passes through untouched. Without a nonce (no CSP to pass) the links stay as they are.
 */
function lowPriorityModulePreloads(nonce: string | null, afterFirstPaint: boolean): TransformStream<Uint8Array, Uint8Array> {
  const toBodyEnd = afterFirstPaint && nonce !== null;
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const low = (html: string) => html.replaceAll(PRELOAD, `${PRELOAD} fetchpriority="low"`);
  let head = "";
  let done = false;
  let moved = "";
  let placed = !toBodyEnd;
  // The end of the text read so far that could be the start of a split "</body>".
  let tail = "";
  const body = (text: string, controller: TransformStreamDefaultController<Uint8Array>, last: boolean) => {
    if (placed) {
      if (text) controller.enqueue(encoder.encode(text));
      return;
    }
    text = tail + text;
    tail = "";
    const at = text.indexOf(BODY_END);
    if (at !== -1 || last) {
      placed = true;
      const cut = at === -1 ? text.length : at;
      controller.enqueue(encoder.encode(text.slice(0, cut) + moved + text.slice(cut)));
      return;
    }
    tail = text.slice(-(BODY_END.length - 1));
    if (text.length > tail.length) controller.enqueue(encoder.encode(text.slice(0, text.length - tail.length)));
  };
  return new TransformStream({
    transform(chunk, controller) {
      if (done) return toBodyEnd ? body(decoder.decode(chunk, { stream: true }), controller, false) : controller.enqueue(chunk);
      head += decoder.decode(chunk, { stream: true });
      const end = head.indexOf("</head>");
      if (end === -1) return;
      done = true;
      let start = head.slice(0, end);
      const tags = nonce ? (start.match(PRELOAD_TAG) ?? []) : [];
      const hrefs = tags.map((tag) => /href="([^"]+)"/.exec(tag)?.[1]).filter((href) => href !== undefined);
      if (nonce && hrefs.length === tags.length && hrefs.length > 0) {
        start = start.replace(PRELOAD_TAG, "");
        if (toBodyEnd) moved = `<script nonce="${nonce}" data-module-preloads="">${preloadAfterFirstPaint(hrefs)}</script>`;
        else {
          // Before the stylesheet's <link>: an inline script after it would wait for the sheet to arrive.
          const at = start.indexOf("<link");
          const script = `<script nonce="${nonce}" data-module-preloads="">${preloadNow(hrefs)}</script>`;
          start = at === -1 ? start + script : start.slice(0, at) + script + start.slice(at);
        }
      }
      controller.enqueue(encoder.encode(low(start)));
      body(head.slice(end), controller, false);
    },
    flush(controller) {
      if (!done) return controller.enqueue(encoder.encode(low(head)));
      if (toBodyEnd) body(decoder.decode(), controller, true);
    },
  });
}
