// pdf.js ships no types for its worker bundle; importing it only registers `globalThis.pdfjsWorker`.
declare module "pdfjs-dist/legacy/build/pdf.worker.mjs";
