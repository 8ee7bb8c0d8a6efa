// libheif-js ships its WebAssembly build as an ES module without types for that file (heic-decode.ts types what it uses).
declare module 'libheif-js/libheif-wasm/libheif-bundle.mjs' {
  const factory: () => unknown
  export default factory
}
