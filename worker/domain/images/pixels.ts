/**
 * Pixel operations of the local editor that Photon does not offer in the form needed, as loops over
 * RGBA bytes. They run on the downscaled working image (at most about 2 MP), so plain loops are fast
 * enough and use little memory.
 */

export interface Rgba {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export type Rgb = [number, number, number];

const luminance = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/**
 * The background as a mask (1 = background): an edge-connected flood fill from every border pixel,
 * where a pixel joins when its colour is within `tolerance` (Euclidean RGB distance) of the border
 * pixel its region started from. Carrying the seed colour lets a gently shaded backdrop fill while a
 * product of another colour stops the fill, even when the product touches no border.
 */
export function backgroundMask(img: Rgba, tolerance: number): Uint8Array {
  const { data, width, height } = img;
  const n = width * height;
  const mask = new Uint8Array(n);
  const seed = new Uint32Array(n);
  const queue = new Uint32Array(n);
  let head = 0;
  let tail = 0;
  const tol2 = tolerance * tolerance;
  const push = (p: number, from: number) => {
    if (mask[p]) return;
    const s = seed[from] * 4;
    const o = p * 4;
    const dr = data[o] - data[s];
    const dg = data[o + 1] - data[s + 1];
    const db = data[o + 2] - data[s + 2];
    if (dr * dr + dg * dg + db * db > tol2) return;
    mask[p] = 1;
    seed[p] = seed[from];
    queue[tail++] = p;
  };
  const seedBorder = (p: number) => {
    if (mask[p]) return;
    seed[p] = p;
    mask[p] = 1;
    queue[tail++] = p;
  };
  // Seeds: border pixels that look like the dominant border colour, so a product touching the frame
  // does not become a seed of its own.
  const border = borderColour(img);
  const seedTol2 = (tolerance * 1.5) ** 2;
  const nearBorderColour = (p: number) => {
    const o = p * 4;
    const dr = data[o] - border[0];
    const dg = data[o + 1] - border[1];
    const db = data[o + 2] - border[2];
    return dr * dr + dg * dg + db * db <= seedTol2;
  };
  for (let x = 0; x < width; x++) {
    for (const p of [x, (height - 1) * width + x]) if (nearBorderColour(p)) seedBorder(p);
  }
  for (let y = 0; y < height; y++) {
    for (const p of [y * width, y * width + width - 1]) if (nearBorderColour(p)) seedBorder(p);
  }
  while (head < tail) {
    const p = queue[head++];
    const x = p % width;
    if (x > 0) push(p - 1, p);
    if (x < width - 1) push(p + 1, p);
    if (p >= width) push(p - width, p);
    if (p < n - width) push(p + width, p);
  }
  return mask;
}

/** Median colour of the border pixels: what the backdrop most likely is. */
export function borderColour(img: Rgba): Rgb {
  const { data, width, height } = img;
  const hist = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)];
  let count = 0;
  const add = (p: number) => {
    const o = p * 4;
    hist[0][data[o]]++;
    hist[1][data[o + 1]]++;
    hist[2][data[o + 2]]++;
    count++;
  };
  for (let x = 0; x < width; x++) {
    add(x);
    add((height - 1) * width + x);
  }
  for (let y = 1; y < height - 1; y++) {
    add(y * width);
    add(y * width + width - 1);
  }
  return hist.map((h) => percentileOf(h, count, 0.5)) as Rgb;
}

/**
 * Paints the background: masked pixels become `colour` (or transparent), and a one-pixel seam of
 * product pixels that border the background and are close to its old colour is blended, so the cut
 * edge is not a hard ring of the old backdrop.
 */
export function paintBackground(img: Rgba, mask: Uint8Array, colour: Rgb | "transparent", oldBackdrop: Rgb, tolerance: number, blendSeam = true) {
  const { data, width, height } = img;
  const n = width * height;
  const transparent = colour === "transparent";
  const seam: number[] = [];
  for (let p = 0; p < n; p++) {
    if (mask[p]) continue;
    const x = p % width;
    const touches = (x > 0 && mask[p - 1]) || (x < width - 1 && mask[p + 1]) || (p >= width && mask[p - width]) || (p < n - width && mask[p + width]);
    if (touches) seam.push(p);
  }
  for (let p = 0; p < n; p++) {
    if (!mask[p]) continue;
    const o = p * 4;
    if (transparent) {
      data[o + 3] = 0;
    } else {
      data[o] = colour[0];
      data[o + 1] = colour[1];
      data[o + 2] = colour[2];
      data[o + 3] = 255;
    }
  }
  if (!blendSeam) return;
  const reach = tolerance * 2.5;
  for (const p of seam) {
    const o = p * 4;
    const dr = data[o] - oldBackdrop[0];
    const dg = data[o + 1] - oldBackdrop[1];
    const db = data[o + 2] - oldBackdrop[2];
    const distance = Math.sqrt(dr * dr + dg * dg + db * db);
    if (distance >= reach) continue;
    // How much of this pixel was backdrop, roughly.
    const share = 1 - distance / reach;
    if (transparent) {
      data[o + 3] = Math.round(data[o + 3] * (1 - share));
    } else {
      data[o] += (colour[0] - data[o]) * share;
      data[o + 1] += (colour[1] - data[o + 1]) * share;
      data[o + 2] += (colour[2] - data[o + 2]) * share;
    }
  }
  void height;
}

