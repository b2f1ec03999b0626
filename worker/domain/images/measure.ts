/**
 * What an edit measures on its own result (decision 0032): how much of the backdrop became the asked
 * colour or transparency, how sure the product mask is, the backdrop's shadow left or taken away, the
 * change in exposure and sharpness. Everything runs on a copy of at most about 1 MP.
 */
import type { BackgroundFigures, LightFigures } from "../../../schema/api/images";
import type { Rgb, Rgba } from "./pixels";

/** Share of the backdrop that must show the asked colour or transparency for the edit to count as done. */
export const BACKDROP_DONE_SHARE = 0.95;

const luminance = (r: number, g: number, b: number) => 0.2126 * r + 0.7152 * g + 0.0722 * b;

/**
 * Whether a pixel looks like the backdrop in shade: the backdrop's chromaticity (its share of red,
 * green and blue) at `minRatio`..0.97 of its brightness. A shadow darkens a backdrop without changing
 * its colour; a product's edge changes the colour, or jumps in brightness.
 */
function shadowRatio(data: Uint8ClampedArray, o: number, backdrop: Rgb, backdropSum: number): number {
  const r = data[o];
  const g = data[o + 1];
  const b = data[o + 2];
  const sum = r + g + b;
  if (sum < 8) return 0;
  const k = sum / backdropSum;
  if (k > 0.97) return 0;
  if (Math.abs(r / sum - backdrop[0] / backdropSum) > 0.025 || Math.abs(g / sum - backdrop[1] / backdropSum) > 0.025 || Math.abs(b / sum - backdrop[2] / backdropSum) > 0.025) return 0;
  return k;
}

/**
 * The backdrop's shadow next to a background mask: pixels outside the mask that look like the
 * backdrop in shade, reached from the mask's edge through a rim no darker than 0.65 of the backdrop
 * (a cast shadow fades into the backdrop) and gentle steps (at most 6% of the backdrop's brightness
 * between neighbours; a product's outline is a sharp step), down to 0.3 of the backdrop.
 * `inside` says which pixels the mask holds (the background so far).
 */
export function shadowNextTo(img: Rgba, inside: (p: number) => boolean, backdrop: Rgb): Uint8Array {
  const { data, width, height } = img;
  const n = width * height;
  const shadow = new Uint8Array(n);
  const backdropSum = Math.max(1, backdrop[0] + backdrop[1] + backdrop[2]);
  const step = backdropSum * 0.06;
  const queue = new Uint32Array(n);
  let tail = 0;
  const neighbours = (p: number, visit: (q: number) => void) => {
    const x = p % width;
    if (x > 0) visit(p - 1);
    if (x < width - 1) visit(p + 1);
    if (p >= width) visit(p - width);
    if (p < n - width) visit(p + width);
  };
  for (let p = 0; p < n; p++) {
    if (inside(p)) continue;
    let touches = false;
    neighbours(p, (q) => {
      if (inside(q)) touches = true;
    });
    if (!touches) continue;
    if (shadowRatio(data, p * 4, backdrop, backdropSum) >= 0.65) {
      shadow[p] = 1;
      queue[tail++] = p;
    }
  }
  let head = 0;
  while (head < tail) {
    const p = queue[head++];
    const sp = data[p * 4] + data[p * 4 + 1] + data[p * 4 + 2];
    neighbours(p, (q) => {
      if (shadow[q] || inside(q)) return;
      const o = q * 4;
      if (Math.abs(data[o] + data[o + 1] + data[o + 2] - sp) > step) return;
      if (shadowRatio(data, o, backdrop, backdropSum) < 0.3) return;
      shadow[q] = 1;
      queue[tail++] = q;
    });
  }
  void height;
  return shadow;
}

/**
 * Whether the photo's edges are busy: less than 60% of the border pixels are within `tolerance` of
 * their median colour (a plain backdrop, even shaded, holds well over 90%).
 */
