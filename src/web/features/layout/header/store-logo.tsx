import { Link } from 'react-router';
import { useSettings } from '../../settings/settings-store.ts';

/**
 * The store's logo linking home. Until the settings arrive on a first visit it holds the logo's
 * place with the store name, so the bar does not shift.
 */
export function StoreLogo({ src, className = 'h-9 sm:h-10' }: { src: string; className?: string }) {
  const appName = useSettings((state) => state.appName);
  return (
    <Link
      to="/"
      className="inline-flex shrink-0 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
    >
      {src ? (
        <img src={src} alt={appName} width={240} height={64} className={`w-auto ${className}`} />
      ) : (
        <span className={`flex aspect-[15/4] items-center text-xl font-bold ${className}`}>{appName}</span>
      )}
    </Link>
  );
}
