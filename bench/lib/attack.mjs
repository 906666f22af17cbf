import { pdfRenders, progressWrites, slowBodies } from "./abuse.mjs";

/**
 * `node attack.mjs '{"attack": "slowBodies", "args": [...]}'`: runs that attack of abuse.mjs until
 * its stdin ends, then prints what it counted (JSON) and exits (abuse.mjs's `apart`).
 */
const ATTACKS = { pdfRenders, progressWrites, slowBodies };
const { attack, args } = JSON.parse(process.argv[2] ?? "{}");
if (!(attack in ATTACKS)) throw new Error(`no attack named ${attack}`);
const running = ATTACKS[attack](...args);
process.stdin.resume().once("end", async () => {
  process.stdout.write(JSON.stringify(await running.stop()));
});
