import { needsYouSchema } from '../admin/needs-you';

export const adminNeedsYouSchemas = {
  needsYou: {
    summary: 'What waits for the operator, counted per kind with the admin tab where it is dealt with',
    response: { 200: needsYouSchema },
  },
};
