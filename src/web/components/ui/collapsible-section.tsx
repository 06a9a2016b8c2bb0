import { useId, useState, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons.tsx';

interface CollapsibleSectionProps {
  title: string;
  children: ReactNode;
  className?: string;
  titleClassName?: string;
}

/**
 * A titled section that folds away behind its title (a disclosure button with aria-expanded) below
 * 640 px and is always open from there up. The width is left to CSS, so the server's HTML and the
 * browser's first render agree whatever the screen.
 */
export function CollapsibleSection({ title, children, className = '', titleClassName = '' }: CollapsibleSectionProps) {
  const [open, setOpen] = useState(false);
  const contentId = useId();
  return (
    <section className={className}>
      <h2 className={titleClassName}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={contentId}
          onClick={() => setOpen(!open)}
          className="flex w-full items-center justify-between gap-2 py-3 text-start focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current sm:hidden"
        >
          {title}
          <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
        <span className="hidden sm:inline">{title}</span>
      </h2>
      <div id={contentId} className={open ? '' : 'max-sm:hidden'}>
        {children}
      </div>
    </section>
  );
}
