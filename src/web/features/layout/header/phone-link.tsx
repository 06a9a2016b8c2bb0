import { PhoneIcon } from '../../../components/ui/icons.tsx';

/** A phone number that dials on tap; the number stays left-to-right inside right-to-left text. */
export function PhoneLink({ phone, prefix, className = '' }: { phone: string; prefix?: string; className?: string }) {
  return (
    <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={`inline-flex items-center gap-1.5 hover:underline ${className}`}>
      <PhoneIcon className="size-4 shrink-0" />
      {prefix && <span className="hidden md:inline">{prefix}</span>}
      <span dir="ltr">{phone}</span>
    </a>
  );
}
