/**
 * Debian's Chromium (browsers are never downloaded) with the flags STACK.md lists: the network of
 * this machine is closed, so everything that calls home is off. Used by Playwright and the bench.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
