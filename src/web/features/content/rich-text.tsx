import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/** Looks for the few elements the server lets through its allow-list (headings, lists, quotes, code, images, links). */
const richTextClass = [
  'max-w-3xl text-base leading-7 text-slate-700',
  '[&_p]:my-4',
  '[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900',
  '[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_h4]:mt-5 [&_h4]:mb-2 [&_h4]:font-semibold [&_h4]:text-slate-900',
  '[&_ul]:my-4 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:ps-6 [&_li]:my-1',
  '[&_a]:font-medium [&_a]:text-primary-800 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-primary-900',
  '[&_blockquote]:my-6 [&_blockquote]:border-s-4 [&_blockquote]:border-primary-300 [&_blockquote]:ps-4 [&_blockquote]:italic [&_blockquote]:text-slate-800',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-sm',
  '[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-slate-900 [&_pre]:p-4 [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg',
  '[&_hr]:my-8 [&_hr]:border-slate-200',
].join(' ');

/**
 * A post's or page's body. `html` must be the server's `content_html`: the server sanitises it
 * against an allow-list, which is why this is the one place the storefront renders markup.
 * Links to the store's own pages navigate inside the app instead of reloading it.
 */
export function RichText({ html }: { html: string }) {
  const navigate = useNavigate();

  const followInternalLink = (event: MouseEvent<HTMLDivElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest('a');
    if (!link?.href) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    void navigate(`${url.pathname}${url.search}${url.hash}`);
  };

  return <div dir="auto" onClick={followInternalLink} className={richTextClass} dangerouslySetInnerHTML={{ __html: html }} />;
}
