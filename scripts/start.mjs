import { ensureBuild, ensureServerBuild } from "./ensure-build.mjs";

// `npm start` is the demo's command (the README's first): with no upstream it asks for the embedded
// demo, which the image's own start (build/bin/start.js) only runs when told (DEMO_MODE=1).
if (!process.env.LEGACY_API_URL) process.env.DEMO_MODE ??= "1";

// `--no-build` (npm run dev): `remix dev` builds the app; the Node entry points are still ours.
if (process.argv.includes("--no-build")) ensureServerBuild();
else ensureBuild();
await import("../build/bin/start.js");
