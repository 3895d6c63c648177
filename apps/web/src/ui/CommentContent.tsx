import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'", '&nbsp;': ' ' };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (e) => ENTITIES[e] ?? e);

/**
 * A comment's content as the server stored it (docs/product/community.md#comment-content): escaped text,
 * `<br />` and `<a href="/users/{id}">@name</a>`. Read into React elements rather than set as HTML, so even
 * a stored value that slipped past the server's allowlist could only show as text.
 */
export function renderCommentContent(html: string): ReactNode[] {
  const out: ReactNode[] = [];
  const pattern = /<br\s*\/?>|<a href="\/users\/(\d+)">([^<]*)<\/a>/g;
  let last = 0;
  let key = 0;
  for (const m of html.matchAll(pattern)) {
    if (m.index > last) out.push(<Fragment key={key++}>{decode(html.slice(last, m.index).replace(/<[^>]*>/g, ''))}</Fragment>);
    if (m[1]) {
      out.push(
        <Link key={key++} to={`/users/${m[1]}`} className="text-accent hover:underline">
          {decode(m[2] ?? '')}
        </Link>,
      );
    } else out.push(<br key={key++} />);
    last = m.index + m[0].length;
  }
  if (last < html.length) out.push(<Fragment key={key++}>{decode(html.slice(last).replace(/<[^>]*>/g, ''))}</Fragment>);
  return out;
}

/** A comment's text without its markup (line breaks as spaces, mention links as their @name): for quoting it. */
export function commentPlainText(html: string): string {
  return decode(html.replace(/<br\s*\/?>/g, ' ').replace(/<[^>]*>/g, ''));
}

export function CommentContent({ html }: { html: string }) {
  return <p className="whitespace-pre-wrap break-words text-sm leading-relaxed text-fg">{renderCommentContent(html)}</p>;
}
