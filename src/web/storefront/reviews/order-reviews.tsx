import type { Order } from '../../../shared/contracts/orders';
import { useMessages } from '../../i18n/feature-messages';
import { ReviewForm } from './review-form';
import { reviewMessages } from './review-messages';

/** The order page's reviews, where the reminder email's link lands (#reviews). */
export function OrderReviews({ order }: { order: Order }) {
  const t = useMessages(reviewMessages);
  const guides = [...new Map(order.items.map((item) => [item.guide.id, item.guide])).values()];
  return (
    <section
      id="reviews"
      aria-labelledby="reviews-heading"
      className="mt-8 rounded-xl border border-stone-200 bg-white p-4"
    >
      <h2 id="reviews-heading" className="text-lg font-bold">
        {t('heading')}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t('intro')}</p>
      <div className="mt-4 space-y-6">
        {guides.map((guide) => (
          <ReviewForm key={guide.id} orderId={order.id} guideId={guide.id} title={guide.title} />
        ))}
      </div>
    </section>
  );
}
