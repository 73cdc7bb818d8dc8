// The favicon.ico (16, 32 and 48 px PNGs in one ICO) and the 180 px apple-touch-icon, drawn from
// public/favicon.svg and the maskable icon: run `node scripts/icons.mjs` after changing either.
import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
const svg = await readFile('public/favicon.svg');
const sizes = [16, 32, 48];
const pngs = await Promise.all(sizes.map((s) => sharp(svg, { density: 384 }).resize(s, s).png({ compressionLevel: 9 }).toBuffer()));
const header = Buffer.alloc(6); header.writeUInt16LE(0, 0); header.writeUInt16LE(1, 2); header.writeUInt16LE(sizes.length, 4);
let offset = 6 + 16 * sizes.length;
const entries = sizes.map((s, i) => { const e = Buffer.alloc(16); e.writeUInt8(s % 256, 0); e.writeUInt8(s % 256, 1); e.writeUInt8(0, 2); e.writeUInt8(0, 3); e.writeUInt16LE(1, 4); e.writeUInt16LE(32, 6); e.writeUInt32LE(pngs[i].length, 8); e.writeUInt32LE(offset, 12); offset += pngs[i].length; return e; });
await writeFile('public/favicon.ico', Buffer.concat([header, ...entries, ...pngs]));
// iOS draws its own rounded corners over a square, opaque icon.
await sharp('public/icons/icon-maskable-512.png').resize(180, 180).flatten({ background: '#0f766e' }).png({ compressionLevel: 9 }).toFile('public/apple-touch-icon.png');
