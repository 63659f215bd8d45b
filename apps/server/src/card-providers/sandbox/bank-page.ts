import type { BankDebitScheme, CheckoutAppearance } from '@portal/contract';
import type { BankEntryField } from './bank-entry';
import { SANDBOX_BANK_ROUTING } from './bank-entry';
import type { BankTexts } from './bank-texts';
import { errorSummary, escapeHtml, field, layout } from './checkout-page';
import type { CheckoutTexts } from './checkout-texts';

/** The sandbox's bank account form (docs/decisions/0035-bank-debit.md): plain HTML like its card form, the fields of the scheme. */
export interface BankPageModel {
  texts: CheckoutTexts;
  bank: BankTexts;
  scheme: BankDebitScheme;
  theme?: CheckoutAppearance['theme'] | undefined;
  merchantName: string;
  accountLabel: string;
  formAction: string;
  cancelUrl: string;
  /** What the customer typed, shown again after an error (never the account number). */
  values: { transit: string; institution: string; routing: string; accountHolder: string };
  errors: Partial<Record<BankEntryField, string>>;
}

const numeric = { autocomplete: 'off', inputmode: 'numeric' } as const;

export const renderBankPage = (model: BankPageModel): string => {
  const { bank, errors, values } = model;
  const routingFields =
    model.scheme === 'acss_debit'
      ? `<div class="row">
${field({ name: 'transit', label: bank.transit, ...numeric, placeholder: SANDBOX_BANK_ROUTING.transit, maxlength: 5, value: values.transit }, errors.transit)}
${field({ name: 'institution', label: bank.institution, ...numeric, placeholder: SANDBOX_BANK_ROUTING.institution, maxlength: 3, value: values.institution }, errors.institution)}
</div>`
      : field({ name: 'routing', label: bank.routing, ...numeric, placeholder: SANDBOX_BANK_ROUTING.routing, maxlength: 9, value: values.routing }, errors.routing);
  const testRouting = model.scheme === 'acss_debit' ? `${SANDBOX_BANK_ROUTING.institution}-${SANDBOX_BANK_ROUTING.transit}` : SANDBOX_BANK_ROUTING.routing;
  return layout(
    { ...model.texts, secured: bank.secured },
    model.theme,
    bank.title(model.merchantName),
    `<header class="merchant">
<p class="merchant__name">${escapeHtml(model.merchantName)}</p>
<h1>${escapeHtml(bank.heading[model.scheme])}</h1>
<p class="merchant__account">${escapeHtml(model.accountLabel)}</p>
</header>
${errorSummary(bank.checkDetails, errors)}
<form method="post" action="${escapeHtml(model.formAction)}" novalidate>
${routingFields}
${field({ name: 'accountNumber', label: bank.accountNumber, ...numeric, maxlength: 17, value: '' }, errors.accountNumber)}
${field({ name: 'accountHolder', label: bank.accountHolder, autocomplete: 'name', maxlength: 100, value: values.accountHolder }, errors.accountHolder)}
<button type="submit" class="button">${escapeHtml(bank.save)}</button>
<a class="cancel" href="${escapeHtml(model.cancelUrl)}">${escapeHtml(model.texts.cancel(model.merchantName))}</a>
</form>
<section class="test-cards" aria-labelledby="test-accounts-title">
<h2 id="test-accounts-title">${escapeHtml(bank.testAccounts)}</h2>
<ul>${bank
      .testAccountList(testRouting)
      .map((a) => `<li><span class="test-cards__number">${escapeHtml(a.number)}</span> ${escapeHtml(a.outcome)}</li>`)
      .join('')}</ul>
</section>`,
  );
};
