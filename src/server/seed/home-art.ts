/**
 * Pictures for the home page, the extra product shots and the demo buyers' review photos, as
 * SVG: wide hero banners (1600x600) with a watch beside the headline, a case back, a gift box,
 * and a watch as a buyer photographs it on arrival.
 */
import { FACE_SIZE, type FaceStyle, watchFaceSvg } from './watch-face.ts';

const FONT = 'font-family="DejaVu Sans, Liberation Sans, sans-serif"';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Splits text into lines of at most `width` characters, at spaces. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The face without its own background rectangle (so what is behind shows), at (x, y) with the given size. */
function nestedFace(face: FaceStyle, x: number, y: number, size: number): string {
  const inner = watchFaceSvg(face)
    .replace(/^<svg[^>]*><rect[^>]*\/>/, '')
    .replace(/<\/svg>$/, '');
  return `<svg x="${x}" y="${y}" width="${size}" height="${size}" viewBox="0 0 ${FACE_SIZE} ${FACE_SIZE}">${inner}</svg>`;
}

export interface BannerArt {
  headline: string;
  subline: string;
  cta: string;
  background: string;
  ink: string;
  accent: string;
  face: FaceStyle;
}

export function bannerSvg(b: BannerArt): string {
  const face = { ...b.face, background: b.background };
  const sub = wrap(b.subline, 38)
    .slice(0, 2)
    .map((l, i) => `<text x="90" y="${330 + i * 52}" ${FONT} font-size="40" fill="${b.ink}">${escapeXml(l)}</text>`)
    .join('');
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600" viewBox="0 0 1600 600">' +
    `<rect width="1600" height="600" fill="${b.background}"/>` +
    `<circle cx="1220" cy="300" r="330" fill="${b.accent}" opacity="0.25"/>` +
    nestedFace(face, 960, -20, 640) +
    `<rect x="90" y="110" width="120" height="10" fill="${b.accent}"/>` +
    `<text x="90" y="240" ${FONT} font-size="76" font-weight="bold" fill="${b.ink}">${escapeXml(b.headline)}</text>` +
    sub +
    `<rect x="90" y="440" width="300" height="84" rx="42" fill="${b.accent}"/>` +
    `<text x="240" y="495" ${FONT} font-size="32" font-weight="bold" text-anchor="middle" fill="#ffffff">${escapeXml(b.cta)}</text>` +
    '</svg>'
  );
}

/** The back of a case: brushed rings and engraving, shown as a product's extra picture. */
export function casebackSvg(metal: string, background: string): string {
  const rings = [390, 330, 250]
    .map((r, i) => `<circle cx="600" cy="600" r="${r}" fill="${metal}" stroke="#00000022" stroke-width="${6 - i}"/>`)
    .join('');
  const engraving = ['AUTOMATIC', 'SAPPHIRE CRYSTAL', 'WATER RESISTANT 100M', 'STAINLESS STEEL']
    .map(
      (t, i) =>
        `<text x="600" y="${520 + i * 62}" ${FONT} font-size="40" letter-spacing="6" text-anchor="middle" fill="#00000066">${t}</text>`,
    )
    .join('');
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200" viewBox="0 0 1200 1200">' +
    `<rect width="1200" height="1200" fill="${background}"/>` +
    `<rect x="420" y="0" width="360" height="1200" fill="${metal}" opacity="0.8"/>` +
    `<circle cx="600" cy="600" r="430" fill="${metal}"/>` +
    rings +
    engraving +
    '</svg>'
  );
}

/** A watch lying in an open gift box. */
export function giftBoxSvg(face: FaceStyle, boxColor: string, background: string): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200" viewBox="0 0 1200 1200">' +
    `<rect width="1200" height="1200" fill="${background}"/>` +
    `<rect x="140" y="140" width="920" height="920" rx="40" fill="${boxColor}"/>` +
    '<rect x="200" y="200" width="800" height="800" rx="24" fill="#f4efe6"/>' +
    nestedFace({ ...face, background: '#f4efe6' }, 250, 250, 700) +
    `<text x="600" y="1043" ${FONT} font-size="34" letter-spacing="8" text-anchor="middle" fill="#f4efe6">PREMIUM GIFT BOX</text>` +
    '</svg>'
  );
}

/** Wood and cloth a buyer puts a new watch on for its photo. */
export const TABLE_COLOURS = ['#8a5a3b', '#c19a6b', '#6f4e37', '#d8c3a5', '#a47551', '#e4e0d8', '#5c4033', '#b9b2a6'];

/**
 * A buyer's photo of the watch as it came (the demo's review photos): the watch lying a little
 * turned on a table, beside the corner of its open box. `angle` and `table` make each one its own
 * picture: a review photo is stored once in the whole shop (reviews/writing.ts).
 */
export function buyerPhotoSvg(face: FaceStyle, table: string, angle: number): string {
  let grain = '';
  for (let y = 37; y < 1200; y += 83)
    grain += `<rect x="0" y="${y}" width="1200" height="5" fill="#000000" opacity="0.06"/>`;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200" viewBox="0 0 1200 1200">' +
    `<rect width="1200" height="1200" fill="${table}"/>` +
    grain +
    '<g transform="rotate(10 1060 110)">' +
    '<rect x="830" y="-90" width="460" height="380" rx="26" fill="#1d1d1d"/>' +
    '<rect x="860" y="-60" width="400" height="320" rx="16" fill="#f4efe6"/>' +
    '</g>' +
    '<ellipse cx="630" cy="640" rx="420" ry="430" fill="#000000" opacity="0.14"/>' +
    `<g transform="rotate(${angle} 600 600)">${nestedFace({ ...face, background: table }, -60, -60, 1320)}</g>` +
    '</svg>'
  );
}
