/** Why the PDF renderer could not read or draw a file, and the status the page route answers for it. */

export type PdfFailure =
  | "missing"
  | "unreachable"
  | "timeout"
  | "tooLarge"
  | "notPdf"
  | "damaged"
  | "protected"
  | "noPage"
  | "busy"
  | "userBusy"
  | "tooComplex"
  | "gone";

/** What went wrong reading or drawing a PDF; the route answers its status. */
export class PdfError extends Error {
  constructor(readonly reason: PdfFailure) {
    super(`pdf: ${reason}`);
  }
}

export const FAILURE_STATUS: Record<PdfFailure, number> = {
  missing: 404,
  noPage: 404,
  tooLarge: 413,
  notPdf: 415,
  damaged: 415,
  protected: 422,
  tooComplex: 422,
  userBusy: 429,
  // nginx's "client closed request": nobody reads it, the logs do.
  gone: 499,
  unreachable: 502,
  busy: 503,
  timeout: 504,
};

export const reasonOf = (error: unknown): PdfFailure | "error" => (error instanceof PdfError ? error.reason : "error");
