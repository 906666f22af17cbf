import { describeProblems, isEmbedded, parseConfig, withEmbeddedDefaults } from "./config";
import { buildSsoQuery } from "./sso";

/**
 * `npm run sso-link -- email=ana.martinez@academia.test [key=value ...]` prints a /welcome link
 * whose values are encrypted with the configured SSO key and IV (demo ones in embedded mode).
 */
const pairs = process.argv.slice(2).map((arg) => {
  const at = arg.indexOf("=");
  if (at <= 0) {
    process.stderr.write(`Expected key=value, got "${arg}"\n`);
    process.exit(2);
  }
  return [arg.slice(0, at), arg.slice(at + 1)] as const;
});
if (pairs.length === 0) {
  process.stderr.write("Usage: npm run sso-link -- email=ana.martinez@academia.test [key=value ...]\n");
  process.exit(2);
}
const env = isEmbedded(process.env) ? withEmbeddedDefaults(process.env, "http://127.0.0.1") : process.env;
const parsed = parseConfig(env);
if (!parsed.ok) {
  process.stderr.write(`${describeProblems(parsed.problems)}\n`);
  process.exit(1);
}
const { config } = parsed;
const query = buildSsoQuery(Object.fromEntries(pairs), { key: config.SSO_AES_KEY, iv: config.SSO_AES_IV });
process.stdout.write(`http://localhost:${config.PORT}/welcome?${query}\n`);