export function busyBorder(img: Rgba, backdrop: Rgb, tolerance: number): boolean {
  const { data, width, height } = img;
  let near = 0;
  let total = 0;
  const tol2 = tolerance * tolerance;
  const visit = (p: number) => {
    const o = p * 4;
    const dr = data[o] - backdrop[0];
    const dg = data[o + 1] - backdrop[1];
    const db = data[o + 2] - backdrop[2];
    if (dr * dr + dg * dg + db * db <= tol2) near++;
    total++;
  };
  for (let x = 0; x < width; x++) {
    visit(x);
    visit((height - 1) * width + x);
  }
  for (let y = 1; y < height - 1; y++) {
    visit(y * width);
    visit(y * width + width - 1);
  }
  return near / Math.max(1, total) < 0.6;
}

const DIRECTIONS: [number, number][] = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];

/** The pixel at (x, y) when it is inside the picture and the mask holds it, else null. */
function pick(width: number, height: number, x: number, y: number, mask: Uint8Array): number | null {
  if (x < 0 || y < 0 || x >= width || y >= height) return null;
  const p = y * width + x;
  return mask[p] ? p : null;
}

export interface BackgroundMeasure {
  figures: BackgroundFigures;
  /** 1 where the measurement found the product (for its colour and the light figures). */
  product: Uint8Array;
}

/**
 * Measures a result whose background was to become `target`: pixels of that colour (within 6 a
 * channel, opaque) or transparent (alpha 16 or less) are the new background; of the rest, the
 * connected pieces that touch at most a tenth of the frame's edge and are at least 0.2% of the picture
 * and 15% of the largest such piece are the product; the backdrop's shadow is taken out of them; all
 * else is backdrop that did not change. `original` (same size) tells the product's outline from the
 * old backdrop for the mask's confidence.
 */