/**
 * Tone and colour of the product, in a model that keeps every pixel's hue (decision 0012):
 * - levels, brightness and contrast are one curve on each pixel's value (its largest channel, HSV
 *   V); R, G and B are scaled by the same factor to reach the new value, so their ratios (hue and
 *   saturation) stay and no channel can pass 255 (a per-channel curve that clips one channel is
 *   what turned mustard orange and navy royal blue).
 * - white balance and warmth are per-channel gains, measured on the backdrop and capped, applied in
 *   full to neutral pixels and fading to nothing on saturated colours, so the light's tint goes from
 *   the whites and greys while a coloured product keeps its hue.
 */
export interface Tone {
  levels?: { low: number; high: number };
  /** -1..1: gamma lift or drop of the mid-tones. */
  brightness?: number;
  /** -1..1: spread around the middle grey. */
  contrast?: number;
  /** Gains for R, G, B (white balance and warmth together), each within a few percent of 1. */
  gains?: Rgb;
  /**
   * Chroma (largest minus smallest channel) up to which a pixel counts as neutral and gets the full
   * gains: the backdrop's own chroma plus a margin, so a tinted backdrop is fully corrected.
   */
  neutralChroma?: number;
}

/** Chroma over the neutral limit across which the gains fade to nothing. */
const GAIN_FADE = 64;

/** Value in, value out: the tone curve as a table. */
function toneCurve(tone: Tone): Float32Array {
  const curve = new Float32Array(256);
  const { low = 0, high = 255 } = tone.levels ?? {};
  const span = Math.max(1, high - low);
  const gamma = tone.brightness ? 1 / (1 + tone.brightness) : 1;
  const contrast = 1 + (tone.contrast ?? 0);
  for (let v = 0; v < 256; v++) {
    let x = (v - low) / span;
    x = Math.min(1, Math.max(0, x));
    x = Math.pow(x, gamma);
    x = (x - 0.5) * contrast + 0.5;
    curve[v] = Math.min(255, Math.max(0, x * 255));
  }
  return curve;
}

/** Applies a tone to every pixel the mask leaves (all without one). */
export function applyTone(img: Rgba, tone: Tone, skip?: Uint8Array) {
  const curve = tone.levels || tone.brightness || tone.contrast ? toneCurve(tone) : null;
  const gains = tone.gains && tone.gains.some((g) => Math.abs(g - 1) > 1e-3) ? tone.gains : null;
  const neutral = tone.neutralChroma ?? 12;
  const { data } = img;
  const n = img.width * img.height;
  for (let p = 0; p < n; p++) {
    if (skip?.[p]) continue;
    const o = p * 4;
    let r = data[o];
    let g = data[o + 1];
    let b = data[o + 2];
    if (gains) {
      const chroma = Math.max(r, g, b) - Math.min(r, g, b);
      const weight = chroma <= neutral ? 1 : chroma >= neutral + GAIN_FADE ? 0 : 1 - (chroma - neutral) / GAIN_FADE;
      if (weight > 0) {
        r *= 1 + (gains[0] - 1) * weight;
        g *= 1 + (gains[1] - 1) * weight;
        b *= 1 + (gains[2] - 1) * weight;
      }
    }
    if (curve) {
      const value = Math.min(255, Math.max(r, g, b));
      const lo = Math.floor(value);
      const target = lo >= 255 ? curve[255] : curve[lo] + (curve[lo + 1] - curve[lo]) * (value - lo);
      if (value < 0.5) {
        r = g = b = target;
      } else {
        const f = target / value;
        r *= f;
        g *= f;
        b *= f;
      }
    } else if (gains) {
      [r, g, b] = withinRange(r, g, b);
    }
    data[o] = r;
    data[o + 1] = g;
    data[o + 2] = b;
  }
}

