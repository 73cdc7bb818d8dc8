/**
 * A guide's cover as a 48×64 thumbnail (cart lines, the admin's guide rows), from the smallest
 * resized width; without a cover, a block of `emptyClass` colour in its place.
 */
export function CoverThumb(props: { src: string | null | undefined; emptyClass: string; lazy?: boolean }) {
  const box = 'h-16 w-12 shrink-0 rounded';
  if (!props.src) return <div className={`${box} ${props.emptyClass}`} />;
  return (
    <img
      src={`${props.src}?w=320`}
      alt=""
      width={48}
      height={64}
      loading={props.lazy ? 'lazy' : undefined}
      className={`${box} ${props.emptyClass} object-cover`}
    />
  );
}
