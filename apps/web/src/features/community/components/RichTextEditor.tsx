import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { ImageUploadButton } from '../../../ui/ImageUploadButton';
import Mention from '@tiptap/extension-mention';
import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';
import { cn } from '../../../ui/cn';
import { LinkIcon } from '../../../ui/icons';
import { searchMentions, type MentionUsers } from '../../../lib/mentions';

type MentionItem = MentionUsers[number];

/**
 * The @mention list: a small listbox under the caret, filled from GET /api/prefix_search as the writer
 * types. Plain DOM, because the suggestion plugin drives it outside React's tree.
 */
function mentionList(emptyText: string) {
  let root: HTMLUListElement | null = null;
  let selected = 0;
  let current: SuggestionProps<MentionItem> | null = null;
  const draw = () => {
    if (!root || !current) return;
    root.replaceChildren();
    if (current.items.length === 0) {
      const li = document.createElement('li');
      li.textContent = emptyText;
      li.className = 'px-3 py-1.5 text-sm text-muted';
      root.append(li);
    }
    current.items.forEach((user, i) => {
      const li = document.createElement('li');
      li.id = `mention-${user.id}`;
      li.setAttribute('role', 'option');
      li.setAttribute('aria-selected', String(i === selected));
      li.className = `cursor-pointer px-3 py-1.5 text-sm ${i === selected ? 'bg-accent/20 text-fg' : 'text-muted'}`;
      li.textContent = `@${user.nickname}`;
      li.addEventListener('mousedown', (e) => {
        e.preventDefault();
        current?.command({ id: String(user.id), label: user.nickname });
      });
      root!.append(li);
    });
    const rect = current.clientRect?.();
    if (rect) Object.assign(root.style, { left: `${rect.left + window.scrollX}px`, top: `${rect.bottom + window.scrollY + 4}px` });
  };
  return {
    onStart: (props: SuggestionProps<MentionItem>) => {
      current = props;
      selected = 0;
      root = document.createElement('ul');
      root.setAttribute('role', 'listbox');
      root.setAttribute('data-testid', 'mention-list');
      root.className = 'absolute z-50 min-w-40 overflow-hidden rounded-lg bg-ink-850 py-1 shadow-xl ring-1 ring-ink-600';
      document.body.append(root);
      draw();
    },
    onUpdate: (props: SuggestionProps<MentionItem>) => {
      current = props;
      selected = Math.min(selected, Math.max(0, props.items.length - 1));
      draw();
    },
    onKeyDown: ({ event }: SuggestionKeyDownProps) => {
      if (!current || current.items.length === 0) return false;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        selected = (selected + (event.key === 'ArrowDown' ? 1 : current.items.length - 1)) % current.items.length;
        draw();
        return true;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        const user = current.items[selected]!;
        current.command({ id: String(user.id), label: user.nickname });
        return true;
      }
      return event.key === 'Escape';
    },
    onExit: () => {
      root?.remove();
      root = null;
      current = null;
    },
  };
}

function ToolbarButton({ editor, label, active, onClick, children }: { editor: Editor; label: string; active: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" aria-label={label} title={label} aria-pressed={active} disabled={!editor.isEditable} onMouseDown={(e) => e.preventDefault()} onClick={onClick}
      className={cn('grid h-8 min-w-8 place-items-center rounded-md px-2 text-sm font-semibold', active ? 'bg-accent/20 text-accent' : 'text-muted hover:bg-ink-700 hover:text-fg')}>
      {children}
    </button>
  );
}

/**
 * The community's rich-text editor (TipTap, loaded only with the editor page): paragraphs, h2–h3, bold,
 * italic, strike, lists, quotes, code, links, our own uploaded images, and @mentions that become
 * `/users/{id}` links. The server sanitises whatever this produces (decisions/0016).
 */
