import sanitizeHtml from 'sanitize-html';

/**
 * The one sanitiser of community rich text (docs/product/community.md#rich-text). Whatever the client sends,
 * what is stored is rebuilt from an allowlist: paragraphs, h2–h3, bold/italic/strike, lists, blockquote,
 * code, links (http(s) or same-site paths, always `rel="nofollow ugc"`), images only from our own
 * `/uploads/` paths, and @mention links to `/users/{id}`. Everything else — scripts, styles, event handlers,
 * iframes, SVG, `javascript:` and `data:` URLs — is dropped, with the text of unknown tags kept.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h2', 'h3', 'strong', 'b', 'em', 'i', 's', 'del', 'strike', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'a', 'img', 'hr'],
  allowedAttributes: {
    a: ['href', 'rel', 'target', 'data-mention'],
    img: ['src', 'alt', 'width', 'height'],
  },
  // Relative URLs are judged by the transforms below; only these schemes survive at all.
  allowedSchemes: ['http', 'https'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The contents of these are never text a reader wrote: dropped whole.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'iframe', 'object', 'embed', 'template', 'title'],
  transformTags: {
    b: 'strong',
    i: 'em',
    del: 's',
    strike: 's',
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = safeHref(attribs.href);
      if (href === null) return { tagName: 'a', attribs: {} };
      const mention = /^\/users\/(\d{1,18})$/.exec(href);
      const attribs2: Record<string, string> = mention ? { href, 'data-mention': mention[1]!, rel: 'nofollow ugc' } : { href, rel: 'nofollow ugc' };
      if (!mention && !href.startsWith('/')) attribs2.target = '_blank';
      return { tagName: 'a', attribs: attribs2 };
    },
    img: (tagName, attribs): sanitizeHtml.Tag => {
      const src = uploadSrc(attribs.src);
      if (src === null) return { tagName: 'img', attribs: {} };
      const dims = Object.fromEntries((['width', 'height'] as const).filter((k) => /^\d{1,4}$/.test(attribs[k] ?? '')).map((k) => [k, attribs[k]!]));
      return { tagName: 'img', attribs: { src, alt: (attribs.alt ?? '').slice(0, 200), ...dims } };
    },
  },
  // A link left without an href and an image without a src say nothing: removed (a link keeps its text).
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** An http(s) URL or a same-site absolute path; anything else (javascript:, data:, //host, tricks) is null. */
function safeHref(raw: string | undefined): string | null {
  if (!raw) return null;
  const href = raw.trim();
  if (/^\/(?![/\\])[^\s]*$/.test(href)) return href;
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Our own upload path (`/uploads/…`, no way out of it), or null: images from anywhere else are dropped. */
function uploadSrc(raw: string | undefined): string | null {
  if (!raw) return null;
  const src = raw.trim();
  if (!/^\/uploads\/[A-Za-z0-9._~\-/]+$/.test(src) || src.includes('..') || src.includes('//')) return null;
  return src;
}

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).replace(/<a>([\s\S]*?)<\/a>/g, '$1').trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The text a reader sees in sanitised HTML, for length checks, excerpts and search. */
export function plainTextOf(safeHtml: string): string {
  const text = sanitizeHtml(safeHtml.replace(/<\/(p|h2|h3|li|blockquote|pre)>|<br\s*\/?>/g, '$& '), { allowedTags: [], allowedAttributes: {} });
  return text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => ENTITIES[e]!).replace(/\s+/g, ' ').trim();
}

/** The ids of accounts @mentioned in sanitised HTML. */
export function mentionedIds(safeHtml: string): number[] {
  return [...new Set([...safeHtml.matchAll(/data-mention="(\d{1,18})"/g)].map((m) => Number(m[1])))];
}
