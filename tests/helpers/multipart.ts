import sharp from 'sharp';
import type { TestContext } from './test-context';

/** A part of a multipart/form-data body: a text field, or a file with the name and type a client declares. */
export type FormPart =
  | { name: string; value: string }
  | { name: string; fileName: string; type: string; data: Buffer };

const BOUNDARY = '----shop-test-boundary-7MA4YWxkTrZu0gW';

/** A multipart/form-data body built by hand, so a test controls each part's name and declared type. */
export function multipartBody(parts: FormPart[]): { payload: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

/** A solid-colour PNG of the given size, as a phone's cover photo would arrive. */
export const pngCover = (width: number, height: number, color: string): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/**
 * Creates a guide through the admin API as the Guides tab sends it: the text fields, then a PNG
 * cover and the primary PDF. Answers the raw response, for the test to check.
 */
export async function postGuideForm(
  ctx: TestContext,
  adminKey: string,
  form: { fields: Record<string, string>; cover: Buffer; pdf: { fileName: string; data: Buffer } },
) {
  const { payload, contentType } = multipartBody([
    ...Object.entries(form.fields).map(([name, value]) => ({ name, value })),
    { name: 'coverImage', fileName: 'cover.png', type: 'image/png', data: form.cover },
    { name: 'pdfPrimary', fileName: form.pdf.fileName, type: 'application/pdf', data: form.pdf.data },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/guides',
    payload,
    headers: { 'content-type': contentType, 'x-admin-key': adminKey },
  });
}