/**
 * The pixel scaled to luminance `target` with its hue kept: one factor for all three channels, and
 * where a channel would pass 255, a blend towards the grey of the target luminance instead.
 */
function withLuminance(r: number, g: number, b: number, y: number, target: number): Rgb {
  if (y < 0.5) return [target, target, target].map((v) => Math.min(255, v)) as Rgb;
  const f = target / y;
  return withinRange(r * f, g * f, b * f, target);
}

/** Brings channels above 255 back by blending towards grey of the same luminance (hue kept). */
function withinRange(r: number, g: number, b: number, y = luminance(r, g, b)): Rgb {
  const max = Math.max(r, g, b);
  if (max <= 255) return [r, g, b];
  const grey = Math.min(255, y);
  const t = max - grey > 1e-6 ? (255 - grey) / (max - grey) : 0;
  return [grey + (r - grey) * t, grey + (g - grey) * t, grey + (b - grey) * t];
}

/**
 * White balance from the backdrop alone: the gains that make its mean colour neutral, each capped
 * at `cap` (6%) from 1, so a deliberately coloured backdrop is only nudged, and the backdrop's
 * chroma (how far from grey it is). Answers null when there are too few backdrop pixels to judge.
 */
export function whiteBalanceGains(img: Rgba, backdrop: Uint8Array | null, cap = 0.06): { gains: Rgb; chroma: number } | null {
  const { data, width, height } = img;
  const sum = [0, 0, 0];
  let count = 0;
  const add = (p: number) => {
    const o = p * 4;
    // Only the light part of the backdrop: shadows and dark corners carry little of the light's colour.
    if (luminance(data[o], data[o + 1], data[o + 2]) < 60) return;
    sum[0] += data[o];
    sum[1] += data[o + 1];
    sum[2] += data[o + 2];
    count++;
  };
  if (backdrop) {
    for (let p = 0; p < width * height; p++) if (backdrop[p]) add(p);
  } else {
    // No mask: the frame's outer band, which on a product photo is backdrop.
    const band = Math.max(1, Math.round(Math.min(width, height) * 0.03));
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) if (x < band || y < band || x >= width - band || y >= height - band) add(y * width + x);
    }
  }
  if (count < 100) return null;
  const mean = sum.map((v) => v / count);
  const grey = luminance(mean[0], mean[1], mean[2]);
  return {
    gains: mean.map((v) => Math.min(1 + cap, Math.max(1 - cap, grey / Math.max(1, v)))) as Rgb,
    chroma: Math.max(...mean) - Math.min(...mean),
  };
}

/** Warmth as gains: towards red and yellow (positive) or blue (negative), at most a few percent. */
export function warmthGains(amount: number): Rgb {
  const a = Math.max(-1, Math.min(1, amount)) * 0.06;
  return [1 + a, 1 + a * 0.3, 1 - a];
}

/**
 * Black and white points for auto levels: the 0.5th and 99.5th percentiles of value (largest
 * channel). The black point is held at 20 or below: a photo with no true blacks (a yellow product
 * on a pale backdrop) would otherwise have its darkest product colour pushed to black.
 */
export function levelsFor(img: Rgba, skip?: Uint8Array): { low: number; high: number } {
  const hist = new Uint32Array(256);
  const { data } = img;
  const n = img.width * img.height;
  let count = 0;
  for (let p = 0; p < n; p++) {
    if (skip?.[p]) continue;
    const o = p * 4;
    hist[Math.max(data[o], data[o + 1], data[o + 2])]++;
    count++;
  }
  if (count === 0) return { low: 0, high: 255 };
  const low = Math.min(20, percentileOf(hist, count, 0.005));
  const high = percentileOf(hist, count, 0.995);
  // A nearly flat image would be stretched into noise; leave it.
  if (high - low < 24) return { low: 0, high: 255 };
  return { low, high };
}

/** Turns the pixels upright for an EXIF orientation (2..8). */
export function orient(img: Rgba, orientation: number): Rgba {
  if (orientation <= 1 || orientation > 8) return img;
  const { data, width: w, height: h } = img;
  const swap = orientation >= 5;
  const W = swap ? h : w;
  const H = swap ? w : h;
  const out = new Uint8ClampedArray(W * H * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let X: number;
      let Y: number;
      switch (orientation) {
        case 2:
          X = w - 1 - x;
          Y = y;
          break;
        case 3:
          X = w - 1 - x;
          Y = h - 1 - y;
          break;
        case 4:
          X = x;
          Y = h - 1 - y;
          break;
        case 5:
          X = y;
          Y = x;
          break;
        case 6:
          X = h - 1 - y;
          Y = x;
          break;
        case 7:
          X = h - 1 - y;
          Y = w - 1 - x;
          break;
        default:
          X = y;
          Y = w - 1 - x;
          break;
      }
      const s = (y * w + x) * 4;
      const d = (Y * W + X) * 4;
      out[d] = data[s];
      out[d + 1] = data[s + 1];
      out[d + 2] = data[s + 2];
      out[d + 3] = data[s + 3];
    }
  }
  return { data: out, width: W, height: H };
}

