import { foreignLanguageOf, type Language } from '@lantern/domain';
import type { FirstReadPage } from './first-reads.ts';
import { TALKS_PAGE_TEXTS } from './site-texts.ts';

/**
 * The first screen of a game, post, headline, group or talks page drawn by the server from the guest's answer of the
 * page's first read (web/first-reads.ts), so the page's largest paint happens when the HTML and its picture
 * arrive rather than after the app's code has booted (docs/decisions/0045-server-drawn-first-screens.md).
 *
 * It is a picture of the top of the page, not the page: `aria-hidden`, no links or buttons, and replaced by the
 * app's own render (which reads the same answer from the page, so it draws at once). Its boxes use the classes
 * of the app's components (named at each part) so the title, the lead picture and the first paragraph are drawn
 * at the size and place the app then draws them in: the app's copies are no larger, so the largest paint stays
 * the server's, and nothing moves.
 */
export interface DrawnScreen {
  /** The picture the screen is led by, preloaded from the head at high priority. */
  image: string | null;
  /** The HTML for #root, after the shell's header. */
  root: string;
}

type Localized = { chs?: string; en?: string } | null | undefined;
type Answer = Record<string, unknown>;

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (value: string) => escapeText(value).replace(/"/g, '&quot;');
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const obj = (value: unknown): Answer => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Answer) : {});
/** The web's pickText (lib/localize.ts): the language's own text, else the other. */
const pick = (text: Localized, language: Language) => {
  const t = obj(text);
  return (language === 'en' ? str(t.en) : str(t.chs)) || str(t.en) || str(t.chs);
};

/** The text of a rich-text body's first paragraph as HTML text (tags dropped, entities kept), when it opens with one. */
export function firstParagraph(html: string): string | null {
  const match = /^\s*<p(?:\s[^>]*)?>([\s\S]*?)<\/p>/i.exec(html);
  if (!match) return null;
  // Tags dropped; any `<` or `>` left (none in sanitized HTML) escaped, so the text can only ever be text.
  const text = match[1]!.replace(/<[^>]*>/g, '').replace(/</g, '&lt;').replace(/>/g, '&gt;').trim();
  return text === '' ? null : text;
}

/**
 * The text of each opening paragraph of a rich-text body (up to `max`), as HTML text, as firstParagraph does; stops
 * at the first block that is not a paragraph.
 */
export function leadingParagraphs(html: string, max: number): string[] {
  const out: string[] = [];
  let rest = html;
  while (out.length < max) {
    const match = /^\s*<p(?:\s[^>]*)?>([\s\S]*?)<\/p>/i.exec(rest);
    if (!match) break;
    const text = firstParagraph(match[0]);
    if (text !== null) out.push(text);
    rest = rest.slice(match[0].length);
  }
  return out;
}

/** Layout.tsx's <main>: the page's frame below the header. */
const frame = (inner: string) => `<main class="min-h-[calc(100dvh-4rem)] flex-1" aria-hidden="true" data-first-screen="">${inner}</main>`;
/** A breadcrumb's line, drawn empty: the title and picture below it stand where the app draws them. */
const crumbLine = (classes: string) => `<div class="${classes}">&nbsp;</div>`;
/** ui/Cover.tsx's horizontal cover. */
const cover = (src: string, extra = '') =>
  `<img src="${escapeAttr(src)}" alt="" width="920" height="430" fetchpriority="high" decoding="sync" class="block w-full bg-ink-800 object-cover aspect-[92/43]${extra}">`;

function skuScreen(answer: Answer, id: string, language: Language): DrawnScreen | null {
  // A SKU asked for by another SKU's id answers its product's first SKU: the app moves to that page.
  if (String(answer.id) !== id) return null;
  const profile = obj(obj(answer.edition_profile).edition_details);
  const own = obj(language === 'en' ? profile.en : profile.chs);
  const details = str(own.title) ? own : obj(profile.default);
  const name = pick(answer.sku_names as Localized, language);
  const media = Array.isArray(details.media) ? (details.media as Answer[]) : [];
  const image = str(media.find((m) => obj(m).kind === 'image')?.url) || str(obj(answer.sku_covers).horizontal) || null;
  const headline = str(details.headline);
  // SkuPage.tsx: the title block, then the gallery's main picture (Gallery.tsx) in the page's grid.
  const root = frame(
    `<div class="mx-auto max-w-7xl px-4 pb-4 pt-5 sm:px-6 sm:pt-8">${crumbLine('mb-3 text-sm text-muted')}` +
      `<div class="flex flex-wrap items-center gap-2"><div class="text-2xl font-black tracking-tight text-fg sm:text-4xl">${escapeText(name)}</div></div>` +
      (headline ? `<p class="mt-2 max-w-3xl text-muted">${escapeText(headline)}</p>` : '') +
      `<div class="mt-5 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1.75fr)_minmax(0,1fr)] lg:grid-rows-[auto_1fr] lg:gap-x-8 lg:gap-y-4"><div class="min-w-0 lg:col-start-1 lg:row-start-1">` +
      (image ? `<div class="relative block w-full overflow-hidden rounded-xl ring-1 ring-ink-700">${cover(image)}</div>` : '') +
      `</div></div></div>`,
  );
  return { image, root };
}

