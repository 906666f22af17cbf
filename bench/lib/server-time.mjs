/**
 * Server time at one connection: each signed-in page, the floor's `/` and the same-work floor
 * requested one after another, interleaved (so a burst of load from other work weighs on all),
 * `runs` times after one warm-up each; the figures are each page's median full response time over
 * each floor's median.
 */
export const HOME_FACTOR = 3.5;
export const PAGE_FACTOR = 2.2;
/** Issue #31 item 1: a player's document takes at most this much of the route page's time. */
export const PLAYER_FACTOR = 1.25;
/** Issue #31 item 3: every signed-in page against the floor that does home's work. */
export const SAME_WORK_FACTOR = 1.3;

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
export async function measureServerTime({ origin, cookie, floorUrl, sameWorkUrl, pages, runs = 25 }) {
  const samples = new Map(pages.map((page) => [page.path, []]));
  const floorSamples = [];
  const sameWorkSamples = [];
  for (const page of pages) await timeOne(`${origin}${page.path}`, cookie);
  await timeOne(floorUrl);
  await timeOne(sameWorkUrl);
  for (let run = 0; run < runs; run++) {
    for (const page of pages) {
      samples.get(page.path).push(await timeOne(`${origin}${page.path}`, cookie));
      floorSamples.push(await timeOne(floorUrl));
      sameWorkSamples.push(await timeOne(sameWorkUrl));
    }
  }
  const floorMs = median(floorSamples);
  const sameWorkMs = median(sameWorkSamples);
  const routePage = pages.find((page) => page.name === "route page");
  const routePageMs = routePage ? median(samples.get(routePage.path)) : null;
  return {
    runs,
    floorMs,
    sameWorkMs,
    routePageMs,
    pages: pages.map((page) => {
      const ms = median(samples.get(page.path));
      const target = page.name === "home" ? HOME_FACTOR : PAGE_FACTOR;
      const player =
        page.player && routePageMs
          ? { routePageRatio: ms / routePageMs, routePageTarget: PLAYER_FACTOR, routePagePass: ms / routePageMs <= PLAYER_FACTOR }
          : {};
      return {
        name: page.name,
        path: page.path,
        ms,
        ratio: ms / floorMs,
        target,
        pass: ms / floorMs <= target,
        sameWorkRatio: ms / sameWorkMs,
        sameWorkTarget: SAME_WORK_FACTOR,
        sameWorkPass: ms / sameWorkMs <= SAME_WORK_FACTOR,
        ...player,
      };
    }),
  };
}
