import { drawProduct, productArtOf, type ProductArt } from './product-art.ts';

/**
 * Cover art drawn from a seed (nothing is downloaded): a deterministic SVG in the manner of game key art
 * for a dark store — a palette, one of several motifs (peaks, skyline, orbit, shards, tide), light, haze,
 * a vignette and, when the seed carries one (`key~Title`), a quiet title. A peripheral's or merchandise's key
 * (`peri-…`) draws the product itself on a lit studio floor instead of a scene (product-art.ts).
 */

export const COVER_SHAPES = ['vertical', 'horizontal', 'banner'] as const;
export type CoverShape = (typeof COVER_SHAPES)[number];

const SIZES: Record<CoverShape, { w: number; h: number }> = {
  vertical: { w: 600, h: 800 },
  horizontal: { w: 920, h: 430 },
  banner: { w: 1920, h: 640 },
};

/** Pairs of hues that read well on a dark page: [sky, accent]. */
const PALETTES: ReadonlyArray<readonly [number, number]> = [
  [262, 318], [200, 172], [18, 42], [344, 18], [224, 262], [150, 96], [42, 192], [288, 200], [190, 330], [8, 265],
];

type Rng = () => number;

function hashSeed(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function mulberry32(a: number): Rng {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;
const between = (rng: Rng, min: number, max: number) => min + rng() * (max - min);
const hsl = (h: number, s: number, l: number, a = 1) => (a === 1 ? `hsl(${Math.round(((h % 360) + 360) % 360)} ${Math.round(s)}% ${Math.round(l)}%)` : `hsl(${Math.round(((h % 360) + 360) % 360)} ${Math.round(s)}% ${Math.round(l)}% / ${a})`);

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

interface Scene {
  w: number;
  h: number;
  rng: Rng;
  sky: number;
  accent: number;
  id: string;
}

/** A ridge line across the width: jagged peaks between two heights, closed to the bottom. */
function ridge(s: Scene, baseY: number, amplitude: number, steps: number): string {
  const points: string[] = [`M0 ${s.h}`, `L0 ${r1(baseY)}`];
  for (let i = 1; i <= steps; i++) {
    const x = (s.w / steps) * i;
    const y = baseY - between(s.rng, 0.15, 1) * amplitude;
    const mid = x - s.w / steps / 2;
    points.push(`L${r1(mid)} ${r1(y)}`, `L${r1(x)} ${r1(baseY - between(s.rng, 0, 0.35) * amplitude)}`);
  }
  points.push(`L${s.w} ${s.h}`, 'Z');
  return points.join(' ');
}

function stars(s: Scene, count: number, maxY: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const r = between(s.rng, 0.6, 2.1);
    out += `<circle cx="${r1(s.rng() * s.w)}" cy="${r1(s.rng() * maxY)}" r="${r1(r)}" fill="#fff" opacity="${r1(between(s.rng, 0.25, 0.9))}"/>`;
  }
  return out;
}

function glowOrb(s: Scene, cx: number, cy: number, r: number): string {
  return (
    `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r * 2.6)}" fill="url(#${s.id}-halo)"/>` +
    `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="url(#${s.id}-orb)"/>`
  );
}

/** A wide glow along the horizon, the light that makes a skyline or a range read as distance. */
function horizonGlow(s: Scene, y: number): string {
  return `<ellipse cx="${r1(s.w * between(s.rng, 0.35, 0.65))}" cy="${r1(y)}" rx="${r1(s.w * 0.75)}" ry="${r1(s.h * 0.22)}" fill="url(#${s.id}-halo)" opacity=".75"/>`;
}

function peaks(s: Scene): string {
  const horizon = s.h * between(s.rng, 0.55, 0.68);
  let out = stars(s, Math.round((s.w * s.h) / 9000), horizon * 0.7) + horizonGlow(s, horizon);
  out += glowOrb(s, s.w * between(s.rng, 0.25, 0.75), horizon - s.h * between(s.rng, 0.12, 0.3), Math.min(s.w, s.h) * between(s.rng, 0.09, 0.15));
  const layers = 4;
  for (let i = 0; i < layers; i++) {
    const t = i / (layers - 1);
    const y = horizon + t * s.h * 0.22;
    const fill = hsl(s.sky + t * 12, 45 - t * 15, 26 - t * 19);
    out += `<path d="${ridge(s, y, s.h * (0.22 - t * 0.1), 5 + i * 2)}" fill="${fill}"/>`;
    if (i === 1) out += `<rect x="0" y="${r1(y - s.h * 0.1)}" width="${s.w}" height="${r1(s.h * 0.2)}" fill="url(#${s.id}-mist)"/>`;
  }
  return out;
}

function skyline(s: Scene): string {
  let out = stars(s, Math.round((s.w * s.h) / 14000), s.h * 0.4) + horizonGlow(s, s.h * 0.62);
  out += glowOrb(s, s.w * between(s.rng, 0.6, 0.85), s.h * between(s.rng, 0.18, 0.3), Math.min(s.w, s.h) * 0.08);
  for (const [depth, light] of [[0, 24], [1, 14], [2, 7]] as const) {
    let x = -between(s.rng, 0, 30);
    const base = s.h * (0.72 + depth * 0.09);
    while (x < s.w) {
      const bw = between(s.rng, 0.04, 0.09) * s.w * (1 + depth * 0.3);
      const bh = between(s.rng, 0.12, 0.42) * s.h * (1 - depth * 0.25);
      out += `<rect x="${r1(x)}" y="${r1(base - bh)}" width="${r1(bw)}" height="${r1(bh + s.h)}" fill="${hsl(s.sky, 35, light)}"/>`;
      if (depth === 0) out += `<rect x="${r1(x)}" y="${r1(base - bh)}" width="${r1(bw)}" height="2" fill="${hsl(s.accent, 90, 70)}" opacity=".55"/>`;
      if (depth === 0 && s.rng() < 0.7) {
        for (let wy = base - bh + 10; wy < base - 8; wy += 14) {
          for (let wx = x + 6; wx < x + bw - 8; wx += 11) {
            if (s.rng() < 0.28) out += `<rect x="${r1(wx)}" y="${r1(wy)}" width="4" height="6" fill="${hsl(s.accent, 90, 72)}" opacity="${r1(between(s.rng, 0.4, 0.95))}"/>`;
          }
        }
      }
      x += bw + between(s.rng, 0, 8);
    }
    if (depth === 0) out += `<rect x="0" y="${r1(base - s.h * 0.16)}" width="${s.w}" height="${r1(s.h * 0.3)}" fill="url(#${s.id}-mist)"/>`;
  }
  out += `<rect x="0" y="${r1(s.h * 0.905)}" width="${s.w}" height="3" fill="${hsl(s.accent, 95, 62)}" opacity="0.8"/>`;
  return out;
}

function orbit(s: Scene): string {
  let out = stars(s, Math.round((s.w * s.h) / 5000), s.h);
  for (let i = 0; i < 3; i++) {
    out += `<circle cx="${r1(s.rng() * s.w)}" cy="${r1(s.rng() * s.h)}" r="${r1(Math.max(s.w, s.h) * between(s.rng, 0.15, 0.3))}" fill="${hsl(i % 2 ? s.accent : s.sky, 80, 45)}" opacity="0.22" filter="url(#${s.id}-blur)"/>`;
  }
  const cx = s.w * between(s.rng, 0.3, 0.7);
  const cy = s.h * between(s.rng, 0.35, 0.55);
  const r = Math.min(s.w, s.h) * between(s.rng, 0.2, 0.3);
  const tilt = r1(between(s.rng, -28, -8));
  out += `<g transform="rotate(${tilt} ${r1(cx)} ${r1(cy)})"><ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(r * 1.9)}" ry="${r1(r * 0.42)}" fill="none" stroke="${hsl(s.accent, 70, 70)}" stroke-opacity="0.45" stroke-width="${r1(r * 0.07)}"/></g>`;
  out += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="url(#${s.id}-planet)"/>`;
  out += `<g transform="rotate(${tilt} ${r1(cx)} ${r1(cy)})"><path d="M${r1(cx - r * 1.9)} ${r1(cy)} A${r1(r * 1.9)} ${r1(r * 0.42)} 0 0 0 ${r1(cx + r * 1.9)} ${r1(cy)}" fill="none" stroke="${hsl(s.accent, 80, 75)}" stroke-opacity="0.8" stroke-width="${r1(r * 0.05)}"/></g>`;
  out += glowOrb(s, s.w * between(s.rng, 0.05, 0.95), s.h * between(s.rng, 0.05, 0.3), Math.min(s.w, s.h) * 0.03);
  return out;
}

function shards(s: Scene): string {
  const fx = s.w * between(s.rng, 0.35, 0.65);
  const fy = s.h * between(s.rng, 0.35, 0.55);
  let out = '';
  const count = 22;
  let angle = s.rng() * Math.PI * 2;
  const reach = Math.hypot(s.w, s.h);
  for (let i = 0; i < count; i++) {
    const next = angle + ((Math.PI * 2) / count) * between(s.rng, 0.6, 1.4);
    const p1 = [fx + Math.cos(angle) * reach, fy + Math.sin(angle) * reach];
    const p2 = [fx + Math.cos(next) * reach, fy + Math.sin(next) * reach];
    const light = between(s.rng, 8, 30);
    out += `<path d="M${r1(fx)} ${r1(fy)} L${r1(p1[0]!)} ${r1(p1[1]!)} L${r1(p2[0]!)} ${r1(p2[1]!)} Z" fill="${hsl(i % 3 ? s.sky : s.accent, 55, light)}" opacity="${r1(between(s.rng, 0.35, 0.85))}"/>`;
    angle = next;
  }
  const size = Math.min(s.w, s.h) * between(s.rng, 0.12, 0.18);
  out += glowOrb(s, fx, fy, size * 0.9);
  const sides = 4 + Math.floor(s.rng() * 3);
  const emblem = Array.from({ length: sides }, (_, i) => {
    const a = (Math.PI * 2 * i) / sides - Math.PI / 2;
    return `${r1(fx + Math.cos(a) * size)} ${r1(fy + Math.sin(a) * size)}`;
  });
  out += `<path d="M${emblem.join(' L')} Z" fill="none" stroke="${hsl(s.accent, 90, 80)}" stroke-width="${r1(size * 0.06)}" opacity="0.9"/>`;
  out += `<path d="M${emblem.join(' L')} Z" fill="none" stroke="#fff" stroke-width="${r1(size * 0.015)}" opacity="0.7" transform="translate(${r1(fx * 0.08)} ${r1(fy * 0.08)}) scale(0.92)"/>`;
  return out;
}

function tide(s: Scene): string {
  const horizon = s.h * between(s.rng, 0.5, 0.6);
  let out = stars(s, Math.round((s.w * s.h) / 12000), horizon * 0.6);
  const sunR = Math.min(s.w, s.h) * between(s.rng, 0.16, 0.24);
  const sx = s.w * between(s.rng, 0.3, 0.7);
  out += `<circle cx="${r1(sx)}" cy="${r1(horizon)}" r="${r1(sunR * 2.4)}" fill="url(#${s.id}-halo)"/>`;
  out += `<g clip-path="url(#${s.id}-sunclip)"><circle cx="${r1(sx)}" cy="${r1(horizon)}" r="${r1(sunR)}" fill="url(#${s.id}-sun)"/></g>`;
  // A sun cut by widening gaps towards the horizon, the way a synthwave sunset is drawn.
  out += `<clipPath id="${s.id}-sunclip"><rect x="0" y="${r1(horizon - sunR)}" width="${s.w}" height="${r1(sunR * 0.5)}"/>`;
  let y = horizon - sunR * 0.5;
  for (let i = 0; i < 5 && y < horizon; i++) {
    y += sunR * (0.03 + i * 0.016);
    const band = sunR * (0.1 - i * 0.014);
    out += `<rect x="0" y="${r1(y)}" width="${s.w}" height="${r1(band)}"/>`;
    y += band;
  }
  out += `<rect x="0" y="${r1(Math.max(y + sunR * 0.1, horizon))}" width="${s.w}" height="${r1(sunR)}"/>`;
  out += '</clipPath>';
  for (let i = 0; i < 6; i++) {
    const y = horizon + (i / 6) * (s.h - horizon) + 4;
    const amp = 6 + i * 5;
    const period = s.w / between(s.rng, 2, 4);
    let d = `M0 ${r1(y)}`;
    for (let x = 0; x <= s.w + period; x += period / 2) {
      d += ` Q${r1(x + period / 4)} ${r1(y + (Math.round(x / (period / 2)) % 2 ? amp : -amp))} ${r1(x + period / 2)} ${r1(y)}`;
    }
    d += ` L${s.w + period} ${s.h} L0 ${s.h} Z`;
    out += `<path d="${d}" fill="${hsl(s.sky + i * 4, 55, 20 - i * 2.6)}" opacity="0.92"/>`;
    out += `<path d="${d.split(' L')[0]}" fill="none" stroke="${hsl(s.accent, 90, 70)}" stroke-opacity="${r1(0.5 - i * 0.07)}" stroke-width="1.5"/>`;
  }
  return out;
}

const MOTIFS = [peaks, skyline, orbit, shards, tide];

/**
 * A product shot: a lit floor, a spotlight behind, the product in front with its shadow. On a tall cover it
 * stands above the title; on a wide one, to the right of it, so the two never overlap.
 */
function studio(s: Scene, shape: CoverShape, art: ProductArt): string {
  const tall = shape === 'vertical';
  const size = tall ? s.w * 0.74 : s.h * 0.74;
  // A banner is cut to 16:9 around its middle on a phone (its middle 59 %): the product stays inside that.
  const cx = tall ? s.w / 2 : s.w * (shape === 'banner' ? 0.64 : 0.7);
  const cy = tall ? s.h * 0.4 : s.h * 0.45;
  const floor = cy + size * 0.5;
  const ink = { body: hsl(s.sky, 22, 15), edge: hsl(s.accent, 70, 72), detail: hsl(s.sky, 18, 30), accent: hsl(s.accent, 90, 62) };
  return (
    `<rect x="0" y="${r1(floor)}" width="${s.w}" height="${r1(s.h - floor)}" fill="${hsl(s.sky, 35, 7)}" opacity=".7"/>` +
    `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(size * 0.75)}" ry="${r1(size * 0.7)}" fill="url(#${s.id}-halo)"/>` +
    `<ellipse cx="${r1(cx)}" cy="${r1(floor)}" rx="${r1(size * 0.46)}" ry="${r1(size * 0.06)}" fill="#000" opacity=".55" filter="url(#${s.id}-blur)"/>` +
    `<g transform="translate(${r1(cx - size / 2)} ${r1(cy - size / 2)}) scale(${r1(size / 100)})" data-product="${art}">${drawProduct(art, ink)}</g>`
  );
}

