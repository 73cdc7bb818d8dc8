import { z } from 'zod';
import { librarySchema, librarySessionBodySchema, librarySignInBodySchema } from '../library';

/** "My guides" (issue 19). */
export const librarySchemas = {
  requestSignIn: {
    body: librarySignInBodySchema,
    response: { 202: z.object({ message: z.string() }) },
  },
  openSession: { body: librarySessionBodySchema, response: { 200: z.object({ email: z.string() }) } },
  library: { response: { 200: librarySchema } },
  signOut: { response: { 200: z.object({ signedOut: z.literal(true) }) } },
  signOutEverywhere: { response: { 200: z.object({ sessionsRevoked: z.int() }) } },
};
