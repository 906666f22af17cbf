#!/usr/bin/env node
/**
 * Draws the app icons of the web app manifest (public/icons/*.png) with no dependency and no
 * network: a white "A" over the brand blue, an accent bar under it. `maskable` fills the whole
 * square and keeps the drawing inside the central safe zone (80 %), as Android masks it.
 * Run: node scripts/make-icons.mjs (the PNGs are committed; rerun only to change the design).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const BLUE = [0x0b, 0x3d, 0x6e];
const WHITE = [0xff, 0xff, 0xff];
const ACCENT = [0xf2, 0xa9, 0x00];
const SAMPLES = 4;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function inPolygon(x, y, points) {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function inRoundedSquare(x, y, radius) {
  const cx = Math.min(Math.max(x, radius), 1 - radius);
  const cy = Math.min(Math.max(y, radius), 1 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/** The glyph in a unit square; `scale` shrinks it around the centre. */
function colourAt(x, y, { maskable }) {
  if (!maskable && !inRoundedSquare(x, y, 0.18)) return null;
  const scale = maskable ? 0.78 : 1;
  const u = (x - 0.5) / scale + 0.5;
  const v = (y - 0.5) / scale + 0.5;
  const outer = [
    [0.2, 0.76],
    [0.5, 0.14],
    [0.8, 0.76],
  ];
  const inner = [
    [0.36, 0.77],
    [0.5, 0.45],
    [0.64, 0.77],
  ];
  const crossbar = v >= 0.58 && v <= 0.66;
  if (inPolygon(u, v, outer) && (!inPolygon(u, v, inner) || crossbar)) return WHITE;
  if (u >= 0.3 && u <= 0.7 && v >= 0.81 && v <= 0.87) return ACCENT;
  return BLUE;
}

function draw(size, options) {
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const colour = colourAt((px + (sx + 0.5) / SAMPLES) / size, (py + (sy + 0.5) / SAMPLES) / size, options);
          if (!colour) continue;
          sum[0] += colour[0];
          sum[1] += colour[1];
          sum[2] += colour[2];
          sum[3] += 255;
        }
      }
      const covered = sum[3] / 255;
      const offset = (py * size + px) * 4;
      if (covered === 0) continue;
      pixels[offset] = Math.round(sum[0] / covered);
      pixels[offset + 1] = Math.round(sum[1] / covered);
      pixels[offset + 2] = Math.round(sum[2] / covered);
      pixels[offset + 3] = Math.round(sum[3] / SAMPLES ** 2);
    }
  }
  return png(size, pixels);
}

const out = new URL("../public/icons/", import.meta.url);
mkdirSync(out, { recursive: true });
for (const [name, size, maskable] of [
  ["icon-192.png", 192, false],
  ["icon-512.png", 512, false],
  ["icon-maskable-512.png", 512, true],
  ["apple-touch-icon.png", 180, true],
]) {
  writeFileSync(new URL(name, out), draw(size, { maskable }));
  console.log(`public/icons/${name}`);
}