/** Splits a title into at most two lines that fit `maxUnits` (a CJK character counts 2, others 1). */
function wrapTitle(title: string, maxUnits: number): string[] {
  const units = (t: string) => [...t].reduce((n, c) => n + (c.charCodeAt(0) > 0x2e80 ? 2 : 1.1), 0);
  if (units(title) <= maxUnits) return [title];
  const cjk = /[\u2e80-\u9fff]/.test(title) && !title.includes(' ');
  const parts = cjk ? [...title] : title.split(' ');
  const lines: string[] = [''];
  for (const part of parts) {
    const current = lines[lines.length - 1]!;
    const candidate = current === '' ? part : cjk ? current + part : `${current} ${part}`;
    if (units(candidate) <= maxUnits || current === '') lines[lines.length - 1] = candidate;
    else if (lines.length < 2) lines.push(part);
    else {
      lines[1] = `${lines[1]!.replace(/[\s.…]+$/, '')}…`;
      break;
    }
  }
  return lines;
}

function titleBlock(s: Scene, shape: CoverShape, title: string): string {
  // Sized for a phone: a tall cover shows about 160 px wide in a two-column grid, so its title is drawn at
  // 64 of 600 units (about 17 px there), in lines of at most 16 units.
  const size = shape === 'banner' ? 76 : shape === 'vertical' ? 64 : 48;
  const maxUnits = shape === 'vertical' ? 16 : shape === 'banner' ? 30 : 24;
  const lines = wrapTitle(title.trim(), maxUnits);
  const fontSize = lines.some((l) => l.length > maxUnits) ? size * 0.8 : size;
  const centered = shape === 'vertical';
  const x = centered ? s.w / 2 : shape === 'banner' ? s.w * 0.06 : s.w * 0.055;
  const bottom = s.h - (shape === 'banner' ? s.h * 0.16 : s.h * 0.085);
  const anchor = centered ? 'middle' : 'start';
  const family = `'Segoe UI','Helvetica Neue','PingFang SC','Noto Sans CJK SC','Microsoft YaHei',system-ui,sans-serif`;
  const rows = lines
    .map((line, i) => `<tspan x="${r1(x)}" y="${r1(bottom - (lines.length - 1 - i) * fontSize * 1.08)}">${escapeXml(line)}</tspan>`)
    .join('');
  const lineY = bottom - lines.length * fontSize * 1.08 - fontSize * 0.1;
  const lineX = centered ? s.w / 2 - 28 : x;
  return (
    `<rect x="${r1(lineX)}" y="${r1(lineY)}" width="56" height="4" rx="2" fill="${hsl(s.accent, 90, 66)}"/>` +
    `<text font-family="${family}" font-size="${r1(fontSize)}" font-weight="800" letter-spacing="${r1(fontSize * 0.02)}" fill="#fff" fill-opacity="0.94" text-anchor="${anchor}" filter="url(#${s.id}-shadow)">${rows}</text>`
  );
}

