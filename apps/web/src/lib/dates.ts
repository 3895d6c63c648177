/**
 * The web's one way of writing dates and times (docs/product/screens.md#dates): every date the store shows goes
 * through here, so a page never mixes "Mar 12, 2026" with "3/12/2026", and the format is the page language's —
 * the site's, or the one the reader chose — never the browser's. Times are the reader's own clock.
 * Timestamps are whole seconds, as the API sends them.
 */
type Shape = 'date' | 'dateTime' | 'month';

const SHAPES: Record<Shape, Intl.DateTimeFormatOptions> = {
  /** "Mar 12, 2026" / "2026年3月12日" */
  date: { year: 'numeric', month: 'short', day: 'numeric' },
  /** "Mar 12, 2026, 14:05" / "2026年3月12日 14:05" (a 24-hour clock in both languages) */
  dateTime: { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  /** "March 2026" / "2026年3月" */
  month: { year: 'numeric', month: 'long' },
};

/** The page languages: anything else is written as the mainland site's Chinese. */
const localeOf = (language: string) => (language === 'en' ? 'en' : 'zh-CN');

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(shape: Shape, language: string): Intl.DateTimeFormat {
  const locale = localeOf(language);
  const key = `${shape}:${locale}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, SHAPES[shape]);
    formatters.set(key, f);
  }
  return f;
}

/** A day: "Mar 12, 2026" / "2026年3月12日". */
export const formatDate = (timestampSec: number, language: string) => formatter('date', language).format(timestampSec * 1000);

/** A day and its time: "Mar 12, 2026, 14:05" / "2026年3月12日 14:05". */
export const formatDateTime = (timestampSec: number, language: string) => formatter('dateTime', language).format(timestampSec * 1000);

/** A month: "March 2026" / "2026年3月". */
export const formatMonth = (timestampSec: number, language: string) => formatter('month', language).format(timestampSec * 1000);

/** The machine-readable form for `<time dateTime>`. */
export const isoDateTime = (timestampSec: number) => new Date(timestampSec * 1000).toISOString();

/**
 * Makes the language's day formatter ahead of the first render (a locale's first Intl formatter loads its data,
 * about 10 ms on a phone): start-up calls it in a task of its own (main.tsx).
 */
export const prepareDateFormats = (language: string) => void formatter('date', language);
