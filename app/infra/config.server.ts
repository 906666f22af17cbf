import { type Config, describeProblems, parseConfig } from "../../server/config";

let cached: Config | undefined;

/** The validated configuration; the process stops at start when it is invalid. */
export function getConfig(): Config {
  if (cached) return cached;
  const parsed = parseConfig(process.env);
  if (!parsed.ok) {
    throw new Error(describeProblems(parsed.problems));
  }
  cached = parsed.config;
  return cached;
}
