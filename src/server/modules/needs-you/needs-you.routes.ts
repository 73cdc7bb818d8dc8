import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { route } from '../../http/endpoint';
import { needsYou } from './needs-you';

/** The admin's "Needs you" counts, read from the database on every request (no instance keeps them). */
export const needsYouRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.services;
  route(app, api.adminNeedsYou.needsYou, async () => ({
    needs: await needsYou(db, { expiryHours: config.mobileMoney.expiryHours, now: new Date() }),
  }));
};
