import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import lighthouse from "lighthouse";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../scripts/chromium.mjs";

/**
 * Lighthouse's default (mobile) configuration with simulated throttling, in a headless Debian
 * Chromium started here on a DevTools port with a fresh profile. Signed-in pages get the session
 * cookie through `extraHeaders`.
 */
const CATEGORIES = ["performance", "accessibility", "best-practices"];

async function launchChromium(port) {
  const profile = mkdtempSync(join(tmpdir(), "bench-lh-"));
  const child = spawn(
    CHROMIUM_PATH,
    // Spanish, as the budgets are measured: pages follow Accept-Language (decision 049).
    [
      "--headless=new",
      ...CHROMIUM_FLAGS,
      "--accept-lang=es-ES",
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    // Its own process group, so that closing it stops its helpers too.
    { stdio: "ignore", detached: true },
  );
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // the group is gone already
    }
  };
  // Out of the terminal's group, Ctrl-C no longer reaches it: the bench's exit takes it along.
  const stopOnExit = () => signalGroup("SIGKILL");
  process.once("exit", stopOnExit);
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  return {
    async close() {
      process.off("exit", stopOnExit);
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        signalGroup("SIGTERM");
        await exited;
      }
      // A helper still writing into the profile once Chromium has exited made its removal fail
      // (ENOTEMPTY) and the run with it: the rest of the group goes before the profile does.
      signalGroup("SIGKILL");
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

async function audit(url, port, cookie) {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: CATEGORIES,
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`lighthouse on ${url}: ${lhr.runtimeError.message}`);
  // The weighted audits that did not score full marks: what to look at on a miss.
  const failed = (category) =>
    lhr.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
      .map((ref) => ref.id);
  return {
    finalUrl: lhr.finalDisplayedUrl,
    performance: lhr.categories.performance.score,
    accessibility: lhr.categories.accessibility.score,
    bestPractices: lhr.categories["best-practices"].score,
    metrics: {
      fcpMs: Math.round(lhr.audits["first-contentful-paint"].numericValue),
      lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
      tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue),
      cls: Number(lhr.audits["cumulative-layout-shift"].numericValue.toFixed(3)),
    },
    failedAudits: Object.fromEntries(CATEGORIES.map((category) => [category, failed(category)])),
  };
}

export const LIGHTHOUSE_TARGETS = { performance: 0.95, accessibility: 1, bestPractices: 0.95 };

/**
 * One audit, run again once when Lighthouse itself failed to record the page load (its
 * NO_NAVSTART, which says "Please run Lighthouse again"): a run of the tool, not a figure of the page.
 */
async function auditOnce(url, port, cookie) {
  try {
    return await audit(url, port, cookie);
  } catch (error) {
    if (!String(error).includes("NO_NAVSTART")) throw error;
    process.stdout.write(`      (${url}: Lighthouse did not record the load, NO_NAVSTART; run again)\n`);
    return audit(url, port, cookie);
  }
}

/** `runs` audits of one page; the run of median performance stands for the page. */
async function medianAudit(url, port, cookie, runs) {
  const audits = [];
  for (let run = 0; run < runs; run++) audits.push(await auditOnce(url, port, cookie));
  const sorted = [...audits].sort((a, b) => a.performance - b.performance);
  return { ...sorted[Math.floor(runs / 2)], performanceRuns: audits.map((item) => item.performance) };
}

/**
 * `pages`: [{name, url, cookie?}]; the floor's `/` is audited first, in the same browser; each
 * page `runs` times, the median run reported.
 */
export async function measureLighthouse({ floorUrl, pages, port, runs = 3 }) {
  const chromium = await launchChromium(port);
  try {
    const floor = await medianAudit(floorUrl, port, undefined, runs);
    const results = [];
    for (const page of pages) {
      const scores = await medianAudit(page.url, port, page.cookie, runs);
      if (new URL(scores.finalUrl).pathname !== new URL(page.url).pathname) {
        throw new Error(`lighthouse on ${page.url} ended on ${scores.finalUrl}`);
      }
      const pass = Object.entries(LIGHTHOUSE_TARGETS).every(([key, target]) => scores[key] >= target);
      results.push({ name: page.name, path: new URL(page.url).pathname, ...scores, pass });
    }
    return { runs, targets: LIGHTHOUSE_TARGETS, floor, pages: results };
  } finally {
    await chromium.close();
  }
}
