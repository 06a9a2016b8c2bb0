import { useShallow } from 'zustand/react/shallow';
import { pagePath, type FooterGroup } from '../../../../shared/content-console.contract.ts';
import { CollapsibleSection } from '../../../components/ui/collapsible-section.tsx';
import { MailIcon, MapPinIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../../client/lib/i18n.ts';
import { useSettings } from '../../settings/settings-store.ts';
import { NavItemLink, useNavItems, type NavItemKey } from '../header/nav-links.tsx';
import { PhoneLink } from '../header/phone-link.tsx';
import { StoreLinks } from '../header/store-links.tsx';
import { StoreLogo } from '../header/store-logo.tsx';

const quickLinks: NavItemKey[] = ['products', 'mostPopular', 'bestDeal', 'blogs', 'becomeSeller'];
const companyLinks: NavItemKey[] = ['contact'];

/** "© {year} {footer text}", or the given fallback when the store set no footer text. */
export function CopyrightLine({ fallback, className = '' }: { fallback: string; className?: string }) {
  const footerText = useSettings((state) => state.footerText);
  return (
    <p className={className}>
      © {new Date().getFullYear()} <bdi>{footerText || fallback}</bdi>
    </p>
  );
}

/** The store's pages of one footer column (the owner's, from the console), then the column's fixed links. */
function FooterLinks({ keys, group }: { keys: NavItemKey[]; group?: FooterGroup }) {
  const pages = useSettings(useShallow((state) => state.footerPages.filter((page) => page.group === group)));
  const items = [...pages.map((page) => ({ to: pagePath(page.slug), label: page.title })), ...useNavItems(keys)];
  return (
    <ul className="space-y-2.5 pb-4 text-sm sm:pb-0">
      {items.map((item) => (
        <li key={item.to}>
          <NavItemLink item={item} className={() => 'hover:text-white hover:underline'} />
        </li>
      ))}
    </ul>
  );
}

function ShopPanelInvite() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4 border-b border-slate-700 py-8 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="text-lg font-semibold text-white">{t('Have a shop with us?')}</p>
        <p className="mt-1 text-sm">{t('Manage your products and orders in the shop panel.')}</p>
      </div>
      {/* The shop panel is served outside the storefront, so this is a full page load. */}
      <a
        href="/shop"
        className="shrink-0 self-start rounded-lg bg-white px-5 py-2.5 text-sm font-semibold text-slate-900 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white sm:self-auto"
      >
        {t('Go to Shop Panel')}
      </a>
    </div>
  );
}

/** The store's own texts may be in another script than the page; <bdi> keeps their punctuation in place. */
function StoreInfo() {
  const { t } = useTranslation();
  const info = useSettings(
    useShallow((state) => ({
      footerLogo: state.footerLogo,
      description: state.footerDescription,
      mobile: state.mobile,
      email: state.email,
      address: state.address,
      socialLinks: state.socialLinks,
    })),
  );
  return (
    <div className="space-y-5 pb-4 sm:pb-0">
      <StoreLogo src={info.footerLogo} className="h-12" />
      {info.description && (
        <p className="max-w-sm text-sm leading-relaxed">
          <bdi>{info.description}</bdi>
        </p>
      )}
      <ul className="space-y-2.5 text-sm">
        {info.mobile && (
          <li>
            <PhoneLink phone={info.mobile} className="hover:text-white" />
          </li>
        )}
        {info.email && (
          <li>
            <a href={`mailto:${info.email}`} className="inline-flex items-center gap-1.5 hover:text-white hover:underline">
              <MailIcon className="size-4 shrink-0" />
              {info.email}
            </a>
          </li>
        )}
        {info.address && (
          <li className="flex items-start gap-1.5">
            <MapPinIcon className="mt-0.5 size-4 shrink-0" />
            <address className="not-italic">
              <bdi>{info.address}</bdi>
            </address>
          </li>
        )}
      </ul>
      {info.socialLinks.length > 0 && (
        <ul aria-label={t('Follow us')} className="flex flex-wrap gap-2">
          {info.socialLinks.map((social) => (
            <li key={social.id}>
              <a
                href={social.link}
                target="_blank"
                rel="noopener noreferrer"
                className="block rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                <img src={social.logo} alt={social.name} width={36} height={36} loading="lazy" className="size-9 rounded-full" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The store footer (docs/product/storefront.md §2); below 640 px its sections fold behind their titles. */
/** `contentClassName` styles the content inside the full-width band (the room the cart tab needs). */
export function Footer({ contentClassName = '' }: { contentClassName?: string }) {
  const { t } = useTranslation();
  const { showFooter, showDownloadApp, footerQr, appName, hasHelpPages } = useSettings(
    useShallow((state) => ({
      showFooter: state.showFooter,
      showDownloadApp: state.showDownloadApp,
      footerQr: state.footerQr,
      appName: state.appName,
      hasHelpPages: state.footerPages.some((page) => page.group === 'help'),
    })),
  );
  if (!showFooter) return null;
  const sectionTitle = 'font-semibold text-white sm:mb-4';

  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className={`mx-auto max-w-7xl px-4 ${contentClassName}`}>
        <ShopPanelInvite />
        <div className="grid gap-x-8 py-8 sm:grid-cols-2 sm:gap-y-10 lg:grid-cols-[2fr_1fr_1fr_1.4fr]">
          <StoreInfo />
          <CollapsibleSection title={t('Quick Links')} titleClassName={sectionTitle} className="border-t border-slate-700 sm:border-0">
            <FooterLinks keys={quickLinks} />
          </CollapsibleSection>
          <CollapsibleSection title={t('Company')} titleClassName={sectionTitle} className="border-t border-slate-700 sm:border-0">
            <FooterLinks keys={companyLinks} group="company" />
          </CollapsibleSection>
          {hasHelpPages && (
            <CollapsibleSection title={t('Help')} titleClassName={sectionTitle} className="border-t border-slate-700 sm:border-0">
              <FooterLinks keys={[]} group="help" />
            </CollapsibleSection>
          )}
          {showDownloadApp && (
            <CollapsibleSection title={t('Download our app')} titleClassName={sectionTitle} className="border-y border-slate-700 sm:border-0">
              <div className="flex flex-wrap items-start gap-4 pb-4 sm:pb-0">
                {footerQr && (
                  <img src={footerQr} alt={t('QR code to download our app')} width={112} height={112} loading="lazy" className="size-28 rounded-lg bg-white p-1" />
                )}
                <div className="flex flex-col gap-2">
                  <StoreLinks className="flex items-center gap-2 rounded-lg border border-slate-600 px-4 py-2 text-sm font-medium text-white hover:border-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white" />
                </div>
              </div>
            </CollapsibleSection>
          )}
        </div>
      </div>
      <div className="border-t border-slate-700">
        <CopyrightLine fallback={`${appName}. ${t('All rights reserved.')}`} className="mx-auto max-w-7xl px-4 py-5 text-center text-sm" />
      </div>
    </footer>
  );
}
