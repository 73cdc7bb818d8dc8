import { createContext, useContext, useEffect } from 'react';

export interface HeadData {
  title: string;
  description: string;
  /** Path of the canonical URL, without the language parameter. */
  path?: string;
  noindex?: boolean;
  /** Extra tags (Open Graph, JSON-LD), server-rendered as-is. */
  extra?: string;
}

/** On the server, pages write their head here; the server puts it into <head>. */
export const HeadCollectorContext = createContext<{ data?: HeadData } | null>(null);

/** Sets the page's title and description: collected during server rendering, applied on the client. */
export function Head(props: HeadData) {
  const collector = useContext(HeadCollectorContext);
  if (collector) collector.data = props;
  useEffect(() => {
    document.title = props.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', props.description);
  }, [props.title, props.description]);
  return null;
}