/** The SVG of a seed in a shape: the same seed always draws the same art. */
export function drawCover(seed: string, shape: CoverShape): string {
  const { w, h } = SIZES[shape];
  const tilde = seed.indexOf('~');
  const title = tilde >= 0 ? seed.slice(tilde + 1) : '';
  // The art comes from the key alone: a game keeps its picture on both sites, titled in each one's language.
  const hash = hashSeed(tilde >= 0 ? seed.slice(0, tilde) : seed);
  const rng = mulberry32(hash);
  const [sky, accent] = PALETTES[hash % PALETTES.length]!;
  const s: Scene = { w, h, rng, sky, accent, id: `c${(hash % 0xffff).toString(36)}` };
  const scene = MOTIFS[Math.floor(rng() * MOTIFS.length)]!;
  const angle = Math.floor(rng() * 360);
  const art = productArtOf(tilde >= 0 ? seed.slice(0, tilde) : seed);
  const motif = art ? (sc: Scene) => studio(sc, shape, art) : scene;

  const defs =
    `<linearGradient id="${s.id}-bg" gradientTransform="rotate(${90 + (angle % 40) - 20} .5 .5)">` +
    `<stop offset="0" stop-color="${hsl(sky, 60, 9)}"/><stop offset=".6" stop-color="${hsl(sky + 18, 55, 19)}"/><stop offset="1" stop-color="${hsl(accent, 60, 30)}"/></linearGradient>` +
    `<radialGradient id="${s.id}-orb" cx=".4" cy=".35"><stop offset="0" stop-color="${hsl(accent + 20, 100, 92)}"/><stop offset=".55" stop-color="${hsl(accent, 90, 68)}"/><stop offset="1" stop-color="${hsl(accent - 10, 80, 48)}"/></radialGradient>` +
    `<radialGradient id="${s.id}-halo"><stop offset="0" stop-color="${hsl(accent, 100, 70)}" stop-opacity=".55"/><stop offset="1" stop-color="${hsl(accent, 100, 60)}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="${s.id}-sun" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(accent + 30, 100, 75)}"/><stop offset="1" stop-color="${hsl(accent - 20, 90, 55)}"/></linearGradient>` +
    `<radialGradient id="${s.id}-planet" cx=".35" cy=".3"><stop offset="0" stop-color="${hsl(sky + 30, 70, 62)}"/><stop offset=".7" stop-color="${hsl(sky, 60, 28)}"/><stop offset="1" stop-color="${hsl(sky, 60, 10)}"/></radialGradient>` +
    `<linearGradient id="${s.id}-mist" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(accent, 60, 70)}" stop-opacity="0"/><stop offset=".5" stop-color="${hsl(accent, 60, 70)}" stop-opacity=".16"/><stop offset="1" stop-color="${hsl(accent, 60, 70)}" stop-opacity="0"/></linearGradient>` +
    `<radialGradient id="${s.id}-vignette" cx=".5" cy=".45" r=".75"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".6"/></radialGradient>` +
    `<linearGradient id="${s.id}-foot" x1="0" y1="0" x2="0" y2="1"><stop offset=".55" stop-color="#05060a" stop-opacity="0"/><stop offset="1" stop-color="#05060a" stop-opacity=".78"/></linearGradient>` +
    `<filter id="${s.id}-blur" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${r1(Math.max(w, h) * 0.04)}"/></filter>` +
    `<filter id="${s.id}-shadow" x="-10%" y="-30%" width="120%" height="160%"><feDropShadow dx="0" dy="2" stdDeviation="4" flood-color="#000" flood-opacity=".6"/></filter>`;

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img"${title ? ` aria-label="${escapeXml(title)}"` : ''}>` +
    `<defs>${defs}</defs>` +
    `<rect width="${w}" height="${h}" fill="url(#${s.id}-bg)"/>` +
    motif(s) +
    `<rect width="${w}" height="${h}" fill="url(#${s.id}-vignette)"/>` +
    (title ? `<rect width="${w}" height="${h}" fill="url(#${s.id}-foot)"/>${titleBlock(s, shape, title)}` : '') +
    '</svg>'
  );
}