/** The image centred on a square canvas of `colour` (transparent when null). */
export function padToSquare(img: Rgba, colour: Rgb | null): Rgba {
  const side = Math.max(img.width, img.height);
  if (img.width === side && img.height === side) return img;
  const out = new Uint8ClampedArray(side * side * 4);
  if (colour) {
    for (let p = 0; p < side * side; p++) {
      out[p * 4] = colour[0];
      out[p * 4 + 1] = colour[1];
      out[p * 4 + 2] = colour[2];
      out[p * 4 + 3] = 255;
    }
  }
  const left = Math.floor((side - img.width) / 2);
  const top = Math.floor((side - img.height) / 2);
  for (let y = 0; y < img.height; y++) {
    out.set(img.data.subarray(y * img.width * 4, (y + 1) * img.width * 4), ((top + y) * side + left) * 4);
  }
  return { data: out, width: side, height: side };
}

function percentileOf(hist: Uint32Array, count: number, q: number) {
  const target = q * count;
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += hist[v];
    if (seen > target) return v;
  }
  return 255;
}

/**
 * Unsharp mask on luminance only: the luminance gets `amount` times its difference from a blurred
 * copy (two box-blur passes of `radius`, close to a Gaussian) where that difference exceeds
 * `threshold`, and each pixel's channels are scaled together to the new luminance, so edges get
 * crisper without colour fringes or a hue change. Uses three bytes per pixel of scratch memory.
 */
export function unsharpMask(img: Rgba, amount: number, radius: number, threshold = 2, skip?: Uint8Array) {
  const { data, width, height } = img;
  const n = width * height;
  const luma = new Uint8ClampedArray(n);
  for (let p = 0; p < n; p++) {
    const o = p * 4;
    luma[p] = luminance(data[o], data[o + 1], data[o + 2]);
  }
  const blurred = new Uint8ClampedArray(luma);
  const scratch = new Uint8ClampedArray(n);
  const r = Math.max(1, Math.round(radius));
  for (let pass = 0; pass < 2; pass++) {
    boxPass(blurred, scratch, width, height, r, true);
    boxPass(scratch, blurred, width, height, r, false);
  }
  for (let p = 0; p < n; p++) {
    if (skip?.[p]) continue;
    const diff = luma[p] - blurred[p];
    if (Math.abs(diff) <= threshold) continue;
    const o = p * 4;
    const y = luminance(data[o], data[o + 1], data[o + 2]);
    const target = Math.min(255, Math.max(0, y + diff * amount));
    const [R, G, B] = withLuminance(data[o], data[o + 1], data[o + 2], y, target);
    data[o] = R;
    data[o + 1] = G;
    data[o + 2] = B;
  }
}

/** One horizontal or vertical running-sum box blur of a one-byte-per-pixel plane, edges clamped. */
function boxPass(src: Uint8ClampedArray, dst: Uint8ClampedArray, width: number, height: number, r: number, horizontal: boolean) {
  const lines = horizontal ? height : width;
  const length = horizontal ? width : height;
  const step = horizontal ? 1 : width;
  const size = 2 * r + 1;
  for (let line = 0; line < lines; line++) {
    const base = horizontal ? line * width : line;
    let sum = 0;
    for (let i = -r; i <= r; i++) sum += src[base + Math.min(length - 1, Math.max(0, i)) * step];
    for (let i = 0; i < length; i++) {
      dst[base + i * step] = sum / size;
      const out = Math.max(0, i - r);
      const into = Math.min(length - 1, i + r + 1);
      sum += src[base + into * step] - src[base + out * step];
    }
  }
}

/**
 * Median filter of radius 1 (3 x 3) or 2 (5 x 5) per channel, in place, keeping only the rows the
 * window needs as a copy, so a 4 MP photo needs about 40 KB of scratch memory rather than a second
 * copy of the picture.
 */
