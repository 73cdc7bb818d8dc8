import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url (43 characters): a sign-in link's or a session's secret. */
export const newLibraryToken = () => randomBytes(32).toString('base64url');

/** Only this is stored: a leaked table gives no one a way in. */
export const hashLibraryToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The library matches orders' emails without regard to case or surrounding spaces. */
export const libraryEmail = (email: string) => email.trim().toLowerCase();
