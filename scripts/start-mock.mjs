import { ensureServerBuild } from "./ensure-build.mjs";

ensureServerBuild();
await import("../build/bin/mock.js");
