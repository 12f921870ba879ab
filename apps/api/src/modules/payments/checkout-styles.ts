/** The hosted checkout's look: inline (the CSP allows inline styles), no web fonts, no scripts (the totals follow the shipping method through `:has`). */
export const CHECKOUT_CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1f36;background:#f6f8fa;line-height:1.45}
.checkout{display:grid;grid-template-columns:1fr;max-width:980px;margin:0 auto;min-height:100vh}
@media (min-width:860px){.checkout{grid-template-columns:1fr 1fr}.summary{border-right:1px solid #e3e8ee}}
.summary,.pay{padding:40px 32px}
@media (max-width:480px){.summary,.pay{padding:28px 18px}}
.summary{background:#fff}
.shop{display:flex;align-items:center;gap:10px;margin:0 0 28px;font-weight:600;font-size:15px}
.logo{display:inline-grid;place-items:center;width:28px;height:28px;border-radius:50%;background:#ed3849;color:#fff;font-size:14px}
.badge{margin-left:4px;padding:2px 8px;border-radius:4px;background:#ffde92;color:#663c00;font-size:11px;font-weight:700;text-transform:uppercase;letter-spacing:.04em}
h1{margin:0 0 28px;font-weight:600}
h1 .label{display:block;color:#697386;font-size:16px}
h1 .total{display:block;font-size:36px;letter-spacing:-.02em}
.items{list-style:none;margin:0 0 20px;padding:0}
.items li{display:grid;grid-template-columns:56px 1fr auto;gap:14px;align-items:center;padding:10px 0}
.items img{width:56px;height:56px;border-radius:8px;object-fit:cover;background:#f0f2f5;border:1px solid #e3e8ee}
.item-name{font-weight:500}
.item-meta{display:block;color:#697386;font-size:13px}
.item-total{font-weight:500}
.totals{margin:0;border-top:1px solid #e3e8ee;padding-top:12px}
.totals div{display:flex;justify-content:space-between;padding:6px 0}
.totals dt{color:#4f566b}.totals dd{margin:0}
.totals .grand{border-top:1px solid #e3e8ee;margin-top:6px;padding-top:12px;font-weight:600}
.totals .grand dt{color:#1a1f36}
.totals .discount dd{color:#0b6b3a;font-weight:500}
.code{margin-left:4px;padding:1px 6px;border-radius:4px;background:#e6f4ea;color:#0b6b3a;font-size:12px;font-weight:600;letter-spacing:.04em}
h2{margin:0 0 20px;font-size:20px;font-weight:600}
form{display:grid;gap:14px}
label{display:block;margin-bottom:6px;color:#4f566b;font-size:14px;font-weight:500}
input{width:100%;padding:11px 12px;font:inherit;color:inherit;background:#fff;border:1px solid #d5dbe1;border-radius:6px;box-shadow:0 1px 1px rgba(0,0,0,.03)}
input:focus{outline:none;border-color:#635bff;box-shadow:0 0 0 3px rgba(99,91,255,.25)}
input[readonly]{background:#f6f8fa;color:#4f566b}
select{width:100%;padding:11px 12px;font:inherit;color:inherit;background:#fff;border:1px solid #d5dbe1;border-radius:6px;box-shadow:0 1px 1px rgba(0,0,0,.03)}
select:focus{outline:none;border-color:#635bff;box-shadow:0 0 0 3px rgba(99,91,255,.25)}
[aria-invalid=true]{border-color:#df1b41}
fieldset{display:grid;gap:14px;min-width:0;margin:0;padding:0;border:0}
legend{margin:10px 0 12px;padding:0;font-size:17px;font-weight:600}
.field-error{margin:6px 0 0;color:#b3093c;font-size:13px;font-weight:500}
.methods{gap:10px}
.method{display:grid;grid-template-columns:auto 1fr auto;gap:12px;align-items:center;margin:0;padding:14px;color:#1a1f36;background:#fff;border:1px solid #d5dbe1;border-radius:8px;cursor:pointer}
.method input{width:18px;height:18px;margin:0;accent-color:#635bff}
.method:has(input:checked){border-color:#635bff;box-shadow:0 0 0 1px #635bff}
.method:has(input:focus-visible){box-shadow:0 0 0 3px rgba(99,91,255,.35)}
.method-name{display:block;font-weight:600}
.method-time{display:block;color:#697386;font-size:13px;font-weight:400}
.method-price{font-weight:600}
.for-express{display:none}
.checkout:has(#ship-express:checked) .for-express{display:inline}
.checkout:has(#ship-express:checked) .for-standard{display:none}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
@media (max-width:360px){.row{grid-template-columns:1fr}}
.error{margin:0;padding:10px 12px;border-radius:6px;background:#fde8ea;color:#b3093c;font-size:14px;font-weight:500}
button{margin-top:6px;padding:13px;font:inherit;font-weight:600;color:#fff;background:#635bff;border:0;border-radius:6px;cursor:pointer}
button:hover{background:#4b45c6}
button:focus-visible{outline:3px solid rgba(99,91,255,.45);outline-offset:2px}
.cancel{margin:18px 0 0;text-align:center;font-size:14px}
a{color:#4f46e5}
.field-hint{margin:4px 0 0;color:#4f566b;font-size:12px}
.hint{margin:24px 0 0;padding:12px;border:1px dashed #d5dbe1;border-radius:6px;color:#4f566b;font-size:13px}
.notice{max-width:520px;margin:12vh auto;padding:40px 32px;background:#fff;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.06);text-align:center}
.notice h1{font-size:24px;margin-bottom:12px}
.notice p{color:#4f566b}
.notice .shop{justify-content:center}
`;
