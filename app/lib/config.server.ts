import { parseConfig, type Config } from "../../server/config";

let cached: Config | undefined;

/** The validated configuration; the process stops at start when it is invalid. */
export function getConfig(): Config {
  if (cached) return cached;
  const parsed = parseConfig(process.env);
  if (!parsed.ok) {
    throw new Error(`Invalid configuration:\n${parsed.problems.map((p) => `  - ${p}`).join("\n")}`);
  }
  cached = parsed.config;
  return cached;
}