export function measureBackground(result: Rgba, original: Rgba, target: Rgb | "transparent", backdrop: Rgb, options: { tolerance: number; shadowRemoved: number }): BackgroundMeasure {
  const { data, width, height } = result;
  const n = width * height;
  const done = new Uint8Array(n);
  let doneCount = 0;
  for (let p = 0; p < n; p++) {
    const o = p * 4;
    const hit =
      target === "transparent" ? data[o + 3] <= 16 : data[o + 3] >= 240 && Math.abs(data[o] - target[0]) <= 6 && Math.abs(data[o + 1] - target[1]) <= 6 && Math.abs(data[o + 2] - target[2]) <= 6;
    if (hit) {
      done[p] = 1;
      doneCount++;
    }
  }
  // A patch of the asked colour inside the product (a white highlight on glass) is not background: for
  // a colour, only what is connected to the frame's edge counts. A transparent hole is background.
  if (target !== "transparent") doneCount = keepEdgeConnected(done, width, height);
  // Connected pieces of what did not become the background.
  const label = new Int32Array(n).fill(-1);
  const sizes: number[] = [];
  const contacts: number[] = [];
  const queue = new Uint32Array(n);
  const perimeter = 2 * (width + height) - 4;
  const onBorder = (p: number) => {
    const x = p % width;
    return x === 0 || x === width - 1 || p < width || p >= n - width;
  };
  for (let s = 0; s < n; s++) {
    if (done[s] || label[s] >= 0) continue;
    const id = sizes.length;
    let size = 0;
    let contact = 0;
    let head = 0;
    let tail = 0;
    label[s] = id;
    queue[tail++] = s;
    while (head < tail) {
      const p = queue[head++];
      size++;
      if (onBorder(p)) contact++;
      const x = p % width;
      const next = [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p >= width ? p - width : -1, p < n - width ? p + width : -1];
      for (const q of next) {
        if (q < 0 || done[q] || label[q] >= 0) continue;
        label[q] = id;
        queue[tail++] = q;
      }
    }
    sizes.push(size);
    contacts.push(contact);
  }
  const eligible = sizes.map((size, id) => contacts[id] <= perimeter * 0.1 && size >= n * 0.002);
  const largest = Math.max(0, ...sizes.filter((_, id) => eligible[id]));
  const isProduct = sizes.map((size, id) => eligible[id] && size >= largest * 0.15);
  const product = new Uint8Array(n);
  for (let p = 0; p < n; p++) if (label[p] >= 0 && isProduct[label[p]]) product[p] = 1;

  // The backdrop's shadow left next to the new background is backdrop, not product.
  const shadow = shadowNextTo(result, (p) => done[p] === 1, backdrop);
  let shadowPixels = 0;
  let productCount = 0;
  for (let p = 0; p < n; p++) {
    if (shadow[p] && !done[p]) {
      shadowPixels++;
      product[p] = 0;
    }
    if (product[p]) productCount++;
  }
  const backdropCount = Math.max(1, n - productCount);
  const leftover = n - productCount - doneCount;

  // Confidence: a product of plausible size, an outline unlike the old backdrop, nothing else left.
  const area = productCount / n;
  const areaScore = area < 0.01 ? area / 0.01 : area > 0.85 ? Math.max(0, (1 - area) / 0.15) : 1;
  let outline = 0;
  let clear = 0;
  const clearDistance2 = (options.tolerance * 0.6) ** 2;
  for (let p = 0; p < n; p++) {
    if (!product[p]) continue;
    const x = p % width;
    const edge = (x > 0 && done[p - 1]) || (x < width - 1 && done[p + 1]) || (p >= width && done[p - width]) || (p < n - width && done[p + width]);
    if (!edge) continue;
    outline++;
    // Contrast across the outline in the original photo: two pixels inwards (the product side) against
    // two pixels outwards (what became background). A real outline is a step; where the fill ate into
    // a product close to the backdrop's colour, both sides are the same shade and the step is small.
    const y = (p - x) / width;
    let step = 0;
    for (const [dx, dy] of DIRECTIONS) {
      const ox = x + dx;
      const oy = y + dy;
      if (ox < 0 || oy < 0 || ox >= width || oy >= height || !done[oy * width + ox]) continue;
      const out = pick(width, height, x + 2 * dx, y + 2 * dy, done) ?? oy * width + ox;
      const inside = pick(width, height, x - 2 * dx, y - 2 * dy, product) ?? p;
      const a = inside * 4;
      const b = out * 4;
      const dr = original.data[a] - original.data[b];
      const dg = original.data[a + 1] - original.data[b + 1];
      const db = original.data[a + 2] - original.data[b + 2];
      step = Math.max(step, dr * dr + dg * dg + db * db);
    }
    if (step > clearDistance2) clear++;
  }
  const edgeScore = outline ? clear / outline : 0;
  const pieceScore = productCount / Math.max(1, productCount + leftover);
  // A ragged outline (much longer than a smooth shape of the same area) means the fill ate into the
  // product where its colour is close to the backdrop's (a white vase on pale grey).
  let smoothLength = 0;
  sizes.forEach((size, id) => {
    if (isProduct[id]) smoothLength += 2 * Math.sqrt(Math.PI * size);
  });
  const raggedness = smoothLength > 0 ? outline / smoothLength : 0;
  const shapeScore = Math.min(1, Math.max(0, (2 - raggedness) / 0.6));
  return {
    product,
    figures: {
      asked: target === "transparent" ? "transparent" : hex(target),
      backdropShare: round(doneCount / backdropCount, 4),
      productArea: round(area, 4),
      maskConfidence: round(areaScore * edgeScore * pieceScore * shapeScore, 2),
      shadowPixels,
      shadowShare: round(shadowPixels / backdropCount, 4),
      shadowRemoved: options.shadowRemoved,
      busyBackdrop: busyBorder(original, backdrop, options.tolerance),
      measuredPixels: n,
    },
  };
}

