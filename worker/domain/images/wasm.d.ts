// Wrangler and the Cloudflare Vite plugin turn a plain `.wasm` import into a compiled module.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
