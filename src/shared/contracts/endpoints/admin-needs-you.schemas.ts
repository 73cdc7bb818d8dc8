import { needsYouSchema } from '../admin/needs-you';

export const adminNeedsYouSchemas = {
  needsYou: { response: { 200: needsYouSchema } },
};
