/** The hosted pages' one inline stylesheet: system fonts, mobile first, visible focus. */
export const HOSTED_PAGE_CSS = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1b1f24;background:#f3f5f8}
a{color:#0b57d0}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.sandbox{background:#ffe8a3;color:#4d3800;text-align:center;font-weight:600;font-size:.9rem;padding:8px 12px;border-bottom:1px solid #e8c95a}
.top{background:#102a43;color:#fff;padding:14px 16px}
.top p{margin:0 auto;max-width:560px;font-weight:700;font-size:1.1rem;overflow-wrap:anywhere}
main{max-width:560px;margin:0 auto;padding:16px 12px 8px}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(16,42,67,.14);padding:18px;margin-bottom:14px}
h1{font-size:1.2rem;margin:0 0 10px}
h2{font-size:1.1rem;margin:0 0 6px}
h3{font-size:.95rem;margin:16px 0 8px;color:#334e68}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 16px;margin:0}
dt{color:#52606d}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
dd.amount{font-size:1.35rem}
.alert{background:#fdecea;color:#8c1d18;border:1px solid #f5c2c0;border-radius:10px;padding:12px 14px;margin-bottom:14px;font-weight:600}
.countries{list-style:none;display:flex;flex-wrap:wrap;gap:8px;margin:0;padding:0}
.countries a{display:inline-block;padding:7px 14px;border:1px solid #9fb3c8;border-radius:999px;text-decoration:none;color:#102a43;background:#fff}
.countries a[aria-current]{background:#102a43;color:#fff;border-color:#102a43}
.banks{list-style:none;display:grid;grid-template-columns:repeat(auto-fill,minmax(132px,1fr));gap:10px;margin:0;padding:0}
.banks button{display:block;width:100%;padding:0;border:2px solid transparent;border-radius:12px;background:none;cursor:pointer;line-height:0}
.banks button:hover{border-color:#0b57d0}
.banks img{width:100%;height:auto;border-radius:10px}
.choices{display:grid;gap:10px}
.choice{display:block;width:100%;text-align:left;font:inherit;font-weight:600;padding:14px 16px;border:1px solid #9fb3c8;border-radius:10px;background:#fff;color:#102a43;cursor:pointer}
.choice.first{border:2px solid #102a43}
.choice:hover{background:#f0f4f8}
fieldset{border:0;margin:0;padding:0}
legend{font-weight:600;margin-bottom:8px}
.option{display:flex;gap:10px;align-items:center;border:1px solid #bcccdc;border-radius:10px;padding:12px;margin-bottom:8px;cursor:pointer}
.primary{display:block;width:100%;margin-top:14px;font:inherit;font-weight:700;padding:13px 16px;border:0;border-radius:10px;background:#0b57d0;color:#fff;cursor:pointer}
.primary:hover{background:#0842a0}
.secondary{font:inherit;background:none;border:0;padding:8px 0;color:#0b57d0;text-decoration:underline;cursor:pointer}
.status h1{font-size:1.3rem}
footer{max-width:560px;margin:0 auto;padding:8px 12px 24px;color:#52606d;font-size:.88rem}
footer ul{list-style:none;display:flex;flex-wrap:wrap;gap:6px 12px;margin:0 0 8px;padding:0}
footer a[aria-current]{font-weight:700;color:#102a43;text-decoration:none}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

/**
 * The payment link page's form on top of HOSTED_PAGE_CSS (links/pages.ts): labelled text fields, the
 * delivery choice (the `.option` rows of the hosted pages with a carrier logo), the problem list
 * and the pickup point picker (widget/link-picker.ts). Borders of fields have 3:1 contrast (WCAG 1.4.11).
 */
export const LINK_FORM_CSS = `
form>fieldset,form>.field{margin:0 0 18px}
.field{margin:0 0 14px}
.field>label{display:block;font-weight:600;margin-bottom:4px}
.field input,.field select{display:block;width:100%;max-width:100%;font:inherit;padding:10px 12px;border:1px solid #7b8794;border-radius:8px;background:#fff;color:#1b1f24}
select:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}
.field [aria-invalid=true]{border:2px solid #8c1d18}
.field-error{display:block;margin-top:4px;color:#8c1d18;font-weight:600}
.hint{margin:0 0 6px;color:#52606d;font-size:.9rem}
.option:has(input:checked){border-color:#0b57d0;box-shadow:inset 0 0 0 1px #0b57d0}
.option input{flex:none;margin:0;width:1.1rem;height:1.1rem;accent-color:#0b57d0}
.option img{flex:none;width:60px;height:24px}
.option .what{min-width:0;overflow-wrap:anywhere}
.option .what b{display:block}
.option .price{white-space:nowrap}
.alert p{margin:0}
.alert ul{margin:6px 0 0;padding-left:1.2rem;font-weight:400}
.alert a{color:#8c1d18}
.picker [role=listbox]{list-style:none;margin:4px 0 0;padding:4px;max-height:16rem;overflow-y:auto;border:1px solid #7b8794;border-radius:8px;background:#fff}
.picker [role=option]{padding:8px 10px;border-radius:6px;cursor:pointer;overflow-wrap:anywhere}
.picker [role=option]:hover{background:#f0f4f8}
.picker [role=option][aria-selected=true]{background:#0b57d0;color:#fff}
[hidden]{display:none!important}
`;
