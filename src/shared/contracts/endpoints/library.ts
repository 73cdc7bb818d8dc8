/**
 * "My guides": sign in by email, the library, sign out. The session is an HttpOnly
 * cookie scoped to these paths; the schemas are in ./library.schemas.ts under the same names.
 */
import { get, post } from './declare';

export const requestSignIn = post('/api/library/sign-in');
export const openSession = post('/api/library/session');
export const library = get('/api/library');
export const signOut = post('/api/library/sign-out');
export const signOutEverywhere = post('/api/library/sign-out-everywhere');
