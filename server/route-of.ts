/**
 * The route a request path addresses, as Remix matches it: dot segments resolved as the WHATWG URL
 * that server/remix-handler.ts builds resolves them (`/profile/photo/../../login` is `/login`),
 * and the single-fetch `.data` suffix, a trailing slash and case do not count.
 */
export function routeOf(path: string): string {
  const resolved = new URL(path, "http://route.invalid").pathname;
  return resolved
    .toLowerCase()
    .replace(/\.data$/, "")
    .replace(/(.)\/+$/, "$1");
}
