import { useId, useState, type ReactNode } from 'react';
import { ChevronDownIcon } from './icons.tsx';

interface CollapsibleSectionProps {
  title: string;
  /** When false the section is always open and its title is a plain heading. */
  collapsible: boolean;
  children: ReactNode;
  className?: string;
  titleClassName?: string;
}

/** A titled section that can fold away behind its title (a disclosure button with aria-expanded). */
export function CollapsibleSection({ title, collapsible, children, className = '', titleClassName = '' }: CollapsibleSectionProps) {
  const [open, setOpen] = useState(false);
  const contentId = useId();
  const shown = !collapsible || open;
  return (
    <section className={className}>
      <h2 className={titleClassName}>
        {collapsible ? (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={contentId}
            onClick={() => setOpen(!open)}
            className="flex w-full items-center justify-between gap-2 py-3 text-start focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
          >
            {title}
            <ChevronDownIcon className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
          </button>
        ) : (
          title
        )}
      </h2>
      <div id={contentId} hidden={!shown}>
        {children}
      </div>
    </section>
  );
}
