/**
 * Draws a watch, seen from the front, as a 1200x1200 SVG: strap, case, bezel,
 * dial, hour markers, brand name, optional chronograph subdials or date window,
 * and hands at 10:10. Flat shapes only, so the WebP variants stay small.
 */

export type CaseShape = 'round' | 'octagon' | 'tonneau' | 'square' | 'cushion';
export type Markers = 'baton' | 'roman' | 'arabic' | 'dots';
export type Strap = 'bracelet' | 'leather' | 'rubber';

export interface FaceStyle {
  brand: string;
  shape: CaseShape;
  caseColor: string;
  bezelColor: string;
  dialColor: string;
  /** Ink on the dial: markers, hands and text. */
  inkColor: string;
  /** Seconds hand and small highlights. */
  accentColor: string;
  markers: Markers;
  chronograph: boolean;
  diver: boolean;
  date: boolean;
  strap: Strap;
  strapColor: string;
  background: string;
}

export const FACE_SIZE = 1200;
const C = FACE_SIZE / 2;
const FONT = 'font-family="DejaVu Sans, Liberation Sans, sans-serif"';
const ROMAN = ['XII', 'I', 'II', 'III', 'IIII', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI'];

export function watchFaceSvg(s: FaceStyle): string {
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${FACE_SIZE}" height="${FACE_SIZE}" viewBox="0 0 ${FACE_SIZE} ${FACE_SIZE}">`,
    `<rect width="${FACE_SIZE}" height="${FACE_SIZE}" fill="${s.background}"/>`,
    strapSvg(s),
    `<rect x="${C + 370}" y="${C - 45}" width="70" height="90" rx="14" fill="${s.caseColor}"/>`,
    caseSvg(s),
    dialSvg(s),
    markersSvg(s),
    brandSvg(s),
    s.chronograph ? subdialsSvg(s) : s.date ? dateSvg(s) : '',
    handsSvg(s),
    '</svg>',
  ];
  return parts.join('');
}

function strapSvg(s: FaceStyle): string {
  const w = s.shape === 'square' || s.shape === 'tonneau' ? 300 : 360;
  const x = C - w / 2;
  let out = `<rect x="${x}" y="0" width="${w}" height="${FACE_SIZE}" fill="${s.strapColor}"/>`;
  if (s.strap === 'bracelet') {
    for (let y = 40; y < FACE_SIZE; y += 70) {
      out += `<rect x="${x}" y="${y}" width="${w}" height="8" fill="${s.background}" opacity="0.35"/>`;
    }
    out += `<rect x="${C - w / 6}" y="0" width="${w / 3}" height="${FACE_SIZE}" fill="#ffffff" opacity="0.18"/>`;
  } else if (s.strap === 'leather') {
    const stitch = `stroke="${s.inkColor === '#ffffff' ? '#d9c7a3' : '#f1e4c8'}" stroke-width="5" stroke-dasharray="18 12"`;
    out += `<line x1="${x + 24}" y1="0" x2="${x + 24}" y2="${FACE_SIZE}" ${stitch}/>`;
    out += `<line x1="${x + w - 24}" y1="0" x2="${x + w - 24}" y2="${FACE_SIZE}" ${stitch}/>`;
  } else {
    for (const y of [70, 150, 1050, 1130]) out += `<circle cx="${C}" cy="${y}" r="14" fill="#000000" opacity="0.35"/>`;
  }
  return out;
}

function polygon(points: Array<[number, number]>, fill: string): string {
  return `<polygon points="${points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}" fill="${fill}"/>`;
}

function octagon(r: number): Array<[number, number]> {
  return Array.from({ length: 8 }, (_, i) => {
    const a = ((i + 0.5) * Math.PI) / 4;
    return [C + r * Math.cos(a), C + r * Math.sin(a)] as [number, number];
  });
}

function tonneauPath(halfW: number, halfH: number, fill: string): string {
  const top = C - halfH;
  const bottom = C + halfH;
  const bulge = halfW * 0.22;
  return (
    `<path d="M ${C - halfW + bulge} ${top} L ${C + halfW - bulge} ${top} ` +
    `Q ${C + halfW + bulge} ${C} ${C + halfW - bulge} ${bottom} L ${C - halfW + bulge} ${bottom} ` +
    `Q ${C - halfW - bulge} ${C} ${C - halfW + bulge} ${top} Z" fill="${fill}"/>`
  );
}

function caseSvg(s: FaceStyle): string {
  switch (s.shape) {
    case 'octagon': {
      const screws = octagon(352)
        .map(([x, y]) => `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="13" fill="${s.caseColor}"/>`)
        .join('');
      return `<circle cx="${C}" cy="${C}" r="410" fill="${s.caseColor}"/>${polygon(octagon(385), s.bezelColor)}${screws}`;
    }
    case 'tonneau':
      return tonneauPath(340, 440, s.caseColor) + tonneauPath(300, 395, s.bezelColor);
    case 'square':
      return (
        `<rect x="${C - 330}" y="${C - 410}" width="660" height="820" rx="60" fill="${s.caseColor}"/>` +
        `<rect x="${C - 295}" y="${C - 375}" width="590" height="750" rx="40" fill="${s.bezelColor}"/>`
      );
    case 'cushion':
      return (
        `<rect x="${C - 410}" y="${C - 410}" width="820" height="820" rx="170" fill="${s.caseColor}"/>` +
        `<circle cx="${C}" cy="${C}" r="375" fill="${s.bezelColor}"/>`
      );
    default: {
      let out = `<circle cx="${C}" cy="${C}" r="410" fill="${s.caseColor}"/><circle cx="${C}" cy="${C}" r="385" fill="${s.bezelColor}"/>`;
      if (s.diver) {
        for (let i = 1; i < 12; i++) {
          const a = (i * Math.PI) / 6;
          out += `<circle cx="${(C + 360 * Math.sin(a)).toFixed(1)}" cy="${(C - 360 * Math.cos(a)).toFixed(1)}" r="9" fill="#ffffff"/>`;
        }
        out += polygon(
          [
            [C - 22, C - 378],
            [C + 22, C - 378],
            [C, C - 345],
          ],
          s.accentColor,
        );
      }
      return out;
    }
  }
}

