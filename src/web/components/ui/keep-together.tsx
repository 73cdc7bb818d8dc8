/** `text` with each `part` in it kept on one line, wherever the line breaks: an order number never splits. */
export function KeepTogether(props: { text: string; part: string }) {
  const { text, part } = props;
  if (!part) return text;
  return text.split(part).flatMap((piece, i) =>
    i === 0
      ? [piece]
      : [
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed text never move
          <span key={`part-${i}`} className="whitespace-nowrap">
            {part}
          </span>,
          piece,
        ],
  );
}
