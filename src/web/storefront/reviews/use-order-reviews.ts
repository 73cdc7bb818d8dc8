import { useEffect, useState } from 'react';
import * as reviewEndpoints from '../../../shared/contracts/endpoints/reviews';
import type { BuyerReview, OrderReviews } from '../../../shared/contracts/reviews';
import type { ApiClient } from '../../lib/api';
import { useApi } from '../../lib/deps';

/** One read per order however many of its guides show a form (the library lists several). */
const pending = new Map<string, Promise<OrderReviews>>();

function readOrderReviews(api: ApiClient, orderId: string): Promise<OrderReviews> {
  const kept = pending.get(orderId);
  if (kept) return kept;
  const read = api.call(reviewEndpoints.orderReviews, { params: { orderId } });
  pending.set(orderId, read);
  read.catch(() => pending.delete(orderId));
  return read;
}

/** The buyer's review of one guide of the order (undefined while loading), and whether they may write. */
export function useOrderReview(orderId: string, guideId: string) {
  const api = useApi();
  const [state, setState] = useState<{ canReview: boolean; review: BuyerReview | null } | undefined>();
  useEffect(() => {
    let live = true;
    readOrderReviews(api, orderId).then(
      (answer) => {
        if (!live) return;
        const review = answer.reviews.find((r) => r.guideId === guideId) ?? null;
        setState({ canReview: answer.canReview, review });
      },
      () => live && setState({ canReview: false, review: null }),
    );
    return () => {
      live = false;
    };
  }, [api, orderId, guideId]);
  const remember = (review: BuyerReview | null) => {
    // The next read (another row of the same order) starts from what the server said last.
    pending.delete(orderId);
    setState((current) => (current ? { ...current, review } : current));
  };
  return { state, remember };
}
