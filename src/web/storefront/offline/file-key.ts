/**
 * Where one file of an order is kept on the phone (its unfinished bytes, its offline copy). A light
 * edition or a new edition is another file: give it its own `variant`.
 */
export const fileKey = (orderId: string, guideId: string, slot: 'primary' | 'secondary', variant = 'full') =>
  `${orderId}:${guideId}:${slot}:${variant}`;
