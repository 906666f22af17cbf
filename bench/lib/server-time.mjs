/**
 * Server time at one connection: each signed-in page and the floor's `/` requested one after
 * another, interleaved (so a burst of load from other work weighs on both), `runs` times after one
 * warm-up each; the figure is each page's median full response time over the floor's median.
 */
export const HOME_FACTOR = 3.5;
export const PAGE_FACTOR = 2.2;

async function timeOne(url, cookie) {
  const started = performance.now();
  const response = await fetch(url, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return ms;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** `pages`: [{name, path}] of the app at `origin`, all signed in with `cookie`. */
export async function measureServerTime({ origin, cookie, floorUrl, pages, runs = 25 }) {
  const samples = new Map(pages.map((page) => [page.path, []]));
  const floorSamples = [];
  for (const page of pages) await timeOne(`${origin}${page.path}`, cookie);
  await timeOne(floorUrl);
  for (let run = 0; run < runs; run++) {
    for (const page of pages) {
      samples.get(page.path).push(await timeOne(`${origin}${page.path}`, cookie));
      floorSamples.push(await timeOne(floorUrl));
    }
  }
  const floorMs = median(floorSamples);
  return {
    runs,
    floorMs,
    pages: pages.map((page) => {
      const ms = median(samples.get(page.path));
      const target = page.name === "home" ? HOME_FACTOR : PAGE_FACTOR;
      return { name: page.name, path: page.path, ms, ratio: ms / floorMs, target, pass: ms / floorMs <= target };
    }),
  };
}
