/**
 * Pictures for the home page and the extra product shots, as SVG: wide hero
 * banners (1600x600) with a watch beside the headline, square customer review
 * cards (stars and a quote), a case back and a gift box.
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

function star(cx: number, cy: number, r: number, fill: string): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const a = (i * Math.PI) / 5 - Math.PI / 2;
    points.push(`${(cx + radius * Math.cos(a)).toFixed(1)},${(cy + radius * Math.sin(a)).toFixed(1)}`);
  }
  return `<polygon points="${points.join(' ')}" fill="${fill}"/>`;
}

export interface ReviewArt {
  quote: string;
  name: string;
  city: string;
  stars: number;
  background: string;
}

export function reviewCardSvg(r: ReviewArt): string {
  let stars = '';
  for (let i = 0; i < 5; i++) stars += star(330 + i * 105, 260, 44, i < r.stars ? '#f5a623' : '#d5d5d5');
  const lines = wrap(r.quote, 26)
    .slice(0, 5)
    .map(
      (l, i) =>
        `<text x="540" y="${430 + i * 72}" ${FONT} font-size="54" text-anchor="middle" fill="#222222">${escapeXml(l)}</text>`,
    )
    .join('');
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1080" viewBox="0 0 1080 1080">' +
    `<rect width="1080" height="1080" fill="${r.background}"/>` +
    '<rect x="60" y="60" width="960" height="960" rx="48" fill="#ffffff"/>' +
    `<text x="110" y="290" ${FONT} font-size="220" fill="#e8e2d6">\u201c</text>` +
    stars +
    lines +
    '<rect x="440" y="830" width="200" height="6" fill="#e8e2d6"/>' +
    `<text x="540" y="910" ${FONT} font-size="44" font-weight="bold" text-anchor="middle" fill="#222222">${escapeXml(r.name)}</text>` +
    `<text x="540" y="965" ${FONT} font-size="34" text-anchor="middle" fill="#777777">${escapeXml(r.city)} \u00b7 Verified buyer</text>` +
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
