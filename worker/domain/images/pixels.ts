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

export const luminance = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

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

/** Lighting as one lookup table per channel, applied to the pixels the mask leaves (all without one). */
export interface Lighting {
  levels?: { low: number; high: number };
  /** -1..1: gamma lift or drop of the mid-tones. */
  brightness?: number;
  /** -1..1: spread around the middle grey. */
  contrast?: number;
  /** -1..1: towards red/yellow (warm) or blue (cool). */
  warmth?: number;
}

export function applyLighting(img: Rgba, lighting: Lighting, skip?: Uint8Array) {
  const luts = [new Uint8ClampedArray(256), new Uint8ClampedArray(256), new Uint8ClampedArray(256)];
  const { low = 0, high = 255 } = lighting.levels ?? {};
  const span = Math.max(1, high - low);
  const gamma = lighting.brightness ? 1 / (1 + lighting.brightness) : 1;
  const contrast = 1 + (lighting.contrast ?? 0);
  const warmth = (lighting.warmth ?? 0) * 18;
  for (let v = 0; v < 256; v++) {
    let x = (v - low) / span;
    x = Math.min(1, Math.max(0, x));
    x = Math.pow(x, gamma);
    x = (x - 0.5) * contrast + 0.5;
    const base = x * 255;
    luts[0][v] = base + warmth;
    luts[1][v] = base + warmth * 0.35;
    luts[2][v] = base - warmth;
  }
  const { data } = img;
  const n = img.width * img.height;
  for (let p = 0; p < n; p++) {
    if (skip?.[p]) continue;
    const o = p * 4;
    data[o] = luts[0][data[o]];
    data[o + 1] = luts[1][data[o + 1]];
    data[o + 2] = luts[2][data[o + 2]];
  }
}

/** Black and white points for auto levels: the 0.5th and 99.5th percentiles of luminance. */
export function levelsFor(img: Rgba, skip?: Uint8Array): { low: number; high: number } {
  const hist = new Uint32Array(256);
  const { data } = img;
  const n = img.width * img.height;
  let count = 0;
  for (let p = 0; p < n; p++) {
    if (skip?.[p]) continue;
    const o = p * 4;
    hist[Math.round(luminance(data[o], data[o + 1], data[o + 2]))]++;
    count++;
  }
  if (count === 0) return { low: 0, high: 255 };
  const low = percentileOf(hist, count, 0.005);
  const high = percentileOf(hist, count, 0.995);
  // A nearly flat image would be stretched into noise; leave it.
  if (high - low < 24) return { low: 0, high: 255 };
  return { low, high };
}

export function meanLuminance(img: Rgba, skip?: Uint8Array) {
  const { data } = img;
  let sum = 0;
  let count = 0;
  for (let p = 0; p < img.width * img.height; p++) {
    if (skip?.[p]) continue;
    const o = p * 4;
    sum += luminance(data[o], data[o + 1], data[o + 2]);
    count++;
  }
  return count ? sum / count : 0;
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
        case 2: X = w - 1 - x; Y = y; break;
        case 3: X = w - 1 - x; Y = h - 1 - y; break;
        case 4: X = x; Y = h - 1 - y; break;
        case 5: X = y; Y = x; break;
        case 6: X = h - 1 - y; Y = x; break;
        case 7: X = h - 1 - y; Y = w - 1 - x; break;
        default: X = y; Y = w - 1 - x; break;
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

export function hasTransparency(img: Rgba) {
  const { data } = img;
  for (let i = 3; i < data.length; i += 4) if (data[i] < 255) return true;
  return false;
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
 * Unsharp mask: each channel gets `amount` times its difference from a blurred copy (two box-blur
 * passes of `radius`, close to a Gaussian), where that difference exceeds `threshold`, so flat areas
 * and noise stay as they are.
 */
export function unsharpMask(img: Rgba, amount: number, radius: number, threshold = 2, skip?: Uint8Array) {
  const blurred = new Uint8ClampedArray(img.data);
  const r = Math.max(1, Math.round(radius));
  const scratch = new Uint8ClampedArray(blurred.length);
  for (let pass = 0; pass < 2; pass++) {
    boxPass(blurred, scratch, img.width, img.height, r, true);
    boxPass(scratch, blurred, img.width, img.height, r, false);
  }
  const { data } = img;
  const n = img.width * img.height;
  for (let p = 0; p < n; p++) {
    if (skip?.[p]) continue;
    const o = p * 4;
    for (let c = 0; c < 3; c++) {
      const diff = data[o + c] - blurred[o + c];
      if (Math.abs(diff) > threshold) data[o + c] = data[o + c] + diff * amount;
    }
  }
}

/** One horizontal or vertical running-sum box blur of RGB, edges clamped. */
function boxPass(src: Uint8ClampedArray, dst: Uint8ClampedArray, width: number, height: number, r: number, horizontal: boolean) {
  const lines = horizontal ? height : width;
  const length = horizontal ? width : height;
  const step = horizontal ? 4 : width * 4;
  const size = 2 * r + 1;
  for (let line = 0; line < lines; line++) {
    const base = horizontal ? line * width * 4 : line * 4;
    for (let c = 0; c < 4; c++) {
      let sum = 0;
      for (let i = -r; i <= r; i++) sum += src[base + Math.min(length - 1, Math.max(0, i)) * step + c];
      for (let i = 0; i < length; i++) {
        dst[base + i * step + c] = sum / size;
        const out = Math.max(0, i - r);
        const into = Math.min(length - 1, i + r + 1);
        sum += src[base + into * step + c] - src[base + out * step + c];
      }
    }
  }
}
