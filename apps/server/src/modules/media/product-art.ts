/**
 * What a peripheral or a piece of merchandise looks like, for its cover: a mouse is drawn as a mouse and a hoodie
 * as a hoodie, not as a planet or a skyline (docs/product/catalogue.md#cover-art). The product is told by its
 * cover key — the demo catalogue's `peri-{category}-{model}` and `peri-merch-{name}` — and drawn in a box of
 * 100 × 100 units that the cover scales onto a lit studio floor.
 */

export const PRODUCT_ARTS = ['keyboard', 'mouse', 'headset', 'controller', 'hoodie', 'mug', 'pins', 'desk-mat', 'poster', 'figure', 'parcel'] as const;
export type ProductArt = (typeof PRODUCT_ARTS)[number];

/** The product a cover key names, or null for a game's key (its art stays a scene). */
export function productArtOf(key: string): ProductArt | null {
  const match = /^peri-([a-z]+)-(.*)$/.exec(key);
  if (!match) return null;
  const [, category, rest] = match as unknown as [string, string, string];
  const byCategory: Record<string, ProductArt> = { keyboards: 'keyboard', mice: 'mouse', audio: 'headset', controllers: 'controller' };
  if (byCategory[category]) return byCategory[category];
  const byWord: ReadonlyArray<readonly [RegExp, ProductArt]> = [
    [/hoodie|shirt|tee|jacket/, 'hoodie'], [/mug|cup/, 'mug'], [/pin|badge/, 'pins'], [/mat|pad/, 'desk-mat'],
    [/poster|print/, 'poster'], [/figure|statue/, 'figure'],
  ];
  return byWord.find(([word]) => word.test(rest))?.[1] ?? 'parcel';
}

/** The colours a drawing uses: the body, its lit edge, a detail colour and the cover's accent. */
export interface Ink {
  body: string;
  edge: string;
  detail: string;
  accent: string;
}

const lanternMark = (cx: number, cy: number, r: number, ink: Ink) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${ink.accent}"/>` +
  `<rect x="${cx - r * 0.45}" y="${cy - r * 1.35}" width="${r * 0.9}" height="${r * 0.4}" rx="${r * 0.12}" fill="${ink.accent}"/>` +
  `<path d="M${cx} ${cy - r} C${cx - r * 0.55} ${cy - r * 0.4} ${cx - r * 0.55} ${cy + r * 0.4} ${cx} ${cy + r} C${cx + r * 0.55} ${cy + r * 0.4} ${cx + r * 0.55} ${cy - r * 0.4} ${cx} ${cy - r}Z" fill="none" stroke="${ink.body}" stroke-width="${r * 0.12}" opacity=".55"/>`;

function keyboard(ink: Ink): string {
  let keys = '';
  const rows = [14, 13, 12, 11];
  rows.forEach((count, row) => {
    const width = 88 / 14;
    const start = 6 + (14 - count) * width * 0.5;
    for (let i = 0; i < count; i++) {
      const lit = (row + i) % 5 === 0;
      keys += `<rect x="${(start + i * width).toFixed(1)}" y="${38 + row * 7}" width="${(width - 1.2).toFixed(1)}" height="5.6" rx="1" fill="${lit ? ink.accent : ink.detail}" opacity="${lit ? 0.9 : 1}"/>`;
    }
  });
  keys += `<rect x="30" y="66" width="40" height="5.6" rx="1" fill="${ink.detail}"/>`;
  return (
    `<rect x="2" y="33" width="96" height="43" rx="5" fill="${ink.body}" stroke="${ink.edge}" stroke-width="1.2"/>` +
    `<rect x="4" y="74" width="92" height="2.5" rx="1.2" fill="${ink.accent}" opacity=".8"/>` +
    keys
  );
}

function mouse(ink: Ink): string {
  return (
    `<path d="M50 4 C50 -6 56 -10 64 -16" fill="none" stroke="${ink.detail}" stroke-width="2"/>` +
    `<path d="M50 6 C73 6 80 30 80 56 C80 82 67 96 50 96 C33 96 20 82 20 56 C20 30 27 6 50 6Z" fill="${ink.body}" stroke="${ink.edge}" stroke-width="1.4"/>` +
    `<path d="M50 6 L50 40 M21 40 C35 44 65 44 79 40" fill="none" stroke="${ink.detail}" stroke-width="1.4"/>` +
    `<rect x="46.5" y="15" width="7" height="15" rx="3.5" fill="${ink.accent}"/>` +
    `<path d="M22 58 C22 74 30 86 40 91" fill="none" stroke="${ink.accent}" stroke-width="2.2" stroke-linecap="round" opacity=".85"/>`
  );
}

