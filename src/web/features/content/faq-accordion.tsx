import { useId, useState } from 'react';
import type { Faq } from '../../../shared/content.contract.ts';
import { ChevronDownIcon } from '../../components/ui/icons.tsx';

function FaqItem({ faq }: { faq: Faq }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <li className="border-b border-slate-200 last:border-b-0">
      <h3>
        <button
          type="button"
          id={`${id}-question`}
          aria-expanded={open}
          aria-controls={`${id}-answer`}
          onClick={() => setOpen(!open)}
          className="flex w-full items-center justify-between gap-4 px-4 py-4 text-start font-medium text-slate-900 hover:text-primary-800 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-700"
        >
          <span dir="auto">{faq.question}</span>
          <ChevronDownIcon className={`size-5 shrink-0 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`} />
        </button>
      </h3>
      <div id={`${id}-answer`} role="region" aria-labelledby={`${id}-question`} hidden={!open} dir="auto" className="px-4 pb-4 text-start whitespace-pre-line text-slate-700">
        {faq.answer}
      </div>
    </li>
  );
}

/** Questions that open to their answers (WAI-ARIA accordion: a button per heading, each opens on its own). */
export function FaqAccordion({ faqs }: { faqs: Faq[] }) {
  return (
    <ul className="rounded-lg border border-slate-200 bg-white">
      {faqs.map((faq) => (
        <FaqItem key={faq.id} faq={faq} />
      ))}
    </ul>
  );
}
