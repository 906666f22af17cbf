import { describeProblems, isEmbedded, parseConfig, withEmbeddedDefaults } from "../app/infra/config.server";
import { buildSsoQuery, welcomeLink } from "../app/infra/sso.server";

/**
 * `npm run sso-link -- email=ana.martinez@academia.test [key=value ...]` prints a /welcome link
 * whose values are encrypted with the configured SSO key and IV (demo ones in embedded mode), on
 * PUBLIC_URL or else http://localhost:<PORT>; the base it used goes to stderr.
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
const link = welcomeLink(query, { publicUrl: process.env.PUBLIC_URL, port: config.PORT });
if (!link) {
  process.stderr.write("PUBLIC_URL: must be an http(s) URL such as https://academia.example.com\n");
  process.exit(1);
}
process.stderr.write(`Link for ${new URL(link).origin} (set PUBLIC_URL or PORT to change it)\n`);
process.stdout.write(`${link}\n`);