function headset(ink: Ink): string {
  return (
    `<path d="M18 62 C16 16 84 16 82 62" fill="none" stroke="${ink.body}" stroke-width="8" stroke-linecap="round"/>` +
    `<path d="M18 62 C16 16 84 16 82 62" fill="none" stroke="${ink.edge}" stroke-width="1.2" opacity=".7"/>` +
    `<rect x="8" y="52" width="20" height="34" rx="8" fill="${ink.body}" stroke="${ink.edge}" stroke-width="1.2"/>` +
    `<rect x="72" y="52" width="20" height="34" rx="8" fill="${ink.body}" stroke="${ink.edge}" stroke-width="1.2"/>` +
    `<rect x="24" y="56" width="6" height="26" rx="3" fill="${ink.detail}"/><rect x="70" y="56" width="6" height="26" rx="3" fill="${ink.detail}"/>` +
    `<circle cx="18" cy="69" r="4" fill="${ink.accent}"/><circle cx="82" cy="69" r="4" fill="${ink.accent}"/>` +
    `<path d="M14 82 C18 96 32 98 42 94" fill="none" stroke="${ink.detail}" stroke-width="2.4" stroke-linecap="round"/><circle cx="43" cy="93.5" r="3" fill="${ink.accent}"/>`
  );
}

function controller(ink: Ink): string {
  return (
    `<path d="M26 32 H74 C88 32 96 48 98 66 C100 84 90 92 81 85 L69 72 H31 L19 85 C10 92 0 84 2 66 C4 48 12 32 26 32Z" fill="${ink.body}" stroke="${ink.edge}" stroke-width="1.4"/>` +
    `<path d="M20 46 h6 v6 h6 v6 h-6 v6 h-6 v-6 h-6 v-6 h6Z" fill="${ink.detail}"/>` +
    `<circle cx="76" cy="46" r="3.4" fill="${ink.accent}"/><circle cx="83" cy="53" r="3.4" fill="${ink.detail}"/><circle cx="69" cy="53" r="3.4" fill="${ink.detail}"/><circle cx="76" cy="60" r="3.4" fill="${ink.detail}"/>` +
    `<circle cx="38" cy="62" r="6.5" fill="${ink.detail}" stroke="${ink.edge}" stroke-width="1"/><circle cx="62" cy="62" r="6.5" fill="${ink.detail}" stroke="${ink.edge}" stroke-width="1"/>` +
    `<rect x="44" y="40" width="12" height="4" rx="2" fill="${ink.accent}" opacity=".9"/>`
  );
}

function hoodie(ink: Ink): string {
  return (
    `<path d="M34 14 C38 3 62 3 66 14 L84 22 L98 62 L86 67 L78 46 L78 95 L22 95 L22 46 L14 67 L2 62 L16 22Z" fill="${ink.body}" stroke="${ink.edge}" stroke-width="1.4" stroke-linejoin="round"/>` +
    `<path d="M38 16 C40 30 60 30 62 16 C58 8 42 8 38 16Z" fill="${ink.detail}"/>` +
    `<path d="M45 27 L44 42 M55 27 L56 42" stroke="${ink.edge}" stroke-width="1.4" stroke-linecap="round"/>` +
    `<path d="M33 72 H67 L63 86 H37Z" fill="none" stroke="${ink.detail}" stroke-width="1.6"/>` +
    `<rect x="22" y="90" width="56" height="5" fill="${ink.detail}"/><rect x="78" y="60" width="8" height="3" transform="rotate(-22 82 61)" fill="${ink.detail}"/>` +
    lanternMark(50, 54, 6.5, ink)
  );
}

function mug(ink: Ink): string {
  return (
    `<path d="M38 18 C34 12 42 8 38 2 M50 18 C46 12 54 8 50 2 M62 18 C58 12 66 8 62 2" fill="none" stroke="${ink.edge}" stroke-width="1.6" stroke-linecap="round" opacity=".6"/>` +
    `<path d="M70 38 C90 36 92 74 70 72" fill="none" stroke="${ink.body}" stroke-width="8"/>` +
    `<rect x="20" y="24" width="52" height="68" rx="7" fill="${ink.body}" stroke="${ink.edge}" stroke-width="1.4"/>` +
    `<ellipse cx="46" cy="26" rx="24" ry="4" fill="${ink.detail}"/>` +
    lanternMark(46, 60, 10, ink)
  );
}