export function medianFilter(img: Rgba, radius: number) {
  const r = radius >= 2 ? 2 : 1;
  const { data, width, height } = img;
  const rowBytes = width * 4;
  const rows = 2 * r + 1;
  // Ring of original rows y - r .. y + r (clamped at the edges).
  const ring = new Uint8ClampedArray(rowBytes * rows);
  const ringRow = new Int32Array(rows).fill(-1);
  const rowOf = (y: number) => {
    const yy = Math.min(height - 1, Math.max(0, y));
    const slot = ((yy % rows) + rows) % rows;
    if (ringRow[slot] !== yy) {
      ring.set(data.subarray(yy * rowBytes, (yy + 1) * rowBytes), slot * rowBytes);
      ringRow[slot] = yy;
    }
    return slot * rowBytes;
  };
  const window = new Uint8Array(rows * rows);
  const mid = (rows * rows) >> 1;
  // Rows y + r are read before row y is written, and row y - r is in the ring before it is overwritten.
  for (let y = 0; y < Math.min(height, r); y++) rowOf(y);
  for (let y = 0; y < height; y++) {
    const starts: number[] = [];
    for (let dy = -r; dy <= r; dy++) starts.push(rowOf(y + dy));
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 3; c++) {
        let k = 0;
        for (const start of starts) {
          for (let dx = -r; dx <= r; dx++) window[k++] = ring[start + Math.min(width - 1, Math.max(0, x + dx)) * 4 + c];
        }
        data[y * rowBytes + x * 4 + c] = select(window, mid);
      }
    }
  }
}

/** The k-th smallest of a small array (partially sorts it). */
function select(values: Uint8Array, k: number) {
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const t = values[i];
        values[i] = values[j];
        values[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return values[k];
  }
  return values[k];
}

/** The picture shrunk by a whole factor (box average), for measuring on fewer pixels. */
export function shrink(img: Rgba, factor: number): Rgba {
  if (factor <= 1) return img;
  const width = Math.max(1, Math.floor(img.width / factor));
  const height = Math.max(1, Math.floor(img.height / factor));
  const out = new Uint8ClampedArray(width * height * 4);
  const area = factor * factor;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < 4; c++) {
        let sum = 0;
        for (let dy = 0; dy < factor; dy++) {
          const row = ((y * factor + dy) * img.width + x * factor) * 4 + c;
          for (let dx = 0; dx < factor; dx++) sum += img.data[row + dx * 4];
        }
        out[(y * width + x) * 4 + c] = sum / area;
      }
    }
  }
  return { data: out, width, height };
}

/**
 * A background mask found on a shrunk copy, brought back to full size: pixels whose small-copy
 * neighbourhood is all background or all product take that answer; pixels on the outline are
 * decided by their own colour against the nearest backdrop colour around them.
 */
export function enlargeMask(small: Uint8Array, smallImg: Rgba, factor: number, img: Rgba, tolerance: number): Uint8Array {
  const { data, width, height } = img;
  const mask = new Uint8Array(width * height);
  const sw = smallImg.width;
  const sh = smallImg.height;
  const tol2 = tolerance * tolerance;
  for (let y = 0; y < height; y++) {
    const sy = Math.min(sh - 1, Math.floor(y / factor));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(sw - 1, Math.floor(x / factor));
      let backgrounds = 0;
      let total = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = sy + dy;
        if (yy < 0 || yy >= sh) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = sx + dx;
          if (xx < 0 || xx >= sw) continue;
          backgrounds += small[yy * sw + xx];
          total++;
        }
      }
      const p = y * width + x;
      if (backgrounds === total) mask[p] = 1;
      else if (backgrounds === 0) mask[p] = 0;
      else {
        const o = p * 4;
        let best = Infinity;
        for (let dy = -1; dy <= 1; dy++) {
          const yy = sy + dy;
          if (yy < 0 || yy >= sh) continue;
          for (let dx = -1; dx <= 1; dx++) {
            const xx = sx + dx;
            if (xx < 0 || xx >= sw || !small[yy * sw + xx]) continue;
            const s = (yy * sw + xx) * 4;
            const dr = data[o] - smallImg.data[s];
            const dg = data[o + 1] - smallImg.data[s + 1];
            const db = data[o + 2] - smallImg.data[s + 2];
            best = Math.min(best, dr * dr + dg * dg + db * db);
          }
        }
        mask[p] = best <= tol2 ? 1 : 0;
      }
    }
  }
  return mask;
}

/** The mask grown by one pixel (4-neighbourhood): the outline pixels next to the background join it. */
export function dilate(mask: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(mask);
  for (let p = 0; p < mask.length; p++) {
    if (mask[p]) continue;
    const x = p % width;
    if ((x > 0 && mask[p - 1]) || (x < width - 1 && mask[p + 1]) || (p >= width && mask[p - width]) || (p < mask.length - width && mask[p + width])) out[p] = 1;
  }
  void height;
  return out;
}
