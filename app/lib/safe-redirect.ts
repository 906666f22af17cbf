const DEFAULT_REDIRECT = "/";

/**
 * Only same-origin paths survive: anything that a browser could read as another origin
 * (`//evil`, `/\evil`, encoded slashes or backslashes, schemes, control characters) falls back.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = DEFAULT_REDIRECT): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//")) return fallback;
  let decoded = to;
  try {
    decoded = decodeURIComponent(to);
  } catch {
    return fallback;
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(decoded) || decoded.startsWith("//")) return fallback;
  try {
    const url = new URL(to, "http://academia.invalid");
    const path = `${url.pathname}${url.search}${url.hash}`;
    // NOTE: normalising can itself produce '//' ('/.//evil' → '//evil'), so check the result too.
    if (url.origin !== "http://academia.invalid" || path.startsWith("//")) return fallback;
    return path;
  } catch {
    return fallback;
  }
}
