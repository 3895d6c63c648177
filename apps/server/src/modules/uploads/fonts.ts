import { execFileSync } from 'node:child_process';

/** The font families fontconfig offers for Chinese, best first; asked once per process. */
let cjkFamilies: string[] | undefined;

/**
 * The CJK font family the watermark draws Chinese with (decisions/0020): a Noto Sans CJK SC when fonts-noto-cjk
 * is installed (CI installs it), else any family fontconfig lists for Chinese, else null — and the watermark
 * falls back to Latin text, which every server draws. sharp renders SVG text through librsvg and fontconfig,
 * so fontconfig's own list is the truth of what it can draw.
 */
export function cjkFontFamily(): string | null {
  cjkFamilies ??= listCjkFamilies();
  return cjkFamilies[0] ?? null;
}

function listCjkFamilies(): string[] {
  let out: string;
  try {
    out = execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8', timeout: 5_000, stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    // No fontconfig tools: assume no CJK font (Latin text draws anywhere).
    return [];
  }
  const families = [...new Set(out.split('\n').flatMap((line) => line.split(',')).map((f) => f.trim()).filter(Boolean))];
  const rank = (f: string) => (/Sans CJK SC/i.test(f) ? 0 : /Sans.*(SC|CN)/i.test(f) ? 1 : /CJK SC/i.test(f) ? 2 : /CJK/i.test(f) ? 3 : 4);
  return families.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}
