// `node bench/pdf-bombs.mjs`: figure 6 of `npm run bench` alone (bench/lib/pdf-bombs.mjs), to
// measure the PDF renderer under bombs without the other figures' ten minutes.
import { fileURLToPath } from "node:url";
import { measurePdfBombs, pdfBombsFigure } from "./lib/pdf-bombs.mjs";
import { buildAll } from "./lib/servers.mjs";

process.chdir(fileURLToPath(new URL("..", import.meta.url)));
buildAll();
const { figure, value, target, pass } = pdfBombsFigure(await measurePdfBombs({ port: 3650, mockPort: 4650 }));
process.stdout.write(`${pass ? "PASS" : "MISS"}  ${figure}\n      ${value}  |  target ${target}\n`);
