import { z } from 'zod';

/** The outside services the shop hands personal data to, as its configuration has them (docs/features/consent.md). */
export const PROCESSOR_KINDS = ['stripe', 'cinetpay', 'wave', 'whatsapp', 'email', 'files'] as const;
export const processorSchema = z.object({
  kind: z.enum(PROCESSOR_KINDS),
  /** The provider's host for the email and file services, which any provider may run. */
  host: z.string().nullable(),
  /** ISO 3166-1 alpha-2 codes; empty when the operator has not said where the provider is. */
  countries: z.array(z.string().length(2)),
});
export const processorsResponseSchema = z.object({ processors: z.array(processorSchema) });
export type Processor = z.infer<typeof processorSchema>;
