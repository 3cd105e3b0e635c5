/**
 * Draws the app's icons as PNG files into public/icons (run `npx tsx scripts/generate-icons.ts`
 * after changing the mark): the speech bubble of favicon.svg on its green tile, at the sizes a
 * web manifest needs (192 and 512 px), a maskable form whose mark stays inside the safe zone
 * (the middle 80 %), and a one-colour badge for notifications. No image library: each pixel is
 * the coverage of the shapes, sampled 4 × 4 times.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

type Rgba = [number, number, number, number];
const green: Rgba = [0x22, 0xc5, 0x5e, 255];
const ink: Rgba = [0x0f, 0x17, 0x2a, 255];
const white: Rgba = [255, 255, 255, 255];

/** The bubble of favicon.svg in its 32-unit box. */
const bubble: [number, number][] = [
  [8, 10],
  [24, 10],
  [24, 20],
  [14, 20],
  [8, 24],
];

function inPolygon(x: number, y: number, points: [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i]!;
    const [xj, yj] = points[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function inRoundedSquare(x: number, y: number, radius: number): boolean {
  const cx = Math.min(Math.max(x, radius), 32 - radius);
  const cy = Math.min(Math.max(y, radius), 32 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

interface Design {
  /** The tile behind the mark: rounded corners, or none for a badge. */
  tile: { radius: number; color: Rgba } | null;
  mark: Rgba;
  /** The mark's scale around the centre (1 = as in the favicon). */
  scale: number;
}

function pixel(x: number, y: number, design: Design): Rgba {
  const mx = (x - 16) / design.scale + 16;
  const my = (y - 17) / design.scale + 17;
  if (inPolygon(mx, my, bubble)) return design.mark;
  if (design.tile && inRoundedSquare(x, y, design.tile.radius)) return design.tile.color;
  return [0, 0, 0, 0];
}

function draw(size: number, design: Design): Buffer {
  const samples = 4;
  const rows: Buffer[] = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = ((px + (sx + 0.5) / samples) / size) * 32;
          const y = ((py + (sy + 0.5) / samples) / size) * 32;
          const [r, g, b, a] = pixel(x, y, design);
          sum[0]! += r * a;
          sum[1]! += g * a;
          sum[2]! += b * a;
          sum[3]! += a;
        }
      }
      const alpha = sum[3]!;
      const offset = 1 + px * 4;
      row[offset] = alpha ? Math.round(sum[0]! / alpha) : 0;
      row[offset + 1] = alpha ? Math.round(sum[1]! / alpha) : 0;
      row[offset + 2] = alpha ? Math.round(sum[2]! / alpha) : 0;
      row[offset + 3] = Math.round(alpha / (samples * samples));
    }
    rows.push(row);
  }
  return png(size, Buffer.concat(rows));
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG of `size` × `size` from rows that each start with filter byte 0. */
function png(size: number, rows: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const outDir = new URL('../public/icons/', import.meta.url);
mkdirSync(outDir, { recursive: true });
const icon: Design = { tile: { radius: 8, color: green }, mark: ink, scale: 1 };
// Maskable: the tile fills the square (the platform cuts its own shape) and the mark keeps
// within the middle 80 %.
const maskable: Design = { tile: { radius: 0, color: green }, mark: ink, scale: 1.05 };
const badge: Design = { tile: null, mark: white, scale: 1.7 };
for (const [name, size, design] of [
  ['icon-192.png', 192, icon],
  ['icon-512.png', 512, icon],
  ['maskable-192.png', 192, maskable],
  ['maskable-512.png', 512, maskable],
  ['badge-96.png', 96, badge],
  ['apple-touch-icon.png', 180, maskable],
] as const) {
  writeFileSync(new URL(name, outDir), draw(size, design));
}
