import { z } from 'zod';

/**
 * The answer schema of an endpoint that sends bytes (an image, a PDF, a ZIP, a CSV): documented as
 * binary; the endpoint's `mediaType` says which bytes. Fastify never runs a serializer on a Buffer or a stream, so this only describes.
 */
export const binaryBody = (description: string) =>
  z.any().meta({ type: 'string', format: 'binary', description });
export const binaryResponse = (description: string) => ({ 200: binaryBody(description) });

/** The answer schema of an endpoint that answers 204 with no body. */
export const noContentResponse = (description: string) => ({ 204: z.null().meta({ description }) });
