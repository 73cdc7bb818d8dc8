import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from '../../../shared/escape-html';

// Raw HTML off: markdown content can never smuggle markup in.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'h1', 'h2', 'h3', 'h4', 'figure', 'figcaption'],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    '*': ['class'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
};

export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

/** The safe HTML a shopper's page shows for a block, whatever its type. */
export function renderContentHtml(type: 'plain' | 'html' | 'markdown', value: string): string {
  if (type === 'markdown') return sanitizeContentHtml(markdown.render(value));
  if (type === 'html') return sanitizeContentHtml(value);
  return escapeHtml(value)
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`)
    .join('');
}
