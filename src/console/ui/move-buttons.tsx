import { useTranslation } from '../../client/lib/i18n.ts';
import { textButtonClass } from '../../client/ui/button-styles.ts';

interface MoveButtonsProps {
  /** What moves, read after "Move up" by screen readers ("Move up Spring sale"). */
  name: string;
  /** Its place in the list, from 0. */
  index: number;
  count: number;
  disabled?: boolean;
  onMove(by: -1 | 1): void;
}

/** "Move up" and "Move down" for a row of an ordered list, each off at its end of the list. */
export function MoveButtons({ name, index, count, disabled = false, onMove }: MoveButtonsProps) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-2">
      <button type="button" className={textButtonClass} disabled={index === 0 || disabled} onClick={() => onMove(-1)}>
        {t('Move up')}
        <span className="sr-only">
          {' '}
          <bdi>{name}</bdi>
        </span>
      </button>
      <button type="button" className={textButtonClass} disabled={index === count - 1 || disabled} onClick={() => onMove(1)}>
        {t('Move down')}
        <span className="sr-only">
          {' '}
          <bdi>{name}</bdi>
        </span>
      </button>
    </div>
  );
}

/** `ids` with the one at `index` swapped with its neighbour `by` away. */
export function moved<Id>(ids: readonly Id[], index: number, by: -1 | 1): Id[] {
  const next = [...ids];
  [next[index], next[index + by]] = [next[index + by]!, next[index]!];
  return next;
}
