/**
 * Debian's Chromium (browsers are never downloaded) with the flags STACK.md lists: the network of
 * this machine is closed, so everything that calls home is off. Used by Playwright and the bench.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Debian's build of Chromium's old headless shell (package chromium-headless-shell), which the
 * browser tests run in as Playwright's own headless runs do: the same Blink and V8 without the
 * browser's UI, it takes less than half the CPU of headless `chromium` per test (decision 054).
 */
export const HEADLESS_SHELL_PATH = process.env.HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
