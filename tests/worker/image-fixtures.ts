/**
 * Real images for the image tests, drawn pixel by pixel (deterministic, no randomness) and encoded
 * with the same jSquash codecs the Worker uses.
 */
import { env } from "cloudflare:test";
import { decodeImage, encodeImage } from "../../worker/domain/images/codecs";
import type { ImageType } from "../../worker/domain/images/formats";

export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export const GREY_BACKDROP = [150, 150, 150] as const;
export const PRODUCT_COLOUR = [40, 90, 200] as const;

function canvas(width: number, height: number, paint: (x: number, y: number) => [number, number, number]): Pixels {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      const o = (y * width + x) * 4;
      data[o] = r;
      data[o + 1] = g;
      data[o + 2] = b;
      data[o + 3] = 255;
    }
  }
  return { data, width, height };
}

/** A blue disc (the product) on a grey backdrop with a gentle left-to-right shading. */
export function productOnGrey(width = 600, height = 450): Pixels {
  const cx = width / 2;
  const cy = height / 2;
  const r = Math.min(width, height) * 0.3;
  return canvas(width, height, (x, y) => {
    if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) return [...PRODUCT_COLOUR];
    const shade = Math.round((x / width) * 12) - 6;
    return [GREY_BACKDROP[0] + shade, GREY_BACKDROP[1] + shade, GREY_BACKDROP[2] + shade];
  });
}

/** An under-exposed scene: a dim gradient with a slightly lighter object. */
export function darkPhoto(width = 400, height = 300): Pixels {
  return canvas(width, height, (x, y) => {
    const base = 15 + Math.round((x / width) * 25 + (y / height) * 10);
    const inside = x > width * 0.3 && x < width * 0.7 && y > height * 0.25 && y < height * 0.75;
    return inside ? [base + 30, base + 25, base + 20] : [base, base, base + 5];
  });
}

/** Stripes and a square, blurred with a wide box filter: soft edges everywhere. */
export function blurredPhoto(width = 400, height = 300): Pixels {
  const sharp = canvas(width, height, (x, y) => {
    const stripe = Math.floor(x / 25) % 2 === 0;
    const square = x > 150 && x < 250 && y > 100 && y < 200;
    const v = square ? 230 : stripe ? 170 : 70;
    return [v, v, v];
  });
  return boxBlur(boxBlur(sharp, 4), 4);
}

function boxBlur(img: Pixels, radius: number): Pixels {
  const { width, height, data } = img;
  const out = new Uint8ClampedArray(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sum = [0, 0, 0];
      let n = 0;
      for (let dy = -radius; dy <= radius; dy++) {
        for (let dx = -radius; dx <= radius; dx++) {
          const xx = Math.min(width - 1, Math.max(0, x + dx));
          const yy = Math.min(height - 1, Math.max(0, y + dy));
          const o = (yy * width + xx) * 4;
          sum[0] += data[o];
          sum[1] += data[o + 1];
          sum[2] += data[o + 2];
          n++;
        }
      }
      const o = (y * width + x) * 4;
      out[o] = sum[0] / n;
      out[o + 1] = sum[1] / n;
      out[o + 2] = sum[2] / n;
      out[o + 3] = 255;
    }
  }
  return { data: out, width, height };
}

export async function encode(img: Pixels, type: "image/png" | "image/jpeg" = "image/png"): Promise<Uint8Array> {
  return encodeImage({ data: img.data, width: img.width, height: img.height, colorSpace: "srgb" } as ImageData, type, 95);
}

export async function decode(bytes: Uint8Array, type: ImageType): Promise<Pixels> {
  const d = await decodeImage(bytes, type);
  return { data: d.data, width: d.width, height: d.height };
}

