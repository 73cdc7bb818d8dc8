import type { z } from 'zod';
import { fromEnv, httpUrl, optionalString } from '../../settings';

const KEYS = { apiKey: 'WAVE_API_KEY', signingSecret: 'WAVE_SIGNING_SECRET' } as const;

/**
 * Wave Checkout (docs/features/wave.md): the API key of the business wallet and the webhook's
 * signing secret, both from Wave's Business Portal. Offered only when both are set, so undefined when
 * none is, and refused when only one is (WAVE_API_URL alone, with its default, sets nothing).
 */
export const waveSettings = fromEnv({
  apiKey: [KEYS.apiKey, optionalString],
  signingSecret: [KEYS.signingSecret, optionalString],
  /** Wave's API; tests point it at the fake on 127.0.0.1. */
  apiUrl: ['WAVE_API_URL', httpUrl.optional()],
})
  .superRefine((settings, ctx) => {
    const set = Object.values(KEYS).filter((_, i) => settings[Object.keys(KEYS)[i] as keyof typeof KEYS]);
    const missing = Object.entries(KEYS).filter(([key]) => settings[key as keyof typeof KEYS] === undefined);
    if (set.length === 0 && settings.apiUrl !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['WAVE_API_URL'],
        message: 'set WAVE_API_KEY and WAVE_SIGNING_SECRET too',
      });
      return;
    }
    if (missing.length === 0 || missing.length === Object.keys(KEYS).length) return;
    for (const [, variable] of missing) {
      ctx.addIssue({ code: 'custom', path: [variable], message: 'required when any WAVE_* setting is set' });
    }
  })
  .transform(({ apiKey, signingSecret, apiUrl }) =>
    apiKey && signingSecret
      ? { apiKey, signingSecret, apiUrl: (apiUrl ?? 'https://api.wave.com').replace(/\/$/, '') }
      : undefined,
  );

export type WaveSettings = NonNullable<z.infer<typeof waveSettings>>;
