/**
 * DejaVu Sans for pattern PDFs: the standard PDF fonts cannot draw ğ, ş, ı or İ. Vite inlines the TTF
 * as a base64 data URL (`?inline` behaves the same in the test pool and in `npm run build`); it lives
 * in its own chunk so the Worker only evaluates the ~1 MB string when a PDF is first made.
 */
let cached: Uint8Array | undefined;

export async function dejaVuSans(): Promise<Uint8Array> {
  if (cached) return cached;
  const { default: dataUrl } = await import("./font-data");
  cached = decodeDataUrl(dataUrl);
  return cached;
}

function decodeDataUrl(dataUrl: string): Uint8Array {
  const comma = dataUrl.indexOf(",");
  const binary = atob(comma === -1 ? dataUrl : dataUrl.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
