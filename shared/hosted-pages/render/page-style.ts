// The one stylesheet of the payer pages, inlined under the render's CSP nonce. System fonts
// only (no external requests). Text colours meet WCAG AA (4.5:1) on their backgrounds.
const PAGE_CSS_SOURCE = `
:root{
  --ink:#14213d;
  --muted:#4a5568;
  --line:#dde3ea;
  --bg:#f3f5f8;
  --card:#fff;
  --brand:#0b57d0;
  --brand-dark:#0842a0;
  --on-brand:#fff;
  --ok:#146c2e;
  --ok-bg:#e6f4ea;
  --warn:#6b4200;
  --warn-bg:#fff4d6;
  --bad:#a50e0e;
  --bad-bg:#fce8e6;
  --info-bg:#e8f0fe
}
*,*::before,*::after{box-sizing:border-box}
[hidden]{display:none!important}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{
  margin:0;
  background:var(--bg);
  color:var(--ink);
  font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
  overflow-wrap:break-word
}
.wrap{width:100%;max-width:560px;margin:0 auto;padding:0 16px}
.top{background:#fff;border-bottom:1px solid var(--line)}
.top .wrap{display:flex;align-items:center;justify-content:space-between;gap:12px;min-height:64px}
.merchant{display:flex;align-items:center;gap:10px;font-weight:650;font-size:1.05rem;min-width:0}
.merchant-name{min-width:0;overflow-wrap:anywhere}
.merchant-logo-box{flex:none;display:flex;align-items:center;height:40px}
.merchant-logo{display:block;width:auto;height:auto;max-height:40px;max-width:min(160px,40vw)}
.merchant-mark{
  flex:none;
  width:34px;
  height:34px;
  border-radius:9px;
  background:var(--brand);
  color:var(--on-brand);
  display:flex;
  align-items:center;
  justify-content:center;
  font-weight:700;
  font-size:1rem
}
.badge-sandbox{
  flex:none;
  background:var(--warn-bg);
  color:var(--warn);
  border:1px solid #e9b949;
  border-radius:999px;
  padding:2px 10px;
  font-size:.75rem;
  font-weight:700;
  text-transform:uppercase;
  letter-spacing:.05em
}
main.wrap{padding-top:20px;padding-bottom:8px}
.layout{display:grid;gap:16px;grid-template-columns:minmax(0,1fr)}
.card{
  background:var(--card);
  border:1px solid var(--line);
  border-radius:14px;
  padding:20px;
  box-shadow:0 1px 3px rgba(20,33,61,.07)
}
.card>:first-child{margin-top:0}
.card>:last-child{margin-bottom:0}
h1{font-size:1.3rem;line-height:1.3;margin:0 0 8px}
h2{font-size:1.05rem;line-height:1.35;margin:0 0 6px}
p{margin:0 0 12px}
.label{color:var(--muted);font-size:.875rem;margin:0}
.muted{color:var(--muted)}
.amount{
  font-size:2rem;
  line-height:1.2;
  font-weight:750;
  margin:4px 0 10px;
  letter-spacing:-.01em;
  font-variant-numeric:tabular-nums;
  overflow-wrap:anywhere
}
.field{margin:0 0 16px}
.field-label{display:block;font-weight:600;font-size:.9rem;margin-bottom:6px}
.btn{
  appearance:none;
  border:1px solid transparent;
  border-radius:10px;
  font:inherit;
  font-weight:650;
  cursor:pointer;
  padding:10px 16px;
  min-height:44px;
  text-decoration:none;
  display:inline-flex;
  align-items:center;
  justify-content:center;
  gap:8px;
  text-align:center
}
.btn-primary{background:var(--brand);color:var(--on-brand);width:100%;font-size:1.05rem;min-height:52px}
.btn-primary:hover{filter:brightness(.92)}
.btn[disabled]{opacity:.75;cursor:progress}
.btn:focus-visible,select:focus-visible,input:focus-visible,a:focus-visible{
  outline:3px solid #6f9cff;
  outline-offset:2px
}
.input{
  display:block;
  width:100%;
  font:inherit;
  color:var(--ink);
  background:#fff;
  border:1px solid #7d8a9c;
  border-radius:10px;
  padding:11px 12px;
  min-height:48px
}
.input[aria-invalid=true]{border-color:var(--bad);box-shadow:0 0 0 1px var(--bad)}
.field-hint{color:var(--muted);font-size:.85rem;margin:4px 0 0}
.field-error{color:var(--bad);font-size:.9rem;font-weight:600;margin:4px 0 0}
.field-error:empty{display:none}
.optional{color:var(--muted);font-weight:400}
fieldset{border:0;margin:0 0 8px;padding:0;min-width:0}
.group-title{font-weight:700;margin:0 0 10px;padding:0}
.methods{display:grid;gap:8px;margin-bottom:20px}
.method-option{
  display:flex;
  align-items:center;
  gap:12px;
  border:1px solid var(--line);
  border-radius:10px;
  padding:12px 14px;
  cursor:pointer;
  font-weight:600
}
.method-option:has(input:checked){border-color:var(--brand);box-shadow:0 0 0 1px var(--brand)}
.method-option input{width:20px;height:20px;margin:0;accent-color:var(--brand)}
.product-image{display:block;width:100%;max-height:240px;object-fit:cover;border-radius:10px;margin:0 0 14px}
.offer-name{font-weight:600;margin:0 0 4px}
.back{margin:16px 0 0}
.back a:not(.btn){color:var(--brand-dark);font-weight:600}
.notice{border-radius:12px;padding:12px 14px;margin:0 0 16px;font-size:.95rem}
.notice-info{background:var(--info-bg);color:#0a3d8f}
.notice-warn{background:var(--warn-bg);color:var(--warn)}
.notice-bad{background:var(--bad-bg);color:var(--bad)}
.notice-ok{background:var(--ok-bg);color:var(--ok)}
footer.wrap{
  color:var(--muted);
  font-size:.8rem;
  text-align:center;
  padding-top:12px;
  padding-bottom:32px
}
footer p{margin:0 0 4px}
.lock{display:inline-block;width:12px;height:12px;vertical-align:-1px;margin-right:4px}
.sr-only{
  position:absolute;
  width:1px;
  height:1px;
  padding:0;
  margin:-1px;
  overflow:hidden;
  clip:rect(0 0 0 0);
  white-space:nowrap;
  border:0
}
`;

