// `npm test`: every check, in four phases. The build first (once, under its lock); then the
// independent stages, a phase at a time, each phase's stages at the same time (concurrently),
// each one's output printed whole, in turn, never interleaved; then the serial stage, whose tests
// need the machine to themselves (they kill the server or fill its memory, and measure latency). A table of each
// stage's time and result ends the run; the exit code is non-zero when any stage failed.
// `npm test -- e2e unit` runs only the stages named. The failing tests' names are printed again
// under the table, so the end of a long log (all a CI summary may keep) says what failed; so are
// the browser tests that failed once and passed on their second try (decision 076).
import { Writable } from "node:stream";
import { stripVTControlCharacters } from "node:util";
import concurrently from "concurrently";

// The browser tests take most of the machine for most of the run, and other stages beside them
// slowed them down and hit their own timeouts (vitest's RPC and child-process deadlines) on two
// cores: the vitest stages run first, together, then the browser tests alone, then the serial
// stage, whose tests need the machine (they kill the server, fill its memory and measure latency)
// but use a core and a third of it: the stages with no deadline of their own (type check, the
// source checks, lint, format, and the Docker steps' install and build) fill the rest beside it at
// the lowest priority.
// The unit stage only computes and runs niced (Linux): beside it the integration tests' servers,
// and the PDF renderers they start (niced in turn, as in production), get the CPU when they ask for
// it; beside five stages at the same priority a renderer missed its 15 s deadline (a 504).
const niced = (level, command) => (process.platform === "linux" ? `nice -n ${level} ${command}` : command);
const PHASES = [
  [{ name: "build", command: "node scripts/ensure-build.mjs" }],
  [
    { name: "unit", command: niced(10, "npm run --silent test:unit") },
    { name: "integration", command: "npm run --silent test:integration" },
  ],
  [{ name: "e2e", command: "npm run --silent test:e2e" }],
  [
    { name: "serial", command: "npm run --silent test:serial" },
    { name: "typecheck", command: niced(19, "npm run --silent typecheck") },
    // The checks of the source with TypeScript's checker: the type check's kind of work, ~45 s of
    // one core that held the unit stage (and phase 2) past the integration tests (decision 067).
    // Above the other checks: its vitest worker answers its runner on a deadline, which it missed
    // at the same priority as four others beside the serial tests on a slow machine (decision 075).
    { name: "static", command: niced(10, "npm run --silent test:static") },
    { name: "lint", command: niced(19, "npm run --silent lint") },
    { name: "format", command: niced(19, "npm run --silent format:check") },
    { name: "docker", command: niced(19, "npm run --silent test:docker") },
  ],
];

const only = process.argv.slice(2);
const known = PHASES.flat().map(({ name }) => name);
const unknown = only.filter((name) => !known.includes(name));
if (unknown.length > 0) {
  console.error(`unknown stage ${unknown.join(", ")}; the stages are ${known.join(", ")}`);
  process.exit(2);
}

// vitest's failed files and tests (FAIL, ×) and Playwright's numbered failures (flaky ones too), as printed.
const FAILURE = /^\[([\w ]+)\]\s+(FAIL\b|×|\d+\) \[)/;
// Playwright's summary names the flaky tests under 'N flaky', indented, without their number.
const FLAKY_BLOCK = /^\[[\w ]+\]\s+\d+ flaky$/;
const FLAKY_TEST = /^\[[\w ]+\]\s+\[/;
/** A test as both lists print it: without the rule Playwright draws after its name. */
const testOf = (line) => line.replace(/^\[[\w ]+\]\s+(\d+\) )?/, "").replace(/[\s─]+$/, "");
/** Each stage's failure lines, and the flaky tests of any. */
const failures = new Map();
const flaky = new Set();
let inFlakyBlock = false;
let partial = "";
const output = new Writable({
  write(chunk, encoding, callback) {
    const lines = (partial + stripVTControlCharacters(String(chunk))).split("\n");
    partial = lines.pop();
    for (const line of lines) {
      const stage = FAILURE.exec(line)?.[1].trim();
      if (stage) failures.set(stage, (failures.get(stage) ?? new Set()).add(line.trimEnd()));
      if (inFlakyBlock && FLAKY_TEST.test(line)) flaky.add(testOf(line));
      else inFlakyBlock = FLAKY_BLOCK.test(line);
    }
    process.stdout.write(chunk, callback);
  },
});

const rows = [];
const started = Date.now();
for (const phase of PHASES) {
  const stages = phase.filter(({ name }) => only.length === 0 || name === "build" || only.includes(name));
  if (stages.length === 0) continue;
  const { result } = concurrently(stages, { group: true, prefix: "name", padPrefix: true, outputStream: output });
  const events = await result.catch((closed) => closed);
  for (const event of events) {
    rows.push({
      stage: event.command.name,
      seconds: Math.round(event.timings.durationSeconds),
      result: event.exitCode === 0 ? "ok" : `FAILED (${event.exitCode})`,
    });
  }
  if (phase[0].name === "build" && events.some((event) => event.exitCode !== 0)) break;
}

const width = Math.max(...rows.map(({ stage }) => stage.length));
console.log("\nstage".padEnd(width + 2), "seconds  result");
for (const { stage, seconds, result } of rows) console.log(stage.padEnd(width + 1), String(seconds).padStart(7), "", result);
console.log("total".padEnd(width + 1), String(Math.round((Date.now() - started) / 1000)).padStart(7));
// A test Playwright counted flaky failed once and passed on its second try.
const printed = rows.flatMap(({ stage }) => [...(failures.get(stage) ?? [])]);
const failed = printed.filter((line) => !flaky.has(testOf(line)));
const passedOnRetry = printed.filter((line) => flaky.has(testOf(line)));
if (failed.length > 0) console.log(`\nfailed:\n${failed.join("\n")}`);
if (passedOnRetry.length > 0)
  console.log(`\nfailed once, passed on the second try (the first error is above):\n${passedOnRetry.join("\n")}`);
process.exit(rows.every(({ result }) => result === "ok") ? 0 : 1);
