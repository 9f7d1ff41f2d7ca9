// The raster icons, made from the one drawing web/icon.svg (run by scripts/build.sh under
// node, with the pinned npm package @resvg/resvg-wasm): node scripts/icons.mjs SITE
//
// The drawing is a tile (<rect id="background">, rounded) and the artwork over it
// (<g id="artwork">). Written into SITE/web/icons/:
// - icon-192.png, icon-512.png: the tile as drawn (the manifest's icons, purpose "any");
// - icon-maskable-512.png: the artwork alone, centred and scaled to lie inside the central
//   80% circle (the safe zone every launcher's mask keeps), on a full square of the
//   background's colour (purpose "maskable");
// - apple-touch-icon.png, 180x180: the artwork as drawn on a full, opaque square (iOS
//   rounds the corners itself and shows transparency as black).
import { readFile, writeFile, mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { initWasm, Resvg } from "@resvg/resvg-wasm";

const require = createRequire(import.meta.url);
const site = process.argv[2];
if (!site) { console.error("usage: node scripts/icons.mjs SITE"); process.exit(2); }
await initWasm(await readFile(require.resolve("@resvg/resvg-wasm/index_bg.wasm")));

const source = await readFile(new URL("../web/icon.svg", import.meta.url), "utf8");
const viewBox = source.match(/viewBox="0 0 (\d+) (\d+)"/);
const background = source.match(/<rect id="background"[^>]*\bfill="(#[0-9a-fA-F]{3,6})"/);
const artwork = source.match(/<g id="artwork">[\s\S]*?<\/g>/);
if (!viewBox || viewBox[1] !== viewBox[2] || !background || !artwork) {
  console.error("web/icon.svg: expected a square viewBox, <rect id=\"background\" fill=\"#...\"> and <g id=\"artwork\">");
  process.exit(1);
}
const side = Number(viewBox[1]), colour = background[1];
const svg = (body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}">${body}</svg>`;
const square = `<rect width="${side}" height="${side}" fill="${colour}"/>`;

function png(text, size, opaque) {
  const resvg = new Resvg(text, { fitTo: { mode: "width", value: size }, ...(opaque ? { background: colour } : {}),
                                  font: { loadSystemFonts: false } });
  const image = resvg.render();
  if (image.width !== size || image.height !== size) throw new Error(`rendered ${image.width}x${image.height}, not ${size}`);
  return image.asPng();
}

// The artwork's box (strokes included), then the scale that puts its farthest corner from
// the centre on a circle of 38% of the side: inside the 40% radius, with room for smoothing.
const box = new Resvg(svg(artwork[0]), { font: { loadSystemFonts: false } }).getBBox();
const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
const scale = Math.min(1, (0.38 * side) / Math.hypot(box.width / 2, box.height / 2));
const centred = `<g transform="translate(${side / 2} ${side / 2}) scale(${scale.toFixed(4)}) translate(${-cx} ${-cy})">`
  + artwork[0] + "</g>";

const out = pathToFileURL(resolve(site, "web", "icons") + "/");
await mkdir(out, { recursive: true });
const icons = {
  "icon-192.png": png(source, 192),
  "icon-512.png": png(source, 512),
  "icon-maskable-512.png": png(svg(square + centred), 512, true),
  "apple-touch-icon.png": png(svg(square + artwork[0]), 180, true),
};
for (const [name, data] of Object.entries(icons)) await writeFile(new URL(name, out), data);
console.log("icons: " + Object.entries(icons).map(([n, d]) => `${n} ${(d.length / 1024).toFixed(1)} kB`).join(", ")
  + ` (maskable artwork at ${(scale * 100).toFixed(0)}%)`);
