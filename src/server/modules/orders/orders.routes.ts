import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { centsToFcfa, toCents } from '../../../shared/money';
import { METHOD } from '../../../shared/payment-methods';
import { route } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import { paymentUrlFor } from '../payments/payment-url';
import { findOrderByPublicId } from './orders.service';

export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  route(app, api.storefront.order, async (request, reply) => {
    const order = await findOrderByPublicId(db, request.params.id);
    // Unknown and malformed ids answer alike, so a guess learns nothing.
    if (!order) throw notFound('Order not found');
    // Personal data: never kept by a shared cache.
    reply.header('cache-control', 'no-store');
    if (order.paymentMethod !== METHOD.mobileMoney || order.status !== 'pending') return order;
    const { paymentUrl, providers } = app.services.config.mobileMoney;
    const totalCents = toCents(order.total);
    return {
      ...order,
      mobileMoneyPayment: {
        paymentUrl: paymentUrlFor(paymentUrl, { reference: order.djamoReference ?? '', totalCents }),
        providers,
        totalXof: centsToFcfa(totalCents),
      },
    };
  });
};
