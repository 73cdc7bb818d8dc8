/** Shows HTML that the server has already rendered and sanitised (see render-content.ts on the server). */
export function ContentHtml(props: { html: string | undefined; className?: string }) {
  if (!props.html) return null;
  return (
    <div
      className={`prose-shop mt-3 ${props.className ?? ''}`}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server with sanitize-html
      dangerouslySetInnerHTML={{ __html: props.html }}
    />
  );
}
