import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { secondaryButtonClass, textButtonClass } from '../../../client/ui/button-styles.ts';
import { inputClass } from '../../ui/form.tsx';

export interface RichTextEditorProps {
  /** The id of the text that names it. */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  /** HTML; an empty editor is ''. */
  value: string;
  onChange(html: string): void;
  onBlur(): void;
  dir?: 'rtl';
  /** Shown, not edited (a person who may read but not write it): no toolbar. */
  readOnly?: boolean;
}

/** The elements the server keeps, shown as the storefront shows them (Tailwind's reset flattens them). */
const contentClass = [
  'h-auto min-h-32 py-2 leading-6',
  '[&_p]:my-2 [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:mb-1 [&_h3]:font-semibold',
  '[&_ul]:my-2 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:ps-6 [&_li_p]:my-0',
  '[&_a]:text-primary-800 [&_a]:underline [&_strong]:font-semibold [&_blockquote]:border-s-4 [&_blockquote]:border-slate-300 [&_blockquote]:ps-3',
].join(' ');

/** A text is empty as the form sees it when nothing was written: '' rather than an empty paragraph. */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML());

/**
 * A description's editor: paragraphs, bold, italic, headings 2 and 3, lists and links, which is what
 * the server keeps of rich text (`sanitizeRichText`); strike and underline would be dropped, so
 * they are left out. Loaded only when a form shows it (`rich-text-field.tsx`).
 */
export default function RichTextEditor({ labelledBy, describedBy, invalid, value, onChange, onBlur, dir, readOnly = false }: RichTextEditorProps) {
  const attributes = {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelledBy,
    ...(describedBy && { 'aria-describedby': describedBy }),
    ...(invalid && { 'aria-invalid': 'true' }),
    ...(dir && { dir }),
    ...(readOnly && { 'aria-readonly': 'true' }),
    class: `${inputClass} ${contentClass}`,
  };
  // Without deps, each render hands the editor these options: an error's attributes follow, its undo history stays.
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        strike: false,
        underline: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto', 'tel'], HTMLAttributes: { target: null, rel: 'noopener noreferrer' } },
      }),
    ],
    content: value,
    editable: !readOnly,
    editorProps: { attributes },
    onUpdate: ({ editor: changed }) => onChange(htmlOf(changed)),
    onBlur,
  });

  // A value from outside (the form reset to the saved product) replaces what the editor shows.
  useEffect(() => {
    if (!editor.isDestroyed && value !== htmlOf(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="flex flex-col gap-1">
      {!readOnly && <Toolbar editor={editor} labelledBy={labelledBy} />}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor, labelledBy }: { editor: Editor; labelledBy: string }) {
  const { t } = useTranslation();
  const [linking, setLinking] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      heading2: current.isActive('heading', { level: 2 }),
      heading3: current.isActive('heading', { level: 3 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div className="flex flex-col gap-2">
      <div role="toolbar" aria-labelledby={labelledBy} className="flex flex-wrap gap-1">
        <ToolButton label={t('Bold')} pressed={state.bold} onClick={() => chain().toggleBold().run()}>
          <strong>B</strong>
        </ToolButton>
        <ToolButton label={t('Italic')} pressed={state.italic} onClick={() => chain().toggleItalic().run()}>
          <em>I</em>
        </ToolButton>
        <ToolButton label={t('Heading 2')} pressed={state.heading2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          H2
        </ToolButton>
        <ToolButton label={t('Heading 3')} pressed={state.heading3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
          H3
        </ToolButton>
        <ToolButton label={t('Bulleted list')} pressed={state.bulletList} onClick={() => chain().toggleBulletList().run()}>
          •
        </ToolButton>
        <ToolButton label={t('Numbered list')} pressed={state.orderedList} onClick={() => chain().toggleOrderedList().run()}>
          1.
        </ToolButton>
        <ToolButton label={t('Link')} pressed={state.link || linking} onClick={() => setLinking((open) => !open)}>
          🔗
        </ToolButton>
        <ToolButton label={t('Undo')} disabled={!state.canUndo} onClick={() => chain().undo().run()}>
          ↶
        </ToolButton>
        <ToolButton label={t('Redo')} disabled={!state.canRedo} onClick={() => chain().redo().run()}>
          ↷
        </ToolButton>
      </div>
      {linking && <LinkForm editor={editor} onDone={() => setLinking(false)} />}
    </div>
  );
}

function ToolButton({ label, pressed, disabled, onClick, children }: { label: string; pressed?: boolean; disabled?: boolean; onClick(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-9 items-center justify-center rounded-md border border-slate-300 bg-white text-sm text-slate-800 hover:border-primary-700 focus-visible:outline-2 focus-visible:outline-primary-700 disabled:text-slate-400 aria-pressed:bg-primary-50 aria-pressed:text-primary-900"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

/** The address of the selected text's link; an empty one removes the link. */
function LinkForm({ editor, onDone }: { editor: Editor; onDone(): void }) {
  const { t } = useTranslation();
  const [address, setAddress] = useState(() => String(editor.getAttributes('link').href ?? ''));
  const apply = () => {
    const href = address.trim();
    if (href) editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    else editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onDone();
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        type="url"
        dir="ltr"
        aria-label={t('Link address')}
        placeholder="https://"
        value={address}
        onChange={(event) => setAddress(event.target.value)}
        onKeyDown={(event) => {
          // Enter sets the link; the product's form around it is not submitted.
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onDone();
          }
        }}
        className={`${inputClass} max-w-80`}
      />
      <button type="button" onClick={apply} className={secondaryButtonClass}>
        {t('Apply link')}
      </button>
      <button type="button" onClick={onDone} className={textButtonClass}>
        {t('Cancel')}
      </button>
    </div>
  );
}
