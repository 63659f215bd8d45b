import { endpoints, type CheckoutAppearance } from '@portal/contract';
import type { CardEntryField } from './card-entry';
import type { CheckoutTexts } from './checkout-texts';

/**
 * Rendering of the sandbox's hosted checkout page: plain HTML, no scripts (CSP script-src 'self'). It wears
 * the portal's brand, follows the theme the person chose in the portal (not only the device's scheme) and
 * reads in their language (docs/decisions/0014-languages-of-what-customers-receive.md).
 */

export const SANDBOX_STYLESHEET_PATH = endpoints.sandboxCheckoutStylesheet.path;

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `system` leaves the scheme to the device (the stylesheet's media query); light and dark are fixed. */
const themeClass = (theme: CheckoutAppearance['theme'] | undefined): string =>
  theme === 'light' || theme === 'dark' ? ` class="theme-${theme}"` : '';

export const layout = (texts: CheckoutTexts, theme: CheckoutAppearance['theme'] | undefined, title: string, body: string): string => `<!doctype html>
<html lang="${texts.lang}"${themeClass(theme)}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="stylesheet" href="${SANDBOX_STYLESHEET_PATH}">
</head>
<body>
<main class="checkout">
${body}
<p class="secured">${escapeHtml(texts.secured)}</p>
</main>
</body>
</html>
`;

export interface CheckoutPageModel {
  texts: CheckoutTexts;
  theme?: CheckoutAppearance['theme'] | undefined;
  merchantName: string;
  accountLabel: string;
  formAction: string;
  cancelUrl: string;
  /** What the customer typed, shown again after an error (never the CVC). */
  values: { cardNumber: string; expiry: string; nameOnCard: string };
  errors: Partial<Record<CardEntryField, string>>;
}

export interface FieldSpec<Name extends string = CardEntryField> {
  name: Name;
  label: string;
  autocomplete: string;
  inputmode?: string;
  placeholder?: string;
  maxlength: number;
  value: string;
}

export const field = <Name extends string>(spec: FieldSpec<Name>, error: string | undefined): string => {
  const id = `field-${spec.name}`;
  const errorId = `${id}-error`;
  const attrs = [
    `id="${id}"`,
    `name="${spec.name}"`,
    'type="text"',
    `autocomplete="${spec.autocomplete}"`,
    spec.inputmode ? `inputmode="${spec.inputmode}"` : '',
    spec.placeholder ? `placeholder="${escapeHtml(spec.placeholder)}"` : '',
    `maxlength="${spec.maxlength}"`,
    `value="${escapeHtml(spec.value)}"`,
    'required',
    'spellcheck="false"',
    error ? `aria-invalid="true" aria-describedby="${errorId}"` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return `<div class="field${error ? ' field--error' : ''}">
<label for="${id}">${escapeHtml(spec.label)}</label>
<input ${attrs}>
${error ? `<p class="field__error" id="${errorId}">${escapeHtml(error)}</p>` : ''}
</div>`;
};

/** The card entry form; errors render inline beside their fields and in a summary announced to screen readers. */
/** The error summary above a form: each message links to its field. */
export const errorSummary = (heading: string, errors: Partial<Record<string, string>>): string => {
  const errorList = Object.entries(errors);
  return errorList.length > 0
    ? `<div class="summary" role="alert" tabindex="-1"><h2>${escapeHtml(heading)}</h2><ul>${errorList
        .map(([name, message]) => `<li><a href="#field-${name}">${escapeHtml(message ?? '')}</a></li>`)
        .join('')}</ul></div>`
    : '';
};

export const renderCheckoutPage = (model: CheckoutPageModel): string => {
  const { errors, values, texts } = model;
  const summary = errorSummary(texts.checkDetails, errors);
  return layout(
    texts,
    model.theme,
    texts.title(model.merchantName),
    `<header class="merchant">
<p class="merchant__name">${escapeHtml(model.merchantName)}</p>
<h1>${escapeHtml(texts.addCard)}</h1>
<p class="merchant__account">${escapeHtml(model.accountLabel)}</p>
</header>
${summary}
<form method="post" action="${escapeHtml(model.formAction)}" novalidate>
${field({ name: 'cardNumber', label: texts.cardNumber, autocomplete: 'cc-number', inputmode: 'numeric', placeholder: '1234 1234 1234 1234', maxlength: 23, value: values.cardNumber }, errors.cardNumber)}
<div class="row">
${field({ name: 'expiry', label: texts.expiry, autocomplete: 'cc-exp', inputmode: 'numeric', placeholder: 'MM/YY', maxlength: 7, value: values.expiry }, errors.expiry)}
${field({ name: 'cvc', label: texts.cvc, autocomplete: 'cc-csc', inputmode: 'numeric', placeholder: '123', maxlength: 4, value: '' }, errors.cvc)}
</div>
${field({ name: 'nameOnCard', label: texts.nameOnCard, autocomplete: 'cc-name', maxlength: 100, value: values.nameOnCard }, errors.nameOnCard)}
<button type="submit" class="button">${escapeHtml(texts.save)}</button>
<a class="cancel" href="${escapeHtml(model.cancelUrl)}">${escapeHtml(texts.cancel(model.merchantName))}</a>
</form>
<section class="test-cards" aria-labelledby="test-cards-title">
<h2 id="test-cards-title">${escapeHtml(texts.testCards)}</h2>
<ul>${texts.testCardList.map((c) => `<li><span class="test-cards__number">${c.number}</span> ${escapeHtml(c.outcome)}</li>`).join('')}</ul>
</section>`,
  );
};

/** Shown for a session that is unknown to the sandbox, expired or already used. */
export const renderUnavailablePage = (texts: CheckoutTexts, theme: CheckoutAppearance['theme'] | undefined, returnUrl: string | null): string =>
  layout(
    texts,
    theme,
    texts.unavailableTitle,
    `<header class="merchant"><h1>${escapeHtml(texts.unavailableTitle)}</h1></header>
<p class="notice" role="alert">${escapeHtml(texts.unavailable)}</p>
${returnUrl ? `<a class="button button--link" href="${escapeHtml(returnUrl)}">${escapeHtml(texts.returnToPortal)}</a>` : ''}`,
  );

const DARK = '--bg:#0f1115;--card:#1a1d24;--text:#eef0f3;--muted:#a6adbb;--border:#3a404c;--focus:#60a5fa;--accent-text:#fff;--link:#93c5fd;--error:#fda29b;--error-bg:#3b1a17';

/**
 * The page's stylesheet: light and dark, phone to desktop, in the brand's accent. The portal's theme
 * choice wins over the device's scheme: `theme-dark` and `theme-light` on the root fix it.
 */
export const checkoutStylesheet = (accent: string): string => `:root{color-scheme:light dark;--bg:#f4f5f7;--card:#fff;--text:#1a1d23;--muted:#5b6270;--border:#c9ced6;--focus:#2563eb;--accent:${accent};--accent-text:#fff;--link:${accent};--error:#b42318;--error-bg:#fef3f2}
:root.theme-light{color-scheme:light}
:root.theme-dark{color-scheme:dark;${DARK}}
@media (prefers-color-scheme:dark){:root:not(.theme-light){${DARK}}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;display:flex;align-items:flex-start;justify-content:center;padding:1rem}
.checkout{width:100%;max-width:28rem;background:var(--card);border:1px solid var(--border);border-radius:12px;padding:1.5rem;margin-top:2rem;box-shadow:0 8px 24px rgb(0 0 0 / .08)}
@media (max-width:480px){body{padding:0}.checkout{margin-top:0;border-radius:0;border-left:0;border-right:0;min-height:100vh}}
.merchant{margin-bottom:1.25rem}
.merchant__name{margin:0;font-weight:600;color:var(--muted);font-size:.875rem;text-transform:uppercase;letter-spacing:.04em}
h1{margin:.25rem 0;font-size:1.5rem}
.merchant__account{margin:0;color:var(--muted)}
.field{margin-bottom:1rem;flex:1}
.row{display:flex;gap:1rem}
@media (max-width:360px){.row{flex-direction:column;gap:0}}
label{display:block;font-weight:600;margin-bottom:.375rem}
input{width:100%;font:inherit;padding:.625rem .75rem;border:1px solid var(--border);border-radius:8px;background:var(--card);color:var(--text)}
input:focus-visible,a:focus-visible,button:focus-visible,.summary:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.field--error input{border-color:var(--error)}
.field__error{margin:.375rem 0 0;color:var(--error);font-size:.875rem}
.summary{border:1px solid var(--error);background:var(--error-bg);border-radius:8px;padding:.75rem 1rem;margin-bottom:1rem}
.summary h2{font-size:1rem;margin:0 0 .25rem}
.summary ul{margin:0;padding-left:1.25rem}
.summary a{color:var(--error)}
.button{display:block;width:100%;padding:.75rem;border:0;border-radius:8px;background:var(--accent);color:var(--accent-text);font:inherit;font-weight:600;cursor:pointer;text-align:center;text-decoration:none}
.button:hover{filter:brightness(1.08)}
.cancel{display:block;text-align:center;margin-top:1rem;color:var(--link)}
.notice{margin:0 0 1rem}
.secured{margin:1.5rem 0 0;text-align:center;font-size:.8125rem;color:var(--muted)}
.test-cards{margin-top:1.5rem;border-top:1px solid var(--border);padding-top:1rem;font-size:.875rem;color:var(--muted)}
.test-cards h2{font-size:.875rem;margin:0 0 .5rem;color:var(--text)}
.test-cards ul{margin:0;padding-left:1.25rem}
.test-cards__number{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;color:var(--text);white-space:nowrap}
`;
