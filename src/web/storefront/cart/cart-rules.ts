import { toCents } from '../../../shared/money';

export interface CartGuide {
  id: string;
  slug: string;
  title: string;
  price: string | number;
  imageUrl: string | null;
  locale: 'fr' | 'en';
}

/** The part of a guide the cart keeps. */
export function toCartGuide(guide: CartGuide): CartGuide {
  const { id, slug, title, price, imageUrl, locale } = guide;
  return { id, slug, title, price, imageUrl, locale };
}

export interface CartItem {
  guide: CartGuide;
  quantity: number;
}

/** Spec §4: adding a guide already there adds to its quantity (default 1); otherwise it is appended. */
export function addItem(items: CartItem[], guide: CartGuide, quantity = 1): CartItem[] {
  if (items.some((i) => i.guide.id === guide.id)) {
    return items.map((i) => (i.guide.id === guide.id ? { ...i, quantity: i.quantity + quantity } : i));
  }
  return [...items, { guide, quantity }];
}

/** A quantity of 0 or less removes the item. */
export function setQuantity(items: CartItem[], guideId: string, quantity: number): CartItem[] {
  if (quantity <= 0) return removeItem(items, guideId);
  return items.map((i) => (i.guide.id === guideId ? { ...i, quantity } : i));
}

export function removeItem(items: CartItem[], guideId: string): CartItem[] {
  return items.filter((i) => i.guide.id !== guideId);
}

export function itemCount(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + i.quantity, 0);
}

/** Total in cents; an invalid price counts as 0. */
export function totalCents(items: CartItem[]): number {
  return items.reduce((sum, i) => sum + toCents(i.guide.price) * i.quantity, 0);
}
