import { ensureBuild } from "./ensure-build.mjs";

if (!process.argv.includes("--no-build")) ensureBuild();
await import("../build/bin/start.js");
