/** "Guide du Sénégal : l’essentiel" → "guide-du-senegal-l-essentiel": ASCII, safe in any file system. */
export function slugify(text: string, fallback = 'guide'): string {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** The name a buyer's copy is saved under: what it is, then the order number to find it again. */
export function stampedFileName(options: {
  slot: 'primary' | 'secondary';
  guideTitle: string;
  sourceName: string;
  orderNumber: string;
  /** A light edition's copy: its name says so, beside the full one in a folder or a ZIP. */
  light?: boolean;
}): string {
  const order = options.orderNumber.replace(/[^A-Za-z0-9-]/g, '');
  const source = options.sourceName.replace(/(-light)?\.pdf$/i, '');
  const base =
    options.slot === 'primary'
      ? slugify(options.guideTitle)
      : slugify(source, `${slugify(options.guideTitle)}-companion`);
  if (options.light) return `${base}-light-${order}.pdf`;
  return `${base}-${order}.pdf`;
}

/** RFC 6266: a quoted ASCII name for every client, and the UTF-8 form for those that read it. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
