// The favicon.ico (16, 32 and 48 px PNGs in one ICO) and the 180 px apple-touch-icon, drawn from
// public/favicon.svg and the maskable icon: run `node scripts/icons.mjs` after changing either.
import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';

const ICO_SIZES = [16, 32, 48];

/** An ICO file whose images are PNGs (read by every browser since 2007). */
function icoOf(pngs) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(pngs.length, 4);
  let offset = header.length + 16 * pngs.length;
  const entries = pngs.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0);
    entry.writeUInt8(size % 256, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...pngs.map((p) => p.data)]);
}

const svg = await readFile('public/favicon.svg');
const pngs = await Promise.all(
  ICO_SIZES.map(async (size) => ({
    size,
    data: await sharp(svg, { density: 384 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer(),
  })),
);
await writeFile('public/favicon.ico', icoOf(pngs));
// iOS rounds the corners of a square, opaque icon itself.
await sharp('public/icons/icon-maskable-512.png')
  .resize(180, 180)
  .flatten({ background: '#0f766e' })
  .png({ compressionLevel: 9 })
  .toFile('public/apple-touch-icon.png');