function pins(ink: Ink): string {
  return (
    `<circle cx="30" cy="38" r="20" fill="${ink.body}" stroke="${ink.accent}" stroke-width="3"/>` + lanternMark(30, 40, 8, ink) +
    `<path d="M72 14 L90 46 L54 46Z" fill="${ink.body}" stroke="${ink.edge}" stroke-width="3" stroke-linejoin="round"/><circle cx="72" cy="35" r="5" fill="${ink.accent}"/>` +
    `<path d="M52 62 L58 74 L72 76 L62 86 L64 99 L52 92 L40 99 L42 86 L32 76 L46 74Z" fill="${ink.accent}" stroke="${ink.edge}" stroke-width="2" stroke-linejoin="round"/>`
  );
}

function deskMat(ink: Ink): string {
  return (
    `<path d="M14 40 H96 L86 86 H4Z" fill="${ink.body}" stroke="${ink.edge}" stroke-width="1.4" stroke-linejoin="round"/>` +
    `<path d="M17 43 H92 L83 83 H8Z" fill="none" stroke="${ink.accent}" stroke-width="1" stroke-dasharray="2 1.6" opacity=".8"/>` +
    `<path d="M20 78 L40 56 L52 68 L64 52 L80 78Z" fill="${ink.detail}" opacity=".9"/>` +
    `<ellipse cx="76" cy="60" rx="5" ry="7" fill="${ink.detail}" stroke="${ink.edge}" stroke-width="1"/>`
  );
}

function poster(ink: Ink): string {
  return (
    `<g transform="rotate(-4 50 50)"><rect x="18" y="4" width="64" height="90" rx="1.5" fill="${ink.body}" stroke="${ink.edge}" stroke-width="1.4"/>` +
    `<rect x="23" y="9" width="54" height="62" fill="${ink.detail}"/>` +
    `<circle cx="60" cy="26" r="7" fill="${ink.accent}"/><path d="M23 71 L40 44 L52 58 L62 48 L77 71Z" fill="${ink.body}"/>` +
    `<rect x="26" y="78" width="48" height="4" rx="1" fill="${ink.edge}" opacity=".7"/><rect x="34" y="85" width="32" height="3" rx="1" fill="${ink.edge}" opacity=".45"/></g>`
  );
}

function figure(ink: Ink): string {
  return (
    `<ellipse cx="50" cy="92" rx="30" ry="6" fill="${ink.detail}" stroke="${ink.edge}" stroke-width="1"/>` +
    `<path d="M36 30 L22 86 H78 L64 30Z" fill="${ink.detail}" opacity=".85"/>` +
    `<path d="M40 30 H60 L64 62 L58 62 L56 88 H44 L42 62 L36 62Z" fill="${ink.body}" stroke="${ink.edge}" stroke-width="1.2"/>` +
    `<circle cx="50" cy="20" r="10" fill="${ink.body}" stroke="${ink.edge}" stroke-width="1.2"/>` +
    `<path d="M64 36 L78 20" stroke="${ink.edge}" stroke-width="2.4" stroke-linecap="round"/>` + lanternMark(80, 16, 4.5, ink)
  );
}

function parcel(ink: Ink): string {
  return (
    `<path d="M50 10 L90 28 L90 74 L50 92 L10 74 L10 28Z" fill="${ink.body}" stroke="${ink.edge}" stroke-width="1.4" stroke-linejoin="round"/>` +
    `<path d="M10 28 L50 46 L90 28 M50 46 V92" fill="none" stroke="${ink.detail}" stroke-width="1.6"/>` +
    `<path d="M30 19 L70 37 V52" fill="none" stroke="${ink.accent}" stroke-width="4"/>`
  );
}

const DRAW: Record<ProductArt, (ink: Ink) => string> = {
  keyboard, mouse, headset, controller, hoodie, mug, pins, 'desk-mat': deskMat, poster, figure, parcel,
};

/** The product's drawing in its 100 × 100 box. */
export function drawProduct(art: ProductArt, ink: Ink): string {
  return DRAW[art](ink);
}
