/** The route a request path addresses, as Remix matches it: the single-fetch `.data` suffix, a trailing slash and case do not count. */
export function routeOf(path: string): string {
  return path.toLowerCase().replace(/\.data$/, "").replace(/(.)\/+$/, "$1");
}
