import { randomBytes } from "node:crypto";
import { baselineHeaders } from "../../server/security-headers";
import { getConfig } from "./config.server";

/** Security headers for every response the app renders, in one place (DESIGN.md 'Security'). */
export function createNonce() {
  return randomBytes(16).toString("base64");
}

/**
 * `frameable`: a file from the `/files/` proxy, which the app's own pages may frame (a SCORM
 * package must run in a same-origin frame to find its runtime); every other response refuses
 * to be framed at all.
 */
/** Media with an `s3_bucket_name` comes straight from its public bucket (app/domain/media.ts). */
const S3_BUCKETS = "https://*.s3.amazonaws.com";

export function applySecurityHeaders(headers: Headers, nonce?: string, { frameable = false } = {}) {
  const config = getConfig();
  const files = new URL(config.FILES_HOST_URL).origin;
  if (nonce) {
    headers.set(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}'`,
        // CSP 3 browsers: stylesheets only from the app, inline `style` attributes (progress bars,
        // crop area) allowed; `style-src` is the fallback of older ones.
        "style-src 'self' 'unsafe-inline'",
        "style-src-elem 'self'",
        "style-src-attr 'unsafe-inline'",
        `img-src 'self' data: blob: ${files} ${S3_BUCKETS}`,
        `media-src 'self' blob: ${files} ${S3_BUCKETS}`,
        "font-src 'self'",
        "connect-src 'self'",
        "frame-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join("; "),
    );
  } else if (frameable) {
    headers.set("Content-Security-Policy", "frame-ancestors 'self'");
  }
  for (const [name, value] of baselineHeaders(config.NODE_ENV === "production")) headers.set(name, value);
  headers.set("X-Frame-Options", frameable ? "SAMEORIGIN" : "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
}