/** Clears the masked pixels not connected to the frame's edge through masked pixels; answers how many stay. */
function keepEdgeConnected(mask: Uint8Array, width: number, height: number): number {
  const n = width * height;
  const reached = new Uint8Array(n);
  const queue = new Uint32Array(n);
  let tail = 0;
  const seed = (p: number) => {
    if (mask[p] && !reached[p]) {
      reached[p] = 1;
      queue[tail++] = p;
    }
  };
  for (let x = 0; x < width; x++) {
    seed(x);
    seed((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    seed(y * width);
    seed(y * width + width - 1);
  }
  let head = 0;
  while (head < tail) {
    const p = queue[head++];
    const x = p % width;
    if (x > 0) seed(p - 1);
    if (x < width - 1) seed(p + 1);
    if (p >= width) seed(p - width);
    if (p < n - width) seed(p + width);
  }
  for (let p = 0; p < n; p++) mask[p] = reached[p];
  return tail;
}

/** Mean and spread of luminance over a region (the whole picture without one), opaque pixels only. */
function lumaStats(img: Rgba, region: Uint8Array | null) {
  const { data } = img;
  const n = img.width * img.height;
  let sum = 0;
  let sq = 0;
  let count = 0;
  for (let p = 0; p < n; p++) {
    if (region && !region[p]) continue;
    const o = p * 4;
    if (data[o + 3] < 128) continue;
    const y = luminance(data[o], data[o + 1], data[o + 2]);
    sum += y;
    sq += y * y;
    count++;
  }
  if (!count) return { mean: 0, spread: 0 };
  const mean = sum / count;
  return { mean, spread: Math.sqrt(Math.max(0, sq / count - mean * mean)) };
}

/** Exposure and contrast of the product before and after (same size, same region). */
export function lightFigures(before: Rgba, after: Rgba, region: Uint8Array | null): LightFigures {
  const a = lumaStats(before, region);
  const b = lumaStats(after, region);
  return {
    before: round(a.mean, 1),
    after: round(b.mean, 1),
    stops: round(Math.log2((b.mean + 1) / (a.mean + 1)), 3),
    contrastBefore: round(a.spread, 1),
    contrastAfter: round(b.spread, 1),
  };
}

/** Mean squared luminance step between neighbours over a region: rises when edges get crisper. */
export function edgeEnergy(img: Rgba, region: Uint8Array | null): number {
  const { data, width, height } = img;
  let sum = 0;
  let count = 0;
  const y = (p: number) => luminance(data[p * 4], data[p * 4 + 1], data[p * 4 + 2]);
  for (let row = 0; row < height - 1; row++) {
    for (let x = 0; x < width - 1; x++) {
      const p = row * width + x;
      if (region && !region[p]) continue;
      const v = y(p);
      sum += (y(p + 1) - v) ** 2 + (y(p + width) - v) ** 2;
      count++;
    }
  }
  return count ? sum / count : 0;
}

/** Mean colour of a region (opaque pixels), or null when it is empty. */
export function meanColour(img: Rgba, region: Uint8Array): Rgb | null {
  const { data } = img;
  const sum = [0, 0, 0];
  let count = 0;
  for (let p = 0; p < region.length; p++) {
    if (!region[p] || data[p * 4 + 3] < 200) continue;
    sum[0] += data[p * 4];
    sum[1] += data[p * 4 + 1];
    sum[2] += data[p * 4 + 2];
    count++;
  }
  return count ? (sum.map((v) => Math.round(v / count)) as Rgb) : null;
}

/**
 * A plain colour word for a mean colour, from its hue, saturation and value (HSV), the way a seller
 * would say it: white, grey, black, brown, beige, red, orange, mustard, yellow, green, teal, blue,
 * navy, purple, pink.
 */
export function colourName([r, g, b]: Rgb): string {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const v = max / 255;
  const s = max === 0 ? 0 : (max - min) / max;
  if (s < 0.15) return v > 0.85 ? "white" : v < 0.2 ? "black" : "grey";
  if (v < 0.15) return "black";
  const c = max - min;
  let h = max === r ? ((g - b) / c) % 6 : max === g ? (b - r) / c + 2 : (r - g) / c + 4;
  h = (h * 60 + 360) % 360;
  if (h < 15 || h >= 340) return v < 0.5 ? "brown" : s < 0.45 && v > 0.7 ? "pink" : "red";
  if (h < 40) return v < 0.6 ? "brown" : s < 0.35 ? "beige" : "orange";
  if (h < 55) return s < 0.35 ? "beige" : v < 0.9 ? "mustard" : "yellow";
  if (h < 70) return "yellow";
  if (h < 160) return "green";
  if (h < 200) return "teal";
  if (h < 255) return v < 0.5 ? "navy" : "blue";
  if (h < 290) return "purple";
  return "pink";
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

export const hex = (c: Rgb) =>
  `#${c
    .map((v) => Math.round(v).toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase()}`;
