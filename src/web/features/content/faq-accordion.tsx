import { useId, useState } from 'react';
import type { Faq } from '../../../shared/content.contract.ts';
import { ChevronDownIcon } from '../../components/ui/icons.tsx';

function FaqItem({ faq, level }: { faq: Faq; level: 'h3' | 'h4' }) {
  const Heading = level;
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <li className="border-b border-slate-200 last:border-b-0">
      <Heading>
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
      </Heading>
      <div id={`${id}-answer`} role="region" aria-labelledby={`${id}-question`} hidden={!open} dir="auto" className="px-4 pb-4 text-start whitespace-pre-line text-slate-700">
        {faq.answer}
      </div>
    </li>
  );
}

function FaqList({ faqs, level }: { faqs: Faq[]; level: 'h3' | 'h4' }) {
  return (
    <ul className="rounded-lg border border-slate-200 bg-white">
      {faqs.map((faq) => (
        <FaqItem key={faq.id} faq={faq} level={level} />
      ))}
    </ul>
  );
}

/** The questions by their category, in the order each category first comes; those without one first. */
function byCategory(faqs: Faq[]): Map<string, Faq[]> {
  const groups = new Map<string, Faq[]>([['', []]]);
  for (const faq of faqs) groups.set(faq.category, [...(groups.get(faq.category) ?? []), faq]);
  return groups;
}

/**
 * Questions that open to their answers (WAI-ARIA accordion: a button per heading, each opens on its
 * own), under their category's heading when they have one.
 */
export function FaqAccordion({ faqs }: { faqs: Faq[] }) {
  const groups = byCategory(faqs);
  if (groups.size === 1) return <FaqList faqs={faqs} level="h3" />;
  return (
    <div className="space-y-6">
      {[...groups].map(([category, questions]) =>
        category === '' ? (
          questions.length > 0 && <FaqList key="" faqs={questions} level="h3" />
        ) : (
          <div key={category}>
            <h3 dir="auto" className="mb-3 text-lg font-semibold text-slate-900">
              {category}
            </h3>
            <FaqList faqs={questions} level="h4" />
          </div>
        ),
      )}
    </div>
  );
}
