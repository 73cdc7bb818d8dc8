import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { COUNTRY_SLUGS } from '../../../shared/countries';
import { BookIcon, CartIcon, ChevronDownIcon, CloseIcon, SearchIcon } from '../../components/ui/icons';
import { Tooltip } from '../../components/ui/tooltip';
import { isSingular, useI18n } from '../../i18n';
import { paths } from '../../lib/paths';
import { useCart } from '../cart/cart-context';

export function Header(props: { announcement?: string; onOpenCart(): void }) {
  const { t, locale, setLocale } = useI18n();
  const { count } = useCart();
  const other = locale === 'fr' ? 'en' : 'fr';

  return (
    <>
      {/* Above the header, not in it: it scrolls away and only the header stays pinned. */}
      {props.announcement ? (
        <p className="bg-teal-800 px-4 py-1.5 text-center text-xs text-teal-50 sm:text-sm">
          {props.announcement}
        </p>
      ) : null}
      <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
          <Link href={paths.home()} className="flex shrink-0 items-center gap-2 font-bold text-teal-900">
            <img src="/favicon.svg" alt="" width="28" height="28" />
            {/* Below 450 px (360 and 412 px phones) the mark alone stands for the name, so the cart stays on screen. */}
            <span className="sr-only min-[450px]:not-sr-only min-[450px]:text-base sm:text-lg">
              {t('site.name')}
            </span>
          </Link>
          <nav aria-label={t('nav.menu')} className="flex items-center gap-1 text-sm">
            <DestinationsMenu />
            <Link
              href={paths.about()}
              className="hidden rounded px-2 py-2 text-stone-700 hover:text-teal-800 md:inline-flex"
            >
              {t('nav.about')}
            </Link>
            <Link
              href={paths.contact()}
              className="hidden rounded px-2 py-2 text-stone-700 hover:text-teal-800 md:inline-flex"
            >
              {t('nav.contact')}
            </Link>
          </nav>
          <div className="ml-auto flex items-center gap-1">
            <LibraryLink />
            <SearchControl />
            <Tooltip label={t('lang.switchTo')}>
              <button
                type="button"
                data-tap="language"
                onClick={() => setLocale(other)}
                aria-label={t('lang.switchTo')}
                className="h-10 min-w-10 rounded-md px-2 text-sm font-semibold text-stone-700 hover:bg-stone-100"
              >
                {other.toUpperCase()}
              </button>
            </Tooltip>
            <Tooltip label={t('cart.open')}>
              <button
                type="button"
                data-tap="cart"
                onClick={props.onOpenCart}
                aria-label={
                  count > 0
                    ? `${t('cart.open')} — ${t(isSingular(locale, count) ? 'cart.itemsOne' : 'cart.items', { count })}`
                    : t('cart.open')
                }
                className="relative inline-flex h-10 w-10 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100"
              >
                <CartIcon />
                {count > 0 ? (
                  <span
                    data-testid="cart-badge"
                    className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-amber-500 px-1 text-center text-xs leading-5 font-bold text-stone-950"
                  >
                    {count}
                  </span>
                ) : null}
              </button>
            </Tooltip>
          </div>
        </div>
      </header>
    </>
  );
}

/**
 * "My guides": a plain link, the library's code loads only when it is opened. On a phone
 * its icon, named like the cart and the search, so the header still fits in 360 px.
 */
function LibraryLink() {
  const { t, locale } = useI18n();
  return (
    <Link
      href={paths.library(locale)}
      className="inline-flex h-10 min-w-10 items-center justify-center rounded-md text-sm whitespace-nowrap text-stone-700 hover:bg-stone-100 hover:text-teal-800 sm:px-2"
    >
      <BookIcon className="sm:hidden" />
      <span className="sr-only sm:not-sr-only">{t('nav.library')}</span>
    </Link>
  );
}

function DestinationsMenu() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="destinations-menu"
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-1 rounded px-2 py-2 text-stone-700 hover:text-teal-800"
      >
        {t('nav.destinations')}
        <ChevronDownIcon width={16} height={16} />
      </button>
      {open ? (
        <ul
          id="destinations-menu"
          className="absolute left-0 mt-1 w-48 rounded-md border border-stone-200 bg-white py-1 shadow-lg"
        >
          {COUNTRY_SLUGS.map((slug) => (
            <li key={slug}>
              <Link
                href={paths.country(slug)}
                onClick={() => setOpen(false)}
                className="block px-4 py-2 text-sm text-stone-800 hover:bg-teal-50"
              >
                {t(`country.${slug}`)}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function SearchControl() {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  const close = () => {
    setText('');
    setOpen(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const term = text.trim();
    if (!term) return; // spec §5: an empty search is ignored
    navigate(paths.search(term));
    close();
  };

  if (!open) {
    return (
      <Tooltip label={t('search.open')}>
        <button
          type="button"
          data-tap="search"
          onClick={() => setOpen(true)}
          aria-label={t('search.open')}
          className="inline-flex h-10 w-10 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100"
        >
          <SearchIcon />
        </button>
      </Tooltip>
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for the phones we serve; the role is equivalent
    <form
      role="search"
      onSubmit={submit}
      className="absolute inset-x-0 top-full flex items-center gap-2 border-b border-stone-200 bg-white px-3 py-2 sm:static sm:border-0 sm:p-0"
    >
      <input
        ref={inputRef}
        type="search"
        name="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        className="h-10 w-full rounded-md border border-stone-300 px-3 text-base sm:w-56 sm:text-sm"
      />
      <button
        type="button"
        onClick={close}
        aria-label={t('search.close')}
        className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-stone-700 hover:bg-stone-100"
      >
        <CloseIcon />
      </button>
    </form>
  );
}