/** What the payment pages show besides forms: status, facts, copyable values, barcodes and QR codes. */
const INSTRUCTIONS_CSS_SOURCE = `
.pill{
  display:inline-flex;
  align-items:center;
  gap:6px;
  border-radius:999px;
  padding:3px 12px;
  font-size:.85rem;
  font-weight:650
}
.pill::before{content:"";width:8px;height:8px;border-radius:50%;background:currentColor}
.pill-PENDING{background:var(--info-bg);color:var(--brand-dark)}
.pill-PAID{background:var(--ok-bg);color:var(--ok)}
.pill-EXPIRED,.pill-CANCELED,.pill-INVALID{background:var(--bad-bg);color:var(--bad)}
.facts{margin:18px 0 0;padding:0}
.facts div{
  display:flex;
  flex-wrap:wrap;
  justify-content:space-between;
  column-gap:16px;
  row-gap:2px;
  border-top:1px solid var(--line);
  padding:10px 0
}
.facts div:last-child{padding-bottom:0}
.facts dt{color:var(--muted);flex:0 1 auto}
.facts dd{
  margin:0;
  font-weight:550;
  flex:1 1 12ch;
  text-align:right;
  min-width:0;
  overflow-wrap:anywhere
}
.intro{color:var(--muted);margin-bottom:16px}
.method{display:flex;align-items:center;gap:12px;margin-bottom:14px}
.method h2{margin:0}
.method-mark{
  flex:none;
  display:inline-flex;
  align-items:center;
  justify-content:center;
  min-width:48px;
  height:40px;
  padding:0 10px;
  border-radius:8px;
  background:var(--info-bg);
  color:var(--brand-dark);
  font-weight:750;
  font-size:.8rem;
  letter-spacing:.02em
}
.transfer-fields{margin-top:20px}
.copy-row{display:flex;flex-wrap:wrap;gap:8px;align-items:stretch}
.copy-value{
  flex:999 1 180px;
  min-width:0;
  display:block;
  margin:0;
  font:500 1rem/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;
  background:#f7f9fb;
  border:1px solid var(--line);
  border-radius:10px;
  padding:10px 12px;
  overflow-wrap:anywhere;
  user-select:all;
  -webkit-user-select:all
}
.copy-value.wrap-any{word-break:break-all}
.copy-row.stacked .copy-value{flex-basis:100%}
.btn-secondary{background:#fff;color:var(--brand-dark);border-color:#a9bde0;flex:1 0 auto}
.btn-secondary:hover{background:var(--info-bg)}
.btn.is-copied{background:var(--ok-bg);color:var(--ok);border-color:#9fd2ad}
.actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:4px}
.actions .btn{flex:1 1 140px}
.barcode{background:#fff;padding:4px 0;margin:0 0 16px}
.barcode svg{display:block;width:100%;height:72px}
.qr{display:flex;justify-content:center;margin:0 0 16px}
.qr svg{
  display:block;
  width:100%;
  max-width:264px;
  height:auto;
  aspect-ratio:1/1;
  border:1px solid var(--line);
  border-radius:12px
}
select{
  display:block;
  width:100%;
  font:inherit;
  color:var(--ink);
  background:#fff;
  border:1px solid #7d8a9c;
  border-radius:10px;
  padding:11px 12px;
  min-height:48px
}
.check{display:flex;gap:12px;align-items:flex-start;margin:0 0 16px;cursor:pointer}
.check input{flex:none;width:22px;height:22px;margin:1px 0 0;accent-color:var(--brand)}
.pay-form{margin-top:20px}
.hint{color:var(--muted);font-size:.85rem;text-align:center;margin:10px 0 0}
.hero{text-align:center;padding:32px 20px}
.hero-icon{display:block;width:64px;height:64px;margin:0 auto 16px}
.hero .facts{text-align:left}
`;

