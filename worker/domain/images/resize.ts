/**
 * Resizing through the Cloudflare Images binding: the pixels are handled outside the isolate, so a
 * 12 MP photo never has to be decoded in the Worker's 128 MB (DESIGN §5). Miniflare simulates the
 * binding locally with sharp (width-only transforms, JPEG/PNG/WEBP output).
 */
export async function resizeOutside(images: ImagesBinding, bytes: Uint8Array, width: number, format: "image/png" | "image/jpeg", quality = 90): Promise<Uint8Array> {
  const input = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();
  // `contain` with only a width keeps the aspect ratio and may enlarge (Etsy's 2000 px).
  const result = await images.input(input).transform({ width, fit: "contain" }).output({ format, quality });
  return new Uint8Array(await new Response(result.image()).arrayBuffer());
}