function postScreen(answer: Answer): DrawnScreen | null {
  const post = obj(answer.post);
  const title = str(post.title);
  // A post that opens with a notice, not its text (a blocked author's), never reaches a guest; an untitled one
  // (a short post) is led by its text, which the app draws from its own parts: nothing drawn for it.
  if (!title || answer.author_blocked === true) return null;
  // PostPage.tsx: the article, its breadcrumb and badges' lines, then the title.
  const root = frame(
    `<div class="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">${crumbLine('mb-4 text-sm text-muted')}` +
      `<div class="mt-3 text-2xl font-black tracking-tight text-fg sm:text-3xl">${escapeText(title)}</div></div>`,
  );
  return { image: null, root };
}

function headlineScreen(answer: Answer): DrawnScreen | null {
  const title = str(answer.title);
  if (!title) return null;
  const image = str(answer.cover_url) || null;
  const paragraph = firstParagraph(str(answer.content));
  // HeadlinePage.tsx and HeadlineArticle.tsx: breadcrumb, title, summary, by-line, cover, then the body.
  const root = frame(
    `<div class="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10">${crumbLine('mb-4 flex flex-wrap gap-1 text-sm text-muted')}` +
      `<div class="text-2xl font-black leading-tight tracking-tight text-fg sm:text-4xl">${escapeText(title)}</div>` +
      (str(answer.summary) ? `<p class="mt-3 text-base text-muted sm:text-lg">${escapeText(str(answer.summary))}</p>` : '') +
      `<div class="mt-4 flex items-center gap-3"><div class="size-8 shrink-0"></div><div class="min-w-0"><div class="font-semibold text-fg">&nbsp;</div><p class="text-xs text-subtle">&nbsp;</p></div></div>` +
      (image ? `<img src="${escapeAttr(image)}" alt="" width="1200" height="675" fetchpriority="high" class="block aspect-video w-full bg-ink-800 object-cover mt-6 rounded-2xl">` : '') +
      // The paragraph's text as the page shows it: entities already escaped by the server's sanitizer.
      (paragraph ? `<div class="space-y-3 leading-relaxed text-fg mt-6"><p>${paragraph}</p></div>` : '') +
      `</div>`,
  );
  return { image, root };
}

function groupScreen(answer: Answer, language: Language): DrawnScreen | null {
  const name = pick(answer.name as Localized, language);
  if (!name) return null;
  const image = str(obj(answer.community_game).cover) || null;
  // GroupPage.tsx: breadcrumb, then the header: the game's cover beside (on a phone: above) the name and summary.
  const root = frame(
    `<div class="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-10">${crumbLine('mb-4 text-sm text-muted')}` +
      `<div class="${image ? 'grid gap-6 md:grid-cols-[minmax(0,22rem)_1fr]' : ''}">` +
      (image ? `<div class="block overflow-hidden rounded-[var(--radius-card)] ring-1 ring-ink-700">${cover(image)}</div>` : '') +
      `<div class="min-w-0"><div class="text-2xl font-black tracking-tight text-fg sm:text-3xl">${escapeText(name)}</div>` +
      `<p class="mt-2 text-muted">${escapeText(pick(answer.summary as Localized, language))}</p></div></div></div>`,
  );
  return { image, root };
}

/** How many talks the talks page's first screen draws: what a phone's first screen shows, and a little more. */
export const TALKS_DRAWN = 3;