export function dataUrl(bytes: Uint8Array, type = "image/png") {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${type};base64,${btoa(binary)}`;
}

export function fromDataUrl(url: string): Uint8Array {
  const binary = atob(url.slice(url.indexOf(",") + 1));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export const luma = (img: Pixels, x: number, y: number) => {
  const o = (y * img.width + x) * 4;
  return 0.2126 * img.data[o] + 0.7152 * img.data[o + 1] + 0.0722 * img.data[o + 2];
};

export function meanLuma(img: Pixels) {
  let sum = 0;
  for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) sum += luma(img, x, y);
  return sum / (img.width * img.height);
}

/** Mean squared luminance step between neighbours (gradient energy): rises when edges get crisper. */
export function edgeEnergy(img: Pixels) {
  let sum = 0;
  let n = 0;
  for (let y = 0; y < img.height - 1; y++) {
    for (let x = 0; x < img.width - 1; x++) {
      const v = luma(img, x, y);
      sum += (luma(img, x + 1, y) - v) ** 2 + (luma(img, x, y + 1) - v) ** 2;
      n++;
    }
  }
  return sum / n;
}

export function pixel(img: Pixels, x: number, y: number) {
  const o = (y * img.width + x) * 4;
  return [img.data[o], img.data[o + 1], img.data[o + 2], img.data[o + 3]];
}

/** The product photo with fine deterministic grain, so a JPEG of it is as heavy as a real photo. */
function texturedProduct(width: number, height: number): Pixels {
  const img = productOnGrey(width, height);
  let state = 12345;
  for (let i = 0; i < img.data.length; i += 4) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    const grain = (state % 41) - 20;
    img.data[i] += grain;
    img.data[i + 1] += grain;
    img.data[i + 2] += grain;
  }
  return img;
}

/**
 * A large, photo-like JPEG made outside the isolate: a grainy 1000 x 750 drawing enlarged by the
 * Images binding (sharp in miniflare), so making it does not grow the WebAssembly memory measured.
 */
export async function largeJpeg(width: number): Promise<Uint8Array> {
  const small = await encode(texturedProduct(1000, 750), "image/png");
  const result = await env.IMAGES.input(new Blob([small as Uint8Array<ArrayBuffer>]).stream())
    .transform({ width })
    .output({ format: "image/jpeg", quality: 92 });
  return new Uint8Array(await new Response(result.image()).arrayBuffer());
}

/**
 * A JPEG with an APP1 EXIF segment inserted after SOI: IFD0 holds an Orientation tag and a pointer to
 * a GPS IFD (GPSLatitudeRef 'N'), as a phone photo would.
 */
export function withGpsExif(jpeg: Uint8Array, orientation = 1): Uint8Array {
  // TIFF, big-endian. IFD0 at 8: two entries, next-IFD 0; GPS IFD at 38: one entry.
  const tiff = [
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0,
    0,
    0,
    8,
    0,
    2,
    0x01,
    0x12,
    0,
    3,
    0,
    0,
    0,
    1,
    0,
    orientation,
    0,
    0,
    0x88,
    0x25,
    0,
    4,
    0,
    0,
    0,
    1,
    0,
    0,
    0,
    38,
    0,
    0,
    0,
    0,
    0,
    1,
    0x00,
    0x01,
    0,
    2,
    0,
    0,
    0,
    2,
    0x4e,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
  ];
  const payload = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const length = payload.length + 2;
  const app1 = new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff, ...payload]);
  const out = new Uint8Array(jpeg.length + app1.length);
  out.set(jpeg.subarray(0, 2), 0);
  out.set(app1, 2);
  out.set(jpeg.subarray(2), 2 + app1.length);
  return out;
}

/** Whether a JPEG still carries an EXIF GPS pointer (tag 0x8825) anywhere. */
export function hasGpsTag(bytes: Uint8Array) {
  for (let i = 0; i + 1 < bytes.length; i++) {
    if ((bytes[i] === 0x88 && bytes[i + 1] === 0x25) || (bytes[i] === 0x25 && bytes[i + 1] === 0x88)) {
      // Only count it inside an Exif block.
      const start = Math.max(0, i - 80);
      const window = String.fromCharCode(...bytes.subarray(start, i));
      if (window.includes("Exif")) return true;
    }
  }
  return false;
}

/* ---------- coloured product photos, for the colour checks ---------- */

export type Rgb3 = [number, number, number];

/** The product colours sellers reported (mustard and teal beanies) and two more that clip easily. */
export const PRODUCT_COLOURS: Record<"mustard" | "teal" | "red" | "navy", Rgb3> = {
  mustard: [215, 162, 26],
  teal: [24, 122, 134],
  red: [190, 28, 40],
  navy: [31, 45, 102],
};

export interface ColouredProduct {
  name: string;
  photo: Pixels;
  /** 1 where the product is, eroded a few pixels so its soft edge is not measured. */
  product: Uint8Array;
  /** 1 where the backdrop is, kept a few pixels clear of the product. */
  backdrop: Uint8Array;
}

/**
 * A photo of a knitted beanie as a phone takes it: a dome with a folded brim, lit from the upper
 * left (shading from 0.72 to 1.08 of the yarn's colour), rib texture and fine grain, on a plain
 * backdrop that is slightly off-white or grey, slightly noisy and darker towards the corners.
 * `exposure` below 1 makes the whole photo dim, as an under-exposed shot.
 */
export function colouredProduct(name: string, colour: Rgb3, options: { width?: number; height?: number; backdrop?: Rgb3; exposure?: number; seed?: number } = {}): ColouredProduct {
  const width = options.width ?? 480;
  const height = options.height ?? 360;
  const backdrop = options.backdrop ?? [236, 233, 226];
  const exposure = options.exposure ?? 1;
  let state = options.seed ?? 777;
  const noise = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return (state % 1000) / 1000 - 0.5;
  };
  const cx = width / 2;
  const top = height * 0.18;
  const brimTop = height * 0.6;
  const bottom = height * 0.8;
  const half = width * 0.24;
  /** Signed inside-ness: > 0 inside the beanie, in pixels from its outline (roughly). */
  const inside = (x: number, y: number) => {
    if (y >= brimTop) return Math.min(y - brimTop + 1, bottom - y, half * 1.04 - Math.abs(x - cx));
    const ry = brimTop - top;
    const dx = (x - cx) / half;
    const dy = (y - brimTop) / ry;
    return (1 - Math.sqrt(dx * dx + dy * dy)) * Math.min(half, ry);
  };
  const photo: Pixels = { data: new Uint8ClampedArray(width * height * 4), width, height };
  const product = new Uint8Array(width * height);
  const clear = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const o = p * 4;
      const d = inside(x, y);
      let rgb: number[];
      if (d > 0) {
        // Light from the upper left, ribs across the dome and the brim, and a touch of grain.
        const light = 0.72 + 0.36 * (1 - (0.6 * (x - cx + half)) / (2 * half) - (0.4 * (y - top)) / (bottom - top));
        const rib = 1 + 0.05 * Math.sin((x - cx) / 3.1) * (y < brimTop ? 1 : 0.6) + 0.03 * Math.sin(y / 2.3);
        const grain = 1 + noise() * 0.04;
        const shade = light * rib * grain;
        // A soft edge: one or two pixels blend with the backdrop.
        const edge = Math.min(1, d / 2);
        rgb = colour.map((c, i) => edge * c * shade + (1 - edge) * backdrop[i]);
        if (d > 4) product[p] = 1;
      } else {
        const vx = (x - cx) / width;
        const vy = (y - height / 2) / height;
        const vignette = 1 - 0.1 * (vx * vx + vy * vy) * 2;
        const n = noise() * 5;
        rgb = backdrop.map((c) => c * vignette + n);
        if (d < -6) clear[p] = 1;
      }
      photo.data[o] = rgb[0] * exposure;
      photo.data[o + 1] = rgb[1] * exposure;
      photo.data[o + 2] = rgb[2] * exposure;
      photo.data[o + 3] = 255;
    }
  }
  return { name, photo, product, backdrop: clear };
}

/** Hue in degrees (HSV), or NaN for a grey pixel. */
export function hueOf(r: number, g: number, b: number): number {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const c = max - min;
  if (c < 1e-9) return NaN;
  let h: number;
  if (max === r) h = ((g - b) / c) % 6;
  else if (max === g) h = (b - r) / c + 2;
  else h = (r - g) / c + 4;
  return (h * 60 + 360) % 360;
}

/**
 * Where a pixel of the original lands in an edited picture: the same place when the size is the
 * same, scaled when the aspect is kept, or scaled and centred when the result is a padded square.
 */
export function locate(original: Pick<Pixels, "width" | "height">, edited: Pick<Pixels, "width" | "height">, x: number, y: number): [number, number] {
  const scale = Math.min(edited.width / original.width, edited.height / original.height);
  const left = (edited.width - original.width * scale) / 2;
  const top = (edited.height - original.height * scale) / 2;
  const X = Math.min(edited.width - 1, Math.max(0, Math.floor(left + (x + 0.5) * scale)));
  const Y = Math.min(edited.height - 1, Math.max(0, Math.floor(top + (y + 0.5) * scale)));
  return [X, Y];
}

/**
 * Mean hue shift, in degrees, between the original and the edited picture over the masked region
 * (pixels with too little colour to have a hue are left out), and the share of region pixels that
 * came out transparent.
 */
export function meanHueShift(original: Pixels, edited: Pixels, region: Uint8Array): { degrees: number; pixels: number } {
  let sum = 0;
  let n = 0;
  for (let y = 0; y < original.height; y++) {
    for (let x = 0; x < original.width; x++) {
      const p = y * original.width + x;
      if (!region[p]) continue;
      const o = p * 4;
      const [X, Y] = locate(original, edited, x, y);
      const e = (Y * edited.width + X) * 4;
      const before = hueOf(original.data[o], original.data[o + 1], original.data[o + 2]);
      const after = hueOf(edited.data[e], edited.data[e + 1], edited.data[e + 2]);
      if (Number.isNaN(before)) continue;
      const chroma = Math.max(original.data[o], original.data[o + 1], original.data[o + 2]) - Math.min(original.data[o], original.data[o + 1], original.data[o + 2]);
      if (chroma < 12) continue;
      const diff = Number.isNaN(after) ? 180 : Math.abs(after - before);
      sum += Math.min(diff, 360 - diff);
      n++;
    }
  }
  return { degrees: n ? sum / n : NaN, pixels: n };
}

/** Largest per-channel difference between original and edited over the region, and the alpha seen. */
export function regionChange(original: Pixels, edited: Pixels, region: Uint8Array): { maxDiff: number; meanDiff: number; minAlpha: number } {
  let maxDiff = 0;
  let sum = 0;
  let n = 0;
  let minAlpha = 255;
  for (let y = 0; y < original.height; y++) {
    for (let x = 0; x < original.width; x++) {
      const p = y * original.width + x;
      if (!region[p]) continue;
      const [X, Y] = locate(original, edited, x, y);
      const o = p * 4;
      const e = (Y * edited.width + X) * 4;
      for (let c = 0; c < 3; c++) {
        const d = Math.abs(original.data[o + c] - edited.data[e + c]);
        maxDiff = Math.max(maxDiff, d);
        sum += d;
        n++;
      }
      minAlpha = Math.min(minAlpha, edited.data[e + 3]);
    }
  }
  return { maxDiff, meanDiff: n ? sum / n : 0, minAlpha };
}

/* ---------- a product on a busy background, for the cut-out providers ---------- */

/** The product of `productOnBusyBackground`: a dim blue disc, darker than it should be. */
const BUSY_PRODUCT_COLOUR = [30, 60, 150] as const;

/**
 * A dim blue disc on a busy backdrop (diagonal stripes of red, yellow and green with a checker of
 * darker squares), as on a patterned tablecloth: no plain colour touches the edges, so the local
 * editor's flood fill finds no background to replace.
 */
export function productOnBusyBackground(width = 480, height = 360): Pixels {
  const cx = width / 2;
  const cy = height / 2;
  const r = Math.min(width, height) * 0.3;
  const stripes: [number, number, number][] = [
    [200, 60, 50],
    [230, 200, 60],
    [70, 160, 80],
  ];
  return canvas(width, height, (x, y) => {
    if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) return [...BUSY_PRODUCT_COLOUR];
    const stripe = stripes[Math.floor((x + y) / 14) % 3];
    const dark = (Math.floor(x / 30) + Math.floor(y / 30)) % 2 === 0 ? 0.75 : 1;
    return [Math.round(stripe[0] * dark), Math.round(stripe[1] * dark), Math.round(stripe[2] * dark)];
  });
}

/* ---------- seller photos for the measured edits (decision 0032) ---------- */

export interface SellerPhoto {
  name: string;
  photo: Pixels;
  /** 1 where the product is (its whole outline: everything else is the backdrop). */
  product: Uint8Array;
}

function rng(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return (state % 10000) / 10000 - 0.5;
  };
}

/**
 * A teal mug on a wooden table in front of patterned wallpaper, as a seller photographs it at home:
 * cream wallpaper with sage diamonds and stripes above, a table with wavy brown grain below, a soft
 * shadow to the mug's right, the mug (a shaded cylinder with a handle, a rim and a specular streak).
 */
export function tealMugOnBusyTable(width = 640, height = 480): SellerPhoto {
  const noise = rng(4242);
  const photo: Pixels = { data: new Uint8ClampedArray(width * height * 4), width, height };
  const product = new Uint8Array(width * height);
  const horizon = height * 0.55;
  const cx = width * 0.47;
  const half = width * 0.13;
  const top = height * 0.3;
  const bottom = height * 0.78;
  const teal = PRODUCT_COLOURS.teal;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      let rgb: number[];
      const inBody = Math.abs(x - cx) <= half && y >= top && y <= bottom;
      const hx = x - (cx + half + width * 0.035);
      const hy = y - (top + bottom) / 2.1;
      const ring = Math.sqrt((hx / (width * 0.05)) ** 2 + (hy / (height * 0.1)) ** 2);
      const inHandle = x > cx + half - 2 && ring >= 0.62 && ring <= 1;
      if (inBody || inHandle) {
        product[p] = 1;
        const across = inBody ? (x - cx) / half : 0.6;
        const light = 0.75 + 0.4 * Math.cos(((across + 0.35) * Math.PI) / 2.4);
        const streak = inBody && Math.abs(across + 0.45) < 0.06 ? 70 : 0;
        const rim = inBody && y < top + 6 ? 0.8 : 1;
        rgb = teal.map((c) => c * light * rim + streak + noise() * 6);
      } else if (y < horizon) {
        // Wallpaper: cream with sage diamonds and thin stripes.
        const u = (x % 48) - 24;
        const v = (y % 48) - 24;
        const diamond = Math.abs(u) + Math.abs(v) < 14;
        const stripe = x % 48 < 3;
        rgb = diamond ? [150, 172, 140] : stripe ? [196, 178, 150] : [236, 228, 208];
        rgb = rgb.map((c) => c + noise() * 8);
      } else {
        // Table: brown wood with wavy grain, darker towards the front.
        const grain = Math.sin(y * 0.55 + Math.sin(x * 0.03) * 3) * 0.5 + Math.sin(y * 1.7 + x * 0.01) * 0.2;
        const depth = 0.85 + 0.15 * ((height - y) / (height - horizon));
        rgb = [150 + grain * 30, 100 + grain * 22, 62 + grain * 14].map((c) => c * depth + noise() * 6);
        // The mug's soft shadow on the table, to its right.
        const sx = (x - (cx + half * 0.9)) / (half * 1.6);
        const sy = (y - bottom + 4) / (height * 0.05);
        const d = Math.sqrt(sx * sx + sy * sy);
        if (d < 1.4) rgb = rgb.map((c) => c * (1 - 0.4 * Math.max(0, 1 - d / 1.4)));
      }
      photo.data.set([rgb[0], rgb[1], rgb[2], 255], p * 4);
    }
  }
  return { name: "teal mug on a wooden table and patterned wallpaper", photo, product };
}

/**
 * A product on a plain backdrop with a soft cast shadow below and to the right, slightly noisy, the
 * backdrop a little darker towards the corners. Shapes: a beanie (dome and brim), a vase or jar
 * (a rounded rectangle), with `glass` making it see-through (the backdrop shows through, tinted, with
 * a dark outline and white highlights).
 */
export function productWithShadow(
  name: string,
  colour: Rgb3,
  options: { backdrop: Rgb3; shape: "beanie" | "vase"; glass?: boolean; width?: number; height?: number; seed?: number; shadow?: number },
): SellerPhoto {
  const width = options.width ?? 560;
  const height = options.height ?? 420;
  const noise = rng(options.seed ?? 99);
  const photo: Pixels = { data: new Uint8ClampedArray(width * height * 4), width, height };
  const product = new Uint8Array(width * height);
  const cx = width / 2;
  const strength = options.shadow ?? 0.45;
  const inside = (x: number, y: number): number => {
    if (options.shape === "beanie") {
      const top = height * 0.2;
      const brimTop = height * 0.58;
      const bottom = height * 0.76;
      const half = width * 0.22;
      if (y >= brimTop) return Math.min(y - brimTop + 1, bottom - y, half * 1.04 - Math.abs(x - cx));
      const dx = (x - cx) / half;
      const dy = (y - brimTop) / (brimTop - top);
      return (1 - Math.sqrt(dx * dx + dy * dy)) * Math.min(half, brimTop - top);
    }
    const half = width * 0.13;
    const top = height * 0.18;
    const bottom = height * 0.78;
    const r = half * 0.5;
    const qx = Math.max(0, Math.abs(x - cx) - (half - r));
    const qy = Math.max(0, Math.max(top + r - y, y - (bottom - r)));
    return r - Math.sqrt(qx * qx + qy * qy);
  };
  const foot = options.shape === "beanie" ? height * 0.76 : height * 0.78;
  const reach = options.shape === "beanie" ? width * 0.26 : width * 0.16;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      const vx = (x - cx) / width;
      const vy = (y - height / 2) / height;
      const vignette = 1 - 0.16 * (vx * vx + vy * vy);
      let back = options.backdrop.map((c) => c * vignette + noise() * 5);
      // The cast shadow: an ellipse below and to the right of the product, soft at its edge.
      const sx = (x - cx - reach * 0.25) / (reach * 1.15);
      const sy = (y - foot + height * 0.02) / (height * 0.07);
      const d = Math.sqrt(sx * sx + sy * sy);
      if (d < 1) back = back.map((c) => c * (1 - strength * (1 - d * d)));
      const inner = inside(x, y);
      let rgb = back;
      if (inner > 0) {
        product[p] = 1;
        const edge = Math.min(1, inner / 1.5);
        let body: number[];
        if (options.glass) {
          const outline = inner < 3;
          const highlight = Math.abs(x - (cx - width * 0.06)) < 3 && inner > 6;
          body = outline ? colour.map((c) => c * 0.45) : highlight ? [252, 252, 252] : back.map((c, i) => c * 0.86 + colour[i] * 0.1);
        } else {
          const light = 0.78 + 0.3 * (1 - (x - cx + width * 0.22) / (width * 0.44));
          body = colour.map((c) => c * light * (1 + noise() * 0.05));
        }
        rgb = body.map((c, i) => edge * c + (1 - edge) * back[i]);
      }
      photo.data.set([rgb[0], rgb[1], rgb[2], 255], p * 4);
    }
  }
  return { name, photo, product };
}

/** The share of the original's backdrop (the fixture's own truth) that is now `target` in the result. */
export function trueBackdropShare(photo: SellerPhoto, edited: Pixels, target: Rgb3 | "transparent"): number {
  const { width, height } = photo.photo;
  let hit = 0;
  let total = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (photo.product[p]) continue;
      // Two pixels clear of the product, where the outline blends.
      if ((x > 1 && photo.product[p - 2]) || (x < width - 2 && photo.product[p + 2]) || (y > 1 && photo.product[p - 2 * width]) || (y < height - 2 && photo.product[p + 2 * width])) continue;
      total++;
      const [X, Y] = locate(photo.photo, edited, x, y);
      const o = (Y * edited.width + X) * 4;
      const d = edited.data;
      const ok = target === "transparent" ? d[o + 3] <= 16 : d[o + 3] >= 240 && target.every((c, i) => Math.abs(d[o + i] - c) <= 6);
      if (ok) hit++;
    }
  }
  return hit / Math.max(1, total);
}
