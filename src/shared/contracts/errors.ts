import { z } from 'zod';

/**
 * The one shape every error response has: a message for people, and for a refusal the program
 * can act on, the field at fault and a code the browser words in the page's language.
 */
export const errorSchema = z.object({
  message: z.string(),
  field: z.string().optional(),
  code: z.string().optional(),
});
