/**
 * The headers every response carries, pages or not: the app's pages set them with the rest of
 * their policy (app/lib/security.server.ts), the HTTP server adds them to static files,
 * redirects and resource routes (server/serve.ts).
 */
export function baselineHeaders(production: boolean): Array<[string, string]> {
  return [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "same-origin"],
    ...(production ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as [string, string]] : []),
  ];
}