/** RichText.tsx's body: the talk's paragraphs, with the language tag the app puts above writing in the other language. */
function talkBody(html: string, language: Language, classes: string): string {
  const paragraphs = leadingParagraphs(html, 6);
  if (paragraphs.length === 0) return '';
  const foreign = foreignLanguageOf(html.replace(/<[^>]*>/g, ' ').replace(/&[#\w]+;/g, ' '), language);
  // ui/LanguageTag.tsx: drawn empty, the box only (its words are the app's).
  const tag = foreign ? `<span class="inline-flex items-center rounded bg-ink-700 px-1.5 py-0.5 text-[11px] font-semibold text-muted mt-3">&nbsp;</span>` : '';
  return `${tag}<div${foreign ? ` lang="${foreign}"` : ''} class="space-y-3 leading-relaxed text-fg ${classes}">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</div>`;
}

/** TalkCard.tsx: the author, the words, the original a forward carries; the date and the counts' line drawn empty. */
function talkCard(talk: Answer, language: Language): string {
  const account = obj(talk.account);
  const name = str(account.nickname);
  const avatarUrl = str(account.avatar_url);
  // ui/PostCard.tsx's Avatar, at its `md` size.
  const avatar = avatarUrl
    ? `<img src="${escapeAttr(avatarUrl)}" alt="" class="shrink-0 rounded-full object-cover size-10">`
    : `<span class="grid shrink-0 place-items-center rounded-full bg-ink-700 font-bold text-fg size-10 text-sm">${escapeText(([...name][0] ?? '?').toUpperCase())}</span>`;
  const forward = talk.forward ? obj(talk.forward) : null;
  const forwardBox = !forward
    ? ''
    : `<div class="mt-3 rounded-lg bg-ink-900 p-3 ring-1 ring-ink-700">` +
      (forward.deleted === true || forward.author_blocked === true
        ? `<p class="text-sm text-muted">&nbsp;</p>`
        : `<div class="inline-flex min-h-6 items-center text-sm font-semibold text-fg">@${escapeText(str(obj(forward.account).nickname))}</div>${talkBody(str(forward.content), language, 'mt-1 text-sm')}`) +
      `</div>`;
  return (
    `<li><div class="rounded-[var(--radius-card)] bg-ink-850 p-4 ring-1 ring-ink-700 sm:p-5">` +
    `<div class="flex items-center gap-3">${avatar}<div class="min-w-0"><div class="inline-flex min-h-6 items-center font-semibold text-fg">${escapeText(name || '\u00a0')}</div><p class="text-xs text-subtle"><span class="inline-flex min-h-6 items-center">&nbsp;</span></p></div></div>` +
    talkBody(str(talk.content), language, 'mt-3 text-[15px]') +
    forwardBox +
    `<div class="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted"><span class="h-8">&nbsp;</span></div>` +
    `</div></li>`
  );
}

function talksScreen(answer: Answer, language: Language): DrawnScreen | null {
  const talks = Array.isArray(answer.talks) ? (answer.talks as unknown[]).map(obj) : [];
  // An empty list is the app's "no talks yet": nothing worth drawing before it.
  if (talks.length === 0) return null;
  const texts = TALKS_PAGE_TEXTS[language];
  // TalksPage.tsx for a guest: breadcrumb, title, tagline, the two tabs (everyone's chosen), then the list.
  const tab = (label: string, on: boolean) =>
    `<li class="flex-1"><div class="flex h-9 items-center justify-center gap-1.5 whitespace-nowrap rounded-lg px-3 text-sm font-medium ${on ? 'bg-ink-700 text-fg shadow' : 'text-muted'}">${escapeText(label)}</div></li>`;
  const root = frame(
    `<div class="mx-auto max-w-3xl px-4 py-6 sm:px-6 sm:py-10"><div class="mb-3 text-sm text-muted">${escapeText(texts.community)}</div>` +
      `<div class="text-2xl font-black tracking-tight text-fg sm:text-3xl">${escapeText(texts.title)}</div>` +
      `<p class="mt-1 text-muted">${escapeText(texts.tagline)}</p>` +
      `<div class="-mx-3 overflow-x-auto px-3 sm:mx-0 sm:px-0 mt-6"><ul class="flex w-max min-w-full gap-1 rounded-xl bg-ink-900 p-1 ring-1 ring-inset ring-ink-700 sm:w-auto">${tab(texts.everyone, true)}${tab(texts.recommended, false)}</ul></div>` +
      `<div class="mt-5"><ul class="space-y-3">${talks.slice(0, TALKS_DRAWN).map((talk) => talkCard(talk, language)).join('')}</ul></div></div>`,
  );
  return { image: null, root };
}

/** The first screen of a page from its first read's answer, or null when the answer does not make one. */
export function drawFirstScreen(page: FirstReadPage, json: string, id: string, language: Language): DrawnScreen | null {
  let answer: Answer;
  try {
    answer = obj(JSON.parse(json));
  } catch {
    return null;
  }
  if (page === 'sku') return skuScreen(answer, id, language);
  if (page === 'post') return postScreen(answer);
  if (page === 'headline') return headlineScreen(answer);
  if (page === 'talks') return talksScreen(answer, language);
  return groupScreen(answer, language);
}
