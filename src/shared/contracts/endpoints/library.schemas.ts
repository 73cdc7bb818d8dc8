import { z } from 'zod';
import { librarySchema, librarySessionBodySchema, librarySignInBodySchema } from '../library';

/** "My guides". */
export const librarySchemas = {
  requestSignIn: {
    summary: 'Email a sign-in link to "My guides"',
    errors: [429],
    body: librarySignInBodySchema,
    response: { 202: z.object({ message: z.string() }) },
  },
  openSession: {
    summary: 'Open "My guides" with a sign-in link\'s token',
    errors: [403, 410, 429],
    body: librarySessionBodySchema,
    response: { 200: z.object({ email: z.string() }) },
  },
  library: {
    summary: 'Every guide bought with the signed-in email',
    errors: [401],
    response: { 200: librarySchema },
  },
  signOut: {
    summary: 'Sign this browser out of "My guides"',
    response: { 200: z.object({ signedOut: z.literal(true) }) },
  },
  signOutEverywhere: {
    summary: 'Sign every browser of this email out of "My guides"',
    errors: [401],
    response: { 200: z.object({ sessionsRevoked: z.int() }) },
  },
};
