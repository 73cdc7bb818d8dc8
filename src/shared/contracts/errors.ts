import { z } from 'zod';

/** The one shape every error response has. */
export const errorSchema = z.object({ message: z.string() });
