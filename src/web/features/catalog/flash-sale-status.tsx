import type { FlashSale } from '../../../shared/catalog.contract.ts';
import { useTranslation } from '../../../client/lib/i18n.ts';
import { Countdown } from './countdown.tsx';

interface FlashSaleStatusProps {
  sale: Pick<FlashSale, 'starts_at' | 'ends_at' | 'status'>;
  /** The sale started or ended while on screen: time to ask the server again. */
  onChange?: () => void;
  tone?: 'light' | 'dark';
}

/** Running: countdown to the end; upcoming: countdown to the start; ended: says so. */
export function FlashSaleStatus({ sale, onChange, tone }: FlashSaleStatusProps) {
  const { t } = useTranslation();
  if (sale.status === 'ended') return <p className="font-medium">{t('This flash sale has ended')}</p>;
  const running = sale.status === 'running';
  return (
    <Countdown
      key={sale.status}
      until={running ? sale.ends_at : sale.starts_at}
      label={running ? t('Ends in') : t('Starts in')}
      onDone={onChange}
      tone={tone}
    />
  );
}
