import { randomFillSync } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";

/** Media with an `s3_bucket_name` comes straight from its public bucket (app/domain/media.ts). */
const S3_BUCKETS = "https://*.s3.amazonaws.com";

/** Each nonce is 16 random bytes, used once, cut from bytes drawn for 256 nonces at a time (as Node's `randomUUID` pools its own). */
const NONCE_BYTES = 16;
const pool = Buffer.alloc(NONCE_BYTES * 256);
let used = pool.length;
export function newNonce(): string {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += NONCE_BYTES;
  return pool.toString("base64", used - NONCE_BYTES, used);
}

const nonceOf = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${(res as Response).locals.cspNonce as string}'`;

/**
 * Every response's security headers, set before anything answers (DESIGN.md 'Security'): a page's
 * scripts run only with this request's nonce, which Remix gets as `context.cspNonce`. A route that
 * needs another policy (the /files/ proxy, which the player frames) sets its own, which replaces
 * these.
 */
export function securityHeaders({ production, filesOrigin }: { production: boolean; filesOrigin: string }): RequestHandler[] {
  return [
    (_req, res, next) => {
      res.locals.cspNonce = newNonce();
      res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
      next();
    },
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", nonceOf],
          // CSP 3 browsers: stylesheets only from the app, inline `style` attributes (progress bars,
          // crop area) allowed; `style-src` is the fallback of older ones.
          styleSrc: ["'self'", "'unsafe-inline'"],
          styleSrcElem: ["'self'"],
          styleSrcAttr: ["'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:", filesOrigin, S3_BUCKETS],
          mediaSrc: ["'self'", "blob:", filesOrigin, S3_BUCKETS],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          frameSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "same-origin" },
      xFrameOptions: { action: "deny" },
    }),
  ];
}
