// pdf.js's worker side as the renderer imports it (worker.server.ts): pdfjs-dist ships no types for
// it. WorkerMessageHandler is its own export; the classes the render budget hooks are exported by
// the renderer's bundle (scripts/build-server.mjs), typed in budget.server.ts.
declare module "pdfjs-dist/legacy/build/pdf.worker.mjs" {
  export const WorkerMessageHandler: unknown;
}