export default function RichTextEditor({ initialHtml, onChange, label, purpose = 'post' }: { initialHtml: string; onChange: (html: string) => void; label: string; purpose?: 'post' | 'review' }) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, underline: false, link: { openOnClick: false, autolink: true, protocols: ['http', 'https'], HTMLAttributes: { rel: 'nofollow ugc' } } }),
      Image.configure({ inline: false }),
      Mention.configure({
        renderHTML: ({ node }) => ['a', { href: `/users/${node.attrs.id}`, 'data-mention': node.attrs.id }, `@${node.attrs.label ?? node.attrs.id}`],
        renderText: ({ node }) => `@${node.attrs.label ?? node.attrs.id}`,
        suggestion: {
          items: ({ query }) => searchMentions(query).catch(() => []),
          render: () => mentionList(t('community.no_mention')),
        },
      }),
    ],
    content: initialHtml,
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox', class: 'min-h-48 px-4 py-3 outline-none', 'data-testid': 'rich-text-input' } },
    onUpdate: ({ editor: e }) => onChange(e.getHTML()),
  });
  useEffect(() => () => editor?.destroy(), [editor]);
  if (!editor) return null;
  const link = () => {
    const href = window.prompt(t('community.link_prompt'), editor.getAttributes('link').href ?? 'https://');
    if (href === null) return;
    if (href.trim() === '') editor.chain().focus().unsetLink().run();
    else editor.chain().focus().setLink({ href: href.trim() }).run();
  };
  const tools: Array<[ReactNode, string, boolean, () => void]> = [
    ['H2', t('community.tool_h2'), editor.isActive('heading', { level: 2 }), () => editor.chain().focus().toggleHeading({ level: 2 }).run()],
    ['H3', t('community.tool_h3'), editor.isActive('heading', { level: 3 }), () => editor.chain().focus().toggleHeading({ level: 3 }).run()],
    ['B', t('community.tool_bold'), editor.isActive('bold'), () => editor.chain().focus().toggleBold().run()],
    ['I', t('community.tool_italic'), editor.isActive('italic'), () => editor.chain().focus().toggleItalic().run()],
    ['S', t('community.tool_strike'), editor.isActive('strike'), () => editor.chain().focus().toggleStrike().run()],
    ['•', t('community.tool_bullets'), editor.isActive('bulletList'), () => editor.chain().focus().toggleBulletList().run()],
    ['1.', t('community.tool_numbers'), editor.isActive('orderedList'), () => editor.chain().focus().toggleOrderedList().run()],
    ['“', t('community.tool_quote'), editor.isActive('blockquote'), () => editor.chain().focus().toggleBlockquote().run()],
    ['</>', t('community.tool_code'), editor.isActive('codeBlock'), () => editor.chain().focus().toggleCodeBlock().run()],
    [<LinkIcon key="link" className="size-4" />, t('community.tool_link'), editor.isActive('link'), link],
  ];
  return (
    <div className="overflow-hidden rounded-[var(--radius-card)] bg-ink-900 ring-1 ring-ink-700 focus-within:ring-accent/60">
      <div role="toolbar" aria-label={t('community.toolbar')} className="flex flex-wrap gap-0.5 border-b border-ink-700 p-1">
        {tools.map(([text, name, active, run]) => <ToolbarButton key={name} editor={editor} label={name} active={active} onClick={run}>{text}</ToolbarButton>)}
        {/* Our own uploads only: the server's sanitiser keeps no other image (decisions/0016). */}
        <ImageUploadButton purpose={purpose} hint="screen-reader" className="ml-auto" onUploaded={(r) => editor.chain().focus().setImage({ src: r.url }).run()} />
      </div>
      <EditorContent editor={editor} className="text-fg [&_.ProseMirror_a]:text-accent [&_.ProseMirror_blockquote]:border-l-4 [&_.ProseMirror_blockquote]:border-ink-600 [&_.ProseMirror_blockquote]:pl-3 [&_.ProseMirror_h2]:text-xl [&_.ProseMirror_h2]:font-bold [&_.ProseMirror_h3]:text-lg [&_.ProseMirror_h3]:font-semibold [&_.ProseMirror_ol]:list-decimal [&_.ProseMirror_ol]:pl-6 [&_.ProseMirror_p]:my-2 [&_.ProseMirror_pre]:rounded [&_.ProseMirror_pre]:bg-ink-800 [&_.ProseMirror_pre]:p-2 [&_.ProseMirror_ul]:list-disc [&_.ProseMirror_ul]:pl-6" />
    </div>
  );
}
