/**
 * What a model editor's result (OpenAI image edits, Workers AI img2img) is measured by (decision 0040):
 * the backdrop measured against the ORIGINAL photo's product mask (a model may move, shrink or redraw
 * the product, so the result cannot be trusted to say where the product is), and how much the product
 * itself changed once a global change of light is allowed for. Pure functions over RGBA copies of the
 * same size (the caller brings the result to the original's measuring size).
 */
import type { BackgroundFigures, ProductChangeFigures } from "../../../schema/api/images";
import { busyBorder, hex, shadowNextTo } from "./measure";
import type { Rgb, Rgba } from "./pixels";

/**
 * Share of the product that may differ from the photo, after a global change of light, before the
 * result counts as a different product. Measured on the fixtures (tests/worker/model-outcome.test.ts):
 * a model's faithful edit (resampled, re-encoded, slightly shifted, brightened) differs on 0-3 % of
 * the product, a product redrawn by the model on 25 % or more. A redrawn detail (a logo, a pattern
 * band, a handle) of about a tenth of the product is what a buyer would notice.
 */
export const MAX_PRODUCT_CHANGE = 0.1;
/**
 * A product pixel counts as changed when, after the global change of light is taken out, its colour
 * is this far (Euclidean RGB, on a 3 x 3 blurred copy) from the photo's. Resampling and JPEG noise
 * stay under about 20 after the blur; a visibly different detail is 60 or more.
 */
const CHANGE_DISTANCE = 40;
/** Pixels either side of the product's outline left out: where a model blends it into a new backdrop. */
const OUTLINE_BAND = 2;
/** How far (in measuring pixels) a model's result may sit off the original and still be compared in place. */
const MAX_OFFSET = 3;

const luminance = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/** The mask grown (`grow`) or shrunk by `steps` pixels (4-neighbourhood). */
export function growMask(mask: Uint8Array, width: number, steps: number, grow: boolean): Uint8Array {
  let current = mask;
  const n = mask.length;
  for (let s = 0; s < steps; s++) {
    const next = new Uint8Array(current);
    for (let p = 0; p < n; p++) {
      if (current[p] === (grow ? 1 : 0)) continue;
      const x = p % width;
      const want = grow ? 1 : 0;
      if ((x > 0 && current[p - 1] === want) || (x < width - 1 && current[p + 1] === want) || (p >= width && current[p - width] === want) || (p < n - width && current[p + width] === want)) {
        next[p] = want;
      }
    }
    current = next;
  }
  return current;
}

/**
 * The background of a model's result, measured on the original photo's backdrop (everything but the
 * product mask, two pixels clear of its outline): the share of it that is now the asked colour (within
 * 6 a channel, opaque) or transparent (alpha 16 or less), and the shadow left on it, as the built-in
 * editor counts them (decision 0032). `originalShadow` marks the photo's own cast shadow, to say whether
 * it went with the backdrop.
 */
export function backdropAgainstMask(
  result: Rgba,
  original: Rgba,
  product: Uint8Array,
  target: Rgb | "transparent",
  backdrop: Rgb,
  options: { tolerance: number; maskConfidence: number; originalShadow: Uint8Array | null },
): BackgroundFigures {
  const { data, width } = result;
  const n = width * result.height;
  const near = growMask(product, width, OUTLINE_BAND, true);
  const done = new Uint8Array(n);
  let region = 0;
  let hit = 0;
  let productCount = 0;
  for (let p = 0; p < n; p++) {
    if (product[p]) productCount++;
    if (near[p]) continue;
    region++;
    const o = p * 4;
    const ok =
      target === "transparent" ? data[o + 3] <= 16 : data[o + 3] >= 240 && Math.abs(data[o] - target[0]) <= 6 && Math.abs(data[o + 1] - target[1]) <= 6 && Math.abs(data[o + 2] - target[2]) <= 6;
    if (ok) {
      done[p] = 1;
      hit++;
    }
  }
  // The shadow left on the new background: its colour in shade, reached from it through gentle steps.
  const shade: Rgb = target === "transparent" ? backdrop : target;
  const shadow = shadowNextTo(result, (p) => done[p] === 1, shade);
  let shadowPixels = 0;
  for (let p = 0; p < n; p++) if (shadow[p] && !near[p] && !done[p]) shadowPixels++;
  let shadowRemoved = 0;
  if (options.originalShadow) for (let p = 0; p < n; p++) if (options.originalShadow[p] && done[p]) shadowRemoved++;
  const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;
  return {
    asked: target === "transparent" ? "transparent" : hex(target),
    backdropShare: round(hit / Math.max(1, region), 4),
    productArea: round(productCount / n, 4),
    maskConfidence: round(options.maskConfidence, 2),
    shadowPixels,
    shadowShare: round(shadowPixels / Math.max(1, region), 4),
    shadowRemoved,
    busyBackdrop: busyBorder(original, backdrop, options.tolerance),
    measuredPixels: n,
  };
}

