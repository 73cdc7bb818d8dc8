import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { GuideCard as GuideCardData } from '../../../shared/contracts/catalogue';
import { displayPrice } from '../../../shared/money';
import { useI18n } from '../../i18n';
import { paths } from '../../lib/paths';
import { useCart } from '../cart/cart-context';
import { toCartGuide } from '../cart/cart-rules';
import { GuidePreview } from './guide-preview';

/** Spec: the table-of-contents preview opens after 300 ms of hover or keyboard focus. */
export const PREVIEW_DELAY_MS = 300;

export function GuideCard(props: { guide: GuideCardData; eager?: boolean }) {
  const { guide } = props;
  const { t } = useI18n();
  const [previewOpen, setPreviewOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const openSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setPreviewOpen(true), PREVIEW_DELAY_MS);
  };
  const close = () => {
    clearTimeout(timer.current);
    setPreviewOpen(false);
  };

  return (
    <article
      data-testid="guide-card"
      className="relative flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm"
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') openSoon();
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') close();
      }}
      onFocus={(event) => {
        if (event.target.matches(':focus-visible')) openSoon();
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      {previewOpen ? (
        <div className="absolute inset-x-0 top-0 z-10 aspect-[3/4] border-b border-stone-200 bg-white p-2">
          <GuidePreview guideId={guide.id} title={guide.title} className="h-full" />
        </div>
      ) : null}
      {guide.hasPreview ? (
        // Touch screens have no hover: a button opens and closes the same preview.
        <button
          type="button"
          aria-expanded={previewOpen}
          onClick={() => (previewOpen ? close() : setPreviewOpen(true))}
          className="absolute top-2 right-2 z-20 rounded-full bg-white/90 px-3 py-1.5 text-xs font-semibold text-stone-900 shadow hover:bg-white"
        >
          {previewOpen ? t('guide.closePreview') : t('guide.showPreview')}
        </button>
      ) : null}
      <GuideCover guide={guide} eager={props.eager} />
      <GuideCardBody guide={guide} />
    </article>
  );
}

/** The cover, or the title on a teal card when there is no image or it fails to load. */
function GuideCover(props: { guide: GuideCardData; eager?: boolean }) {
  const { guide } = props;
  const { t } = useI18n();
  const [imageFailed, setImageFailed] = useState(false);
  const cover = useRef<HTMLImageElement>(null);
  // A server-rendered cover can fail before React attaches onError: check once after hydrating.
  useEffect(() => {
    const img = cover.current;
    if (img?.complete && img.naturalWidth === 0) setImageFailed(true);
  }, []);
  return (
    <Link
      href={paths.guide(guide.slug)}
      className="block aspect-[3/4] bg-stone-100"
      tabIndex={-1}
      aria-hidden="true"
    >
      {guide.imageUrl && !imageFailed ? (
        <img
          ref={cover}
          src={`${guide.imageUrl}?w=640`}
          srcSet={`${guide.imageUrl}?w=320 320w, ${guide.imageUrl}?w=480 480w, ${guide.imageUrl}?w=640 640w`}
          sizes="(min-width: 1024px) 352px, (min-width: 640px) 45vw, calc(100vw - 2rem)"
          alt=""
          width={640}
          height={853}
          loading={props.eager ? 'eager' : 'lazy'}
          fetchPriority={props.eager ? 'high' : undefined}
          decoding="async"
          onError={() => setImageFailed(true)}
          className="h-full w-full object-cover"
        />
      ) : (
        <div className="flex h-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-teal-700 to-teal-900 p-4 text-center text-white">
          <span className="text-lg font-bold">{guide.title}</span>
          <span className="text-sm opacity-80">{t('guide.preview')}</span>
        </div>
      )}
    </Link>
  );
}

function GuideCardBody(props: { guide: GuideCardData }) {
  const { guide } = props;
  const { t, locale } = useI18n();
  const cart = useCart();
  return (
    <div className="flex flex-1 flex-col gap-2 p-4">
      <h3 className="text-base leading-snug font-semibold">
        <Link href={paths.guide(guide.slug)} className="hover:text-teal-800">
          {guide.title}
        </Link>
      </h3>
      <p className="font-semibold text-teal-800">{displayPrice(guide.price, locale)}</p>
      <p className="line-clamp-3 text-sm text-stone-600">{guide.description}</p>
      <button
        type="button"
        data-tap={`add-${guide.id}`}
        onClick={() => cart.add(toCartGuide(guide))}
        className="mt-auto h-11 rounded-md bg-amber-500 px-4 text-sm font-semibold text-stone-950 hover:bg-amber-400"
      >
        {t('guide.addToCart')}
      </button>
    </div>
  );
}

export function GuideGrid(props: { guides: GuideCardData[]; eagerCount?: number }) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {props.guides.map((guide, index) => (
        <li key={guide.id} className="flex">
          <GuideCard guide={guide} eager={index < (props.eagerCount ?? 0)} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards of the same size while a list loads, so nothing moves when it arrives. */
export function GuideGridSkeleton(props: { count: number }) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
      {Array.from({ length: props.count }, (_, i) => `placeholder-${i}`).map((key) => (
        <li
          key={key}
          className="flex animate-pulse flex-col overflow-hidden rounded-xl border border-stone-200 bg-white"
        >
          <div className="aspect-[3/4] bg-stone-200" />
          <div className="space-y-3 p-4">
            <div className="h-4 w-3/4 rounded bg-stone-200" />
            <div className="h-4 w-1/3 rounded bg-stone-200" />
            <div className="h-11 rounded bg-stone-200" />
          </div>
        </li>
      ))}
    </ul>
  );
}
