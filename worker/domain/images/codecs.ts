/**
 * The WebAssembly codecs of the local editor (jSquash), initialised from modules imported plainly
 * (DESIGN §10), and a record of every WebAssembly memory they and Photon use, so the memory a request
 * reaches can be measured (a WebAssembly memory only grows, so its size after the work is its peak).
 */
import { initPhoton } from "@cf-wasm/photon/workerd";
import decodeJpeg, { init as initJpegDecode } from "@jsquash/jpeg/decode";
import encodeJpeg, { init as initJpegEncode } from "@jsquash/jpeg/encode";
import decodePng, { init as initPngDecode } from "@jsquash/png/decode";
import encodePng, { init as initPngEncode } from "@jsquash/png/encode";
import decodeWebp, { init as initWebpDecode } from "@jsquash/webp/decode";
import jpegDecWasm from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm";
import jpegEncWasm from "@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm";
// @ts-expect-error the package ships wasm-bindgen typings for this file, but the bundler hands over a compiled module.
import pngWasm from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm";
import webpDecWasm from "@jsquash/webp/codec/dec/webp_dec.wasm";
import type { ImageType } from "./formats";

const memories = new Map<string, WebAssembly.Memory>();

function track(name: string, exports: WebAssembly.Exports | Record<string, unknown>) {
  for (const value of Object.values(exports)) {
    if (value instanceof WebAssembly.Memory) {
      memories.set(name, value);
      return;
    }
  }
}

/** Emscripten lets the caller instantiate; this records the instance's memory on the way. */
function instantiating(name: string, module: WebAssembly.Module) {
  return {
    instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) {
      const instance = new WebAssembly.Instance(module, imports);
      track(name, instance.exports);
      done(instance);
      return instance.exports;
    },
  };
}

type EmscriptenInit = (module: WebAssembly.Module, overrides: object) => Promise<void>;

/**
 * Each codec is started on first use only: an Emscripten codec reserves 16 MB of memory as soon as it
 * starts, so starting all of them would cost about 50 MB of the Worker's 128 MB for nothing.
 */
const started = new Map<string, Promise<void>>();

function once(name: string, start: () => Promise<unknown>) {
  let ready = started.get(name);
  if (!ready) {
    ready = start().then(() => undefined);
    started.set(name, ready);
  }
  return ready;
}

const startJpegDecode = () => once("jpeg-decode", () => (initJpegDecode as EmscriptenInit)(jpegDecWasm, instantiating("jpeg-decode", jpegDecWasm)));
const startJpegEncode = () => once("jpeg-encode", () => (initJpegEncode as EmscriptenInit)(jpegEncWasm, instantiating("jpeg-encode", jpegEncWasm)));
const startWebpDecode = () => once("webp-decode", () => (initWebpDecode as EmscriptenInit)(webpDecWasm, instantiating("webp-decode", webpDecWasm)));
// PNG decode and encode share one wasm-bindgen module.
const startPng = () =>
  once("png", async () => {
    const png = (await initPngDecode(pngWasm)) as unknown as Record<string, unknown>;
    await initPngEncode(pngWasm);
    track("png", png);
  });
// Photon starts itself when imported (by the local editor); this only records its memory.
const notePhoton = () => once("photon", async () => track("photon", (await initPhoton.ensure()) as unknown as Record<string, unknown>));

export async function decodeImage(bytes: Uint8Array, type: ImageType): Promise<ImageData> {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  if (type === "image/jpeg") {
    await startJpegDecode();
    return decodeJpeg(buffer);
  }
  if (type === "image/png") {
    await startPng();
    return decodePng(buffer);
  }
  await startWebpDecode();
  return decodeWebp(buffer);
}

export async function encodeImage(image: ImageData, type: "image/jpeg" | "image/png", quality = 90): Promise<Uint8Array> {
  if (type === "image/jpeg") {
    await startJpegEncode();
    return new Uint8Array(await encodeJpeg(image, { quality }));
  }
  await startPng();
  return new Uint8Array(await encodePng(image));
}

/** Bytes of every WebAssembly memory the editor uses, by codec, and their sum. */
export async function wasmMemoryUsage(): Promise<{ total: number; byModule: Record<string, number> }> {
  await notePhoton();
  const byModule: Record<string, number> = {};
  let total = 0;
  for (const [name, memory] of memories) {
    byModule[name] = memory.buffer.byteLength;
    total += memory.buffer.byteLength;
  }
  return { total, byModule };
}