/** Wider screens: two columns. Last, so it overrides the rules above. */
// A page with a QR puts its copy button first (a phone pays from itself: copy, then the bank
// app, with no scrolling); on a wide screen, read beside a phone, the QR leads again.
const WIDE_CSS_SOURCE = `
@media (min-width:900px){
  .wrap{max-width:980px;padding:0 24px}
  main.wrap{padding-top:40px}
  .layout.two{grid-template-columns:minmax(0,5fr) minmax(0,6fr);gap:24px;align-items:start}
  .layout.one{max-width:560px;margin:0 auto}
  .card{padding:28px}
  .amount{font-size:2.25rem}
  .barcode svg{height:88px}
  .code-card{display:flex;flex-direction:column}
  .code-card>.qr{order:1}
  .code-card>.field{order:2}
  .code-card>.pay-form{order:3}
}
`;

const PRINT_CSS_SOURCE = `
@media print{
  @page{size:A4;margin:12mm}
  body{background:#fff;font-size:10.5pt;color:#000}
  .label,.muted,.intro,.facts dt{color:#000}
  .wrap{max-width:none;padding:0}
  .top{border-bottom:2px solid #000}
  .badge-sandbox{background:none;color:#000;border-color:#000}
  .merchant-mark{border:1px solid #000;background:none;color:#000}
  .layout,.layout.two{display:block}
  .card{
  box-shadow:none;
  border:1px solid #000;
  border-radius:0;
  padding:10pt;
  margin:0 0 8pt;
  break-inside:avoid
}
  .btn,.pay-form,.hint,.no-print,.notice-info{display:none!important}
  .amount{font-size:16pt;margin:0 0 4pt}
  .pill{border:1px solid #000;background:none;color:#000}
  .copy-value{
  background:none;
  border:0;
  padding:0;
  font-size:11.5pt;
  white-space:nowrap;
  overflow-wrap:normal
}
  .barcode{padding:0;margin:6pt 0 0}
  .barcode svg{width:108mm;height:13mm}
  .qr svg{max-width:50mm;border:0}
  footer.wrap{color:#000;padding:6pt 0 0}
}
`;

const compact = (css: string) => css.replace(/\n\s*/g, '');

/** What every page needs on screen: the frame, cards, buttons, inputs and notices. */
export const FORM_CSS = compact(PAGE_CSS_SOURCE) + compact(WIDE_CSS_SOURCE);
/** Sent as written minus line breaks and indentation (every payment page carries it). */
const SCREEN_CSS = compact(PAGE_CSS_SOURCE) + compact(INSTRUCTIONS_CSS_SOURCE) + compact(WIDE_CSS_SOURCE);
/** What a payer prints (a boleto, instructions); a page with nothing to print leaves it out. */
export const PRINT_CSS = compact(PRINT_CSS_SOURCE);
export const PAGE_CSS = SCREEN_CSS + PRINT_CSS;