/** RGB of a 3 x 3 box blur (edges clamped), as floats: resampling and grain average out. */
function blurred(img: Rgba): Float32Array {
  const { data, width, height } = img;
  const out = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = Math.min(height - 1, Math.max(0, y + dy));
        for (let dx = -1; dx <= 1; dx++) {
          const o = (yy * width + Math.min(width - 1, Math.max(0, x + dx))) * 4;
          r += data[o];
          g += data[o + 1];
          b += data[o + 2];
        }
      }
      const q = (y * width + x) * 3;
      out[q] = r / 9;
      out[q + 1] = g / 9;
      out[q + 2] = b / 9;
    }
  }
  return out;
}

/** Solves the 3 x 3 system m·x = v (Cramer's rule); null when it is singular. */
function solve3(m: number[][], v: number[]): number[] | null {
  const det = (a: number[][]) => a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
  const d = det(m);
  if (Math.abs(d) < 1e-9) return null;
  return [0, 1, 2].map((c) => det(m.map((row, r) => row.map((value, k) => (k === c ? v[r] : value)))) / d);
}

/**
 * How much of the product changed between the photo and a model's result (same size). The region is
 * the product mask shrunk two pixels from its outline (or the whole frame when no product was found
 * and the background was not to change). The result is first placed where it matches best within
 * three pixels (models shift a little), then a global change of light is allowed for: a curve
 * (quadratic in luminance) fitted over the region maps the photo's brightness to the result's, and is
 * applied to each photo pixel with its colour kept. What is still more than CHANGE_DISTANCE away, or
 * was made transparent, changed: a new shape, detail, texture or colour.
 */
