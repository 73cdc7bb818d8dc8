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
