import { foreignLanguageOf, outlineHeadings } from '@lantern/domain';
import { useMemo } from 'react';
import { useLanguage } from '../../../lib/localize';
import { cn } from '../../../ui/cn';
import { LanguageTag } from '../../../ui/LanguageTag';

/**
 * Community rich text as the server stored it. Safe to render as HTML only because every write goes
 * through the server's one allowlist sanitiser (apps/server/src/modules/community/sanitize.ts): no script,
 * handler, style, frame or foreign image survives it. Never pass anything else here. Writing in the other
 * language than the page's is named above it and carries its `lang` (docs/product/community.md#languages).
 */
export function RichText({ html, className, headingTop = 2 }: { html: string; className?: string; headingTop?: number }) {
  // The page's own h1 is above the body: its headings start at `headingTop` and never skip a level
  // (docs/product/community.md#headings).
  const shown = useMemo(() => outlineHeadings(html, headingTop), [html, headingTop]);
  const foreign = foreignLanguageOf(textOf(html), useLanguage());
  const body = (
    <div
      lang={foreign ?? undefined}
      className={cn(
        'space-y-3 leading-relaxed text-fg [&_a]:text-accent [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-ink-600 [&_blockquote]:pl-3 [&_blockquote]:text-muted',
        '[&_code]:rounded [&_code]:bg-ink-800 [&_code]:px-1 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold [&_h5]:font-semibold [&_h6]:font-semibold [&_img]:max-w-full [&_img]:rounded-lg',
        '[&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-ink-800 [&_pre]:p-3 [&_ul]:list-disc [&_ul]:pl-6',
        className,
      )}
      dangerouslySetInnerHTML={{ __html: shown }}
    />
  );
  if (!foreign) return body;
  return (
    <>
      <LanguageTag language={foreign} className="mt-3" />
      {body}
    </>
  );
}

/** The words of stored rich text, for telling its language: tags and entities dropped. */
function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&[#\w]+;/g, ' ');
}
