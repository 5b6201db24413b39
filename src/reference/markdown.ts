/**
 * Markdown to HTML for the guides and the reference's texts (marked, pure JS), escaped: raw HTML
 * in the source is shown as text, never rendered; a link keeps only http(s), mailto, relative and
 * in-page targets; headings get ids (their text as a slug) so a section can be linked to.
 */
import { Marked, type Tokens } from 'marked';
import { escapeHtml } from '../platform/html.js';

/** `Going to production!` → `going-to-production`. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z0-9#]+;/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');
}

const SAFE_HREF = /^(https?:|mailto:|#|\/|\.{0,2}\/|[\w.-]+(\/|#|$))/i;

/** A renderer; `rewriteHref` maps a link target (e.g. `docs/sandbox.md` → `/guides/sandbox.md`). */
function renderer(rewriteHref: (href: string) => string): Marked {
  return new Marked({
    gfm: true,
    renderer: {
      // Raw HTML in a guide is text, not markup.
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
      heading(this: { parser: { parseInline(tokens: Tokens.Heading['tokens']): string } }, { tokens, depth, text }: Tokens.Heading) {
        const id = slug(text);
        return `<h${depth} id="${escapeHtml(id)}">${this.parser.parseInline(tokens)}<a class="anchor" href="#${escapeHtml(id)}" aria-label="Link to this section">#</a></h${depth}>\n`;
      },
      link(this: { parser: { parseInline(tokens: Tokens.Link['tokens']): string } }, { href, title, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        if (!SAFE_HREF.test(href) || /^\s*(javascript|data|vbscript):/i.test(href)) return inner;
        const target = rewriteHref(href);
        return `<a href="${escapeHtml(target)}"${title ? ` title="${escapeHtml(title)}"` : ''}>${inner}</a>`;
      },
      image({ text }: Tokens.Image) {
        return escapeHtml(text);
      },
    },
  });
}

/** A whole document (a guide). */
export function markdownToHtml(source: string, rewriteHref: (href: string) => string = (h) => h): string {
  return renderer(rewriteHref).parse(source, { async: false });
}

/** One line of text (a table cell: `code` spans, emphasis, links), without a paragraph around it. */
export function inlineMarkdown(source: string): string {
  return renderer((h) => h).parseInline(source, { async: false });
}
