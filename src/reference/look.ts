/**
 * Kassa's own look for its documentation: the logo, the favicon and the style sheet of the API
 * reference (/docs, @fastify/swagger-ui themed with them) and of the reference's own pages (the
 * error catalogue, the pages list, the guides). Drawn here, not borrowed: no other project's logo.
 */

/** The mark: a till drawer (a rounded box with a slot and a coin) in Kassa's teal, and the name. */
export const KASSA_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="132" height="36" viewBox="0 0 132 36" role="img" aria-label="Kassa">
<rect x="1" y="5" width="30" height="26" rx="6" fill="#0f766e"/>
<rect x="7" y="12" width="18" height="3" rx="1.5" fill="#ccfbf1"/>
<circle cx="16" cy="23" r="4" fill="#fbbf24"/>
<text x="39" y="26" font-family="system-ui,-apple-system,Segoe UI,sans-serif" font-size="21" font-weight="700" fill="#0f172a">Kassa</text>
</svg>`;

/** The favicon: the mark alone. */
export const KASSA_FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">
<rect x="1" y="3" width="30" height="26" rx="6" fill="#0f766e"/>
<rect x="7" y="10" width="18" height="3" rx="1.5" fill="#ccfbf1"/>
<circle cx="16" cy="21" r="4" fill="#fbbf24"/>
</svg>`;

/** Kassa's colours over swagger-ui's (topbar, tags, methods, buttons). */
export const SWAGGER_THEME_CSS = `
.swagger-ui, .swagger-ui .info .title, .swagger-ui .opblock-tag { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
.swagger-ui .topbar { background: #f0fdfa; border-bottom: 1px solid #99f6e4; padding: 8px 0; }
.swagger-ui .topbar .download-url-wrapper .select-label { color: #0f172a; }
.swagger-ui .topbar .download-url-wrapper input[type=text] { border-color: #0f766e; }
.swagger-ui .topbar .download-url-wrapper .download-url-button { background: #0f766e; }
.swagger-ui .info .title { color: #0f172a; }
.swagger-ui .info a, .swagger-ui a.nostyle { color: #0f766e; }
.swagger-ui .btn.authorize { color: #0f766e; border-color: #0f766e; }
.swagger-ui .btn.authorize svg { fill: #0f766e; }
.swagger-ui .btn.execute { background: #0f766e; border-color: #0f766e; }
.swagger-ui .opblock.opblock-post { background: rgba(15,118,110,.06); border-color: #0f766e; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #0f766e; }
.swagger-ui .opblock.opblock-get { background: rgba(37,99,235,.05); border-color: #2563eb; }
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #2563eb; }
.swagger-ui .info table { border-collapse: collapse; }
.swagger-ui .info table td, .swagger-ui .info table th { border: 1px solid #e2e8f0; padding: 4px 8px; vertical-align: top; }
`;

/** The reference's own pages (errors, pages list, guides): readable text, Kassa's colours, no external resource. */
export const PAGE_CSS = `
:root{color-scheme:light}
body{font:16px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;color:#0f172a;margin:0;background:#fff}
header{background:#f0fdfa;border-bottom:1px solid #99f6e4;padding:.6rem 1rem;display:flex;gap:1.2rem;align-items:center;flex-wrap:wrap}
header a{color:#0f766e;text-decoration:none;font-weight:600}
header a:hover,header a:focus{text-decoration:underline}
main{max-width:62rem;margin:0 auto;padding:1rem 1rem 3rem}
a{color:#0f766e}
code{background:#f1f5f9;padding:.05em .3em;border-radius:3px;font-size:.92em}
pre{background:#f8fafc;border:1px solid #e2e8f0;border-radius:6px;padding:.8rem;overflow:auto}
pre code{background:none;padding:0}
table{border-collapse:collapse;width:100%;margin:1rem 0}
th,td{border:1px solid #e2e8f0;padding:.35rem .55rem;text-align:left;vertical-align:top}
th{background:#f8fafc}
tr:target{background:#fef9c3}
h1,h2,h3{line-height:1.25}
h2,h3{scroll-margin-top:1rem}
.anchor{color:#94a3b8;text-decoration:none;margin-left:.3em}
`;