function dialSvg(s: FaceStyle): string {
  if (s.shape === 'tonneau') return tonneauPath(262, 350, s.dialColor);
  if (s.shape === 'square')
    return `<rect x="${C - 255}" y="${C - 335}" width="510" height="670" rx="24" fill="${s.dialColor}"/>`;
  const r = s.diver ? 330 : s.shape === 'octagon' ? 318 : 340;
  return `<circle cx="${C}" cy="${C}" r="${r}" fill="${s.dialColor}"/>`;
}

function markersSvg(s: FaceStyle): string {
  const r = s.shape === 'square' || s.shape === 'tonneau' ? 225 : 285;
  let out = '';
  for (let h = 0; h < 12; h++) {
    const a = (h * Math.PI) / 6;
    const x = C + r * Math.sin(a);
    const y = C - r * Math.cos(a);
    const skip = s.chronograph && (h === 3 || h === 6 || h === 9);
    if (skip) continue;
    if (s.markers === 'roman') {
      out += `<text x="${x.toFixed(1)}" y="${(y + 20).toFixed(1)}" ${FONT} font-size="58" text-anchor="middle" fill="${s.inkColor}">${ROMAN[h]}</text>`;
    } else if (s.markers === 'arabic' && h % 3 === 0) {
      out += `<text x="${x.toFixed(1)}" y="${(y + 26).toFixed(1)}" ${FONT} font-size="76" font-weight="bold" text-anchor="middle" fill="${s.inkColor}">${h === 0 ? 12 : h}</text>`;
    } else if (s.markers === 'dots') {
      out += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${h % 3 === 0 ? 24 : 16}" fill="${s.inkColor}"/>`;
    } else {
      const len = h % 3 === 0 ? 70 : 45;
      const deg = h * 30;
      out += `<rect x="${C - 10}" y="${C - r - len / 2}" width="20" height="${len}" fill="${s.inkColor}" transform="rotate(${deg} ${C} ${C})"/>`;
    }
  }
  return out;
}

function brandSvg(s: FaceStyle): string {
  if (!s.brand) return '';
  const text = s.brand.toUpperCase().replace(/&/g, '&amp;');
  const size = Math.max(30, Math.min(56, Math.floor(460 / Math.max(6, s.brand.length))));
  const y = s.chronograph ? C - 110 : C - 140;
  return `<text x="${C}" y="${y}" ${FONT} font-size="${size}" font-weight="bold" letter-spacing="4" text-anchor="middle" fill="${s.inkColor}">${text}</text>`;
}

function subdialsSvg(s: FaceStyle): string {
  const d = s.shape === 'square' || s.shape === 'tonneau' ? 125 : 150;
  let out = '';
  for (const [dx, dy] of [
    [-d, 0],
    [d, 0],
    [0, d],
  ] as const) {
    const x = C + dx;
    const y = C + dy;
    out += `<circle cx="${x}" cy="${y}" r="68" fill="${s.inkColor}" opacity="0.16"/>`;
    out += `<circle cx="${x}" cy="${y}" r="68" fill="none" stroke="${s.inkColor}" stroke-width="5"/>`;
    out += `<line x1="${x}" y1="${y}" x2="${x + 30}" y2="${y - 44}" stroke="${s.inkColor}" stroke-width="7"/>`;
  }
  return out;
}

function dateSvg(s: FaceStyle): string {
  const x = s.shape === 'square' || s.shape === 'tonneau' ? C + 130 : C + 190;
  return (
    `<rect x="${x - 42}" y="${C - 32}" width="84" height="64" rx="6" fill="#ffffff" stroke="${s.inkColor}" stroke-width="4"/>` +
    `<text x="${x}" y="${C + 17}" ${FONT} font-size="46" font-weight="bold" text-anchor="middle" fill="#222222">24</text>`
  );
}

function hand(deg: number, length: number, width: number, fill: string): string {
  return polygon(
    [
      [C - width / 2, C + 30],
      [C + width / 2, C + 30],
      [C + width / 5, C - length],
      [C - width / 5, C - length],
    ],
    fill,
  ).replace('/>', ` transform="rotate(${deg} ${C} ${C})"/>`);
}

function handsSvg(s: FaceStyle): string {
  const short = s.shape === 'square' || s.shape === 'tonneau';
  return (
    hand(305, short ? 150 : 185, 34, s.inkColor) +
    hand(60, short ? 230 : 275, 26, s.inkColor) +
    `<line x1="${C}" y1="${C + 60}" x2="${C}" y2="${C - (short ? 260 : 300)}" stroke="${s.accentColor}" stroke-width="7" transform="rotate(200 ${C} ${C})"/>` +
    `<circle cx="${C}" cy="${C}" r="22" fill="${s.accentColor}"/>`
  );
}