export function productChange(original: Rgba, result: Rgba, region: Uint8Array | null, from: ProductChangeFigures["maskFrom"]): ProductChangeFigures {
  const { width, height } = original;
  const n = width * height;
  const inner = region ? growMask(region, width, OUTLINE_BAND, false) : null;
  const a = blurred(original);
  const b = blurred(result);
  const ya = new Float32Array(n);
  const yb = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    ya[p] = luminance(a[p * 3], a[p * 3 + 1], a[p * 3 + 2]);
    yb[p] = luminance(b[p * 3], b[p * 3 + 1], b[p * 3 + 2]);
  }
  const pixels: number[] = [];
  for (let p = 0; p < n; p++) if (!inner || inner[p]) pixels.push(p);
  if (pixels.length === 0) return { changedShare: 0, meanDifference: 0, offset: { dx: 0, dy: 0 }, pixels: 0, maskFrom: from };
  // Where the result matches best: the offset with the least mean difference of luminance, each side's
  // mean over the region taken out (a brighter result still matches in place).
  const step = Math.max(1, Math.floor(pixels.length / 20_000));
  let best: [number, number] = [0, 0];
  let bestScore = Infinity;
  for (let dy = -MAX_OFFSET; dy <= MAX_OFFSET; dy++) {
    for (let dx = -MAX_OFFSET; dx <= MAX_OFFSET; dx++) {
      let sa = 0;
      let sb = 0;
      let k = 0;
      for (let i = 0; i < pixels.length; i += step) {
        const p = pixels[i];
        const x = (p % width) + dx;
        const y = Math.floor(p / width) + dy;
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        sa += ya[p];
        sb += yb[y * width + x];
        k++;
      }
      if (!k) continue;
      const shift = (sb - sa) / k;
      let diff = 0;
      for (let i = 0; i < pixels.length; i += step) {
        const p = pixels[i];
        const x = (p % width) + dx;
        const y = Math.floor(p / width) + dy;
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        diff += Math.abs(yb[y * width + x] - ya[p] - shift);
      }
      const score = diff / k + 0.01 * (Math.abs(dx) + Math.abs(dy));
      if (score < bestScore) {
        bestScore = score;
        best = [dx, dy];
      }
    }
  }
  const [dx, dy] = best;
  const at = (p: number) => {
    const x = Math.min(width - 1, Math.max(0, (p % width) + dx));
    const y = Math.min(height - 1, Math.max(0, Math.floor(p / width) + dy));
    return y * width + x;
  };
  // The light curve: result luminance = c0 + c1·Y + c2·Y² over the region (Y the photo's, 0..1).
  const s = new Array(5).fill(0);
  const t = [0, 0, 0];
  for (const p of pixels) {
    const y = ya[p] / 255;
    const z = yb[at(p)] / 255;
    let power = 1;
    for (let k = 0; k < 5; k++) {
      s[k] += power;
      if (k < 3) t[k] += power * z;
      power *= y;
    }
  }
  const c = solve3(
    [
      [s[0], s[1], s[2]],
      [s[1], s[2], s[3]],
      [s[2], s[3], s[4]],
    ],
    t,
  ) ?? [0, 1, 0];
  let changed = 0;
  let sum = 0;
  for (const p of pixels) {
    const q = at(p);
    const y = ya[p] / 255;
    const target = Math.max(0, (c[0] + c[1] * y + c[2] * y * y) * 255);
    const gain = target / Math.max(1, ya[p]);
    let d2 = 0;
    for (let ch = 0; ch < 3; ch++) {
      const predicted = Math.min(255, a[p * 3 + ch] * gain);
      d2 += (predicted - b[q * 3 + ch]) ** 2;
    }
    const distance = Math.sqrt(d2);
    sum += distance;
    if (distance > CHANGE_DISTANCE || result.data[q * 4 + 3] < 128) changed++;
  }
  return {
    changedShare: Math.round((changed / pixels.length) * 10_000) / 10_000,
    meanDifference: Math.round((sum / pixels.length) * 10) / 10,
    offset: { dx: best[0], dy: best[1] },
    pixels: pixels.length,
    maskFrom: from,
  };
}

/** Mean red minus blue over opaque pixels of a region (the whole picture without one): warmth. */
export function warmthOf(img: Rgba, region: Uint8Array | null): number {
  const { data } = img;
  let sum = 0;
  let k = 0;
  for (let p = 0; p < img.width * img.height; p++) {
    if (region && !region[p]) continue;
    if (data[p * 4 + 3] < 128) continue;
    sum += data[p * 4] - data[p * 4 + 2];
    k++;
  }
  return k ? Math.round((sum / k) * 10) / 10 : 0;
}

/** How far the mean colour of a region is from grey (max - min of its mean channels): a colour cast. */
export function castOf(img: Rgba, region: Uint8Array | null): number {
  const { data } = img;
  const sum = [0, 0, 0];
  let k = 0;
  for (let p = 0; p < img.width * img.height; p++) {
    if (region && !region[p]) continue;
    if (data[p * 4 + 3] < 128) continue;
    for (let c = 0; c < 3; c++) sum[c] += data[p * 4 + c];
    k++;
  }
  if (!k) return 0;
  const mean = sum.map((v) => v / k);
  return Math.round((Math.max(...mean) - Math.min(...mean)) * 10) / 10;
}
