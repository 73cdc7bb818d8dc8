import { useEffect, useRef, useState } from 'react';
import * as storefront from '../../../shared/contracts/endpoints/storefront';
import { useI18n } from '../../i18n';
import { urlOf } from '../../lib/api';

/** The table-of-contents image of a guide: a skeleton while it loads, 'Preview unavailable' on error. */
export function GuidePreview(props: { guideId: string; title: string; className?: string }) {
  const { t } = useI18n();
  const [state, setState] = useState<'loading' | 'loaded' | 'error'>('loading');
  const image = useRef<HTMLImageElement>(null);

  // A server-rendered image may finish loading before React attaches onLoad: read its state once.
  useEffect(() => {
    const img = image.current;
    if (img?.complete) setState(img.naturalWidth > 0 ? 'loaded' : 'error');
  }, []);
  return (
    <div className={`relative aspect-[3/4] overflow-hidden rounded-lg bg-white ${props.className ?? ''}`}>
      {state === 'loading' ? (
        <div
          data-testid="preview-skeleton"
          className="absolute inset-0 animate-pulse space-y-3 bg-stone-100 p-4"
        >
          <div className="h-4 w-1/2 rounded bg-stone-300" />
          {[80, 65, 75, 60, 70, 55].map((w) => (
            <div key={w} className="h-3 rounded bg-stone-200" style={{ width: `${w}%` }} />
          ))}
        </div>
      ) : null}
      {state === 'error' ? (
        <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-stone-600">
          {t('guide.previewUnavailable')}
        </p>
      ) : (
        <img
          ref={image}
          src={urlOf(storefront.guidePreview, { params: { id: props.guideId } })}
          alt={t('guide.previewAlt', { title: props.title })}
          width={600}
          height={800}
          loading="lazy"
          decoding="async"
          onLoad={() => setState('loaded')}
          onError={() => setState('error')}
          className={`h-full w-full object-contain ${state === 'loaded' ? '' : 'opacity-0'}`}
        />
      )}
    </div>
  );
}
