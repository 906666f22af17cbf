import { ensureBuild, ensureServerBuild } from "./ensure-build.mjs";

// `--no-build` (npm run dev): `remix dev` builds the app; the Node entry points are still ours.
if (process.argv.includes("--no-build")) ensureServerBuild();
else ensureBuild();
await import("../build/bin/start.js");
