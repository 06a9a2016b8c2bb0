import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { MailIcon, MapPinIcon, PhoneIcon } from '../components/ui/icons.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { ContactForm } from '../features/contact/contact-form.tsx';
import { useSettings } from '../features/settings/settings-store.ts';
import { useTranslation } from '../../client/lib/i18n.ts';

function ContactDetail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary-800">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-sm font-semibold text-slate-900">{label}</p>
        <div className="text-sm break-words text-slate-700">{children}</div>
      </div>
    </li>
  );
}

/** `/contact-us`: the store's contact details beside the contact form. */
export default function ContactUs() {
  const { t } = useTranslation();
  const { mobile, email, address } = useSettings(useShallow(({ mobile, email, address }) => ({ mobile, email, address })));
  const linkClass = 'hover:text-primary-800 hover:underline focus-visible:outline-2 focus-visible:outline-primary-700';

  return (
    <section className="mx-auto w-full max-w-7xl px-4 py-8">
      <PageHeading title={t('Contact Us')} />
      <p className="mb-6 max-w-2xl text-slate-600">
        {t('Have a question about an order, a product or selling with us? Send us a message and we will answer by e-mail.')}
      </p>
      <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] lg:items-start">
        <aside className="rounded-lg border border-slate-200 bg-white p-5">
          <h2 className="mb-4 text-base font-semibold text-slate-900">{t('Get in touch')}</h2>
          <ul className="flex flex-col gap-4">
            {mobile && (
              <ContactDetail icon={<PhoneIcon className="size-5" />} label={t('Hotline')}>
                <a href={`tel:${mobile.replace(/[^\d+]/g, '')}`} dir="ltr" className={linkClass}>
                  {mobile}
                </a>
              </ContactDetail>
            )}
            {email && (
              <ContactDetail icon={<MailIcon className="size-5" />} label={t('Email')}>
                <a href={`mailto:${email}`} className={linkClass}>
                  {email}
                </a>
              </ContactDetail>
            )}
            {address && (
              <ContactDetail icon={<MapPinIcon className="size-5" />} label={t('Address')}>
                <address dir="auto" className="text-start not-italic">
                  {address}
                </address>
              </ContactDetail>
            )}
          </ul>
        </aside>
        <div className="rounded-lg border border-slate-200 bg-white p-5 sm:p-6">
          <h2 className="mb-4 text-lg font-semibold text-slate-900">{t('Send us a message')}</h2>
          <ContactForm />
        </div>
      </div>
    </section>
  );
}
