import { useState } from 'react';
import { useTranslation } from '../../../client/lib/i18n.ts';

interface ProductGalleryProps {
  name: string;
  images: { id: number; thumbnail: string }[];
}

/** The main picture and a row of thumbnail buttons that choose it. */
export function ProductGallery({ name, images }: ProductGalleryProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  return (
    <div data-testid="product-gallery" className="flex flex-col gap-3">
      <div className="aspect-square overflow-hidden rounded-lg border border-slate-200 bg-white">
        {current && (
          <img src={current.thumbnail} alt={name} width={600} height={600} fetchPriority="high" className="size-full object-contain" />
        )}
      </div>
      {images.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto p-1">
          {images.map((image, position) => (
            <li key={`${image.id}-${position}`} className="shrink-0">
              <button
                type="button"
                aria-label={t('Show image {{number}} of {{count}}', { number: position + 1, count: images.length })}
                aria-pressed={position === index}
                onClick={() => setIndex(position)}
                className="block size-16 overflow-hidden rounded-md border-2 border-transparent bg-white ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700 aria-pressed:border-primary-700 sm:size-20"
              >
                <img src={image.thumbnail} alt="" width={80} height={80} loading="lazy" decoding="async" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
