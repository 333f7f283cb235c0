import type { Language } from '@app/contracts';
import { escapeHtml, renderDocument } from '../html.js';
import type { SandboxAccountDetails } from './accounts.js';
import type { SandboxBank } from './banks.js';
import { SANDBOX_CONSENT_DAYS } from './sandbox-aggregator.js';

export type ConsentProblem = 'not-found' | 'answered' | 'invalid' | 'unavailable';

const TEXTS = {
  'en-US': {
    sandbox: 'Sandbox bank: any user and password are accepted.',
    signInTitle: 'Sign in to online banking',
    userId: 'User ID',
    password: 'Password',
    signIn: 'Sign in',
    cancel: 'Cancel',
    credentialsMissing: 'Enter your user ID and password.',
    accountsTitle: 'Choose the accounts to share',
    accountsLead: 'Neuron Platform will only see the accounts you select.',
    accountsMissing: 'Choose at least one account.',
    continue: 'Continue',
    consentTitle: 'Give your consent',
    consentLead: `Neuron Platform asks to read your account details, balances and transactions for ${SANDBOX_CONSENT_DAYS} days.`,
    permissions: ['Account details (name and number)', 'Balances', 'Transaction history'],
    sharedAccounts: 'Accounts shared',
    consentNote: 'Neuron Platform cannot make payments. You can withdraw this consent at any time.',
    accept: 'Accept',
    problems: {
      'not-found': {
        title: 'This page is no longer available',
        text: 'The consent request does not exist or has expired. Start again from the app.',
      },
      answered: {
        title: 'This request was already answered',
        text: 'The consent was already given or refused. Start again from the app.',
      },
      invalid: {
        title: 'Something is missing',
        text: 'The form was not valid. Go back and try again.',
      },
      unavailable: {
        title: 'The bank is not available',
        text: 'Please try again in a few minutes.',
      },
    },
  },
  es: {
    sandbox: 'Banco de pruebas: se acepta cualquier usuario y contraseña.',
    signInTitle: 'Accede a tu banca online',
    userId: 'Usuario',
    password: 'Contraseña',
    signIn: 'Entrar',
    cancel: 'Cancelar',
    credentialsMissing: 'Introduce tu usuario y tu contraseña.',
    accountsTitle: 'Elige las cuentas que compartes',
    accountsLead: 'Neuron Platform solo verá las cuentas que selecciones.',
    accountsMissing: 'Elige al menos una cuenta.',
    continue: 'Continuar',
    consentTitle: 'Da tu consentimiento',
    consentLead: `Neuron Platform solicita leer los datos, saldos y movimientos de tus cuentas durante ${SANDBOX_CONSENT_DAYS} días.`,
    permissions: ['Datos de la cuenta (nombre y número)', 'Saldos', 'Historial de movimientos'],
    sharedAccounts: 'Cuentas compartidas',
    consentNote:
      'Neuron Platform no puede hacer pagos. Puedes retirar este consentimiento cuando quieras.',
    accept: 'Aceptar',
    problems: {
      'not-found': {
        title: 'Esta página ya no está disponible',
        text: 'La solicitud de consentimiento no existe o ha caducado. Vuelve a empezar desde la aplicación.',
      },
      answered: {
        title: 'Esta solicitud ya se respondió',
        text: 'El consentimiento ya se dio o se rechazó. Vuelve a empezar desde la aplicación.',
      },
      invalid: {
        title: 'Falta algún dato',
        text: 'El formulario no era válido. Vuelve atrás e inténtalo de nuevo.',
      },
      unavailable: {
        title: 'El banco no está disponible',
        text: 'Inténtalo de nuevo en unos minutos.',
      },
    },
  },
} as const satisfies Record<Language, unknown>;

type BankPage = { bank: SandboxBank; language: Language };

function style(bank: SandboxBank | undefined): string {
  const brand = bank?.brandColour ?? '#37474f';
  const brandText = bank?.brandTextColour ?? '#ffffff';
  return `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#eef0f3;color:#1c2430}
header{background:#fff;border-top:6px solid ${brand};border-bottom:1px solid #dde1e7}
header div{max-width:440px;margin:0 auto;padding:14px 16px;display:flex;align-items:center;gap:12px;font-weight:700;font-size:1.1rem}
header img{width:40px;height:40px;border-radius:9px}
main{width:calc(100% - 24px);max-width:440px;margin:20px auto;padding:24px 20px;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
h1{font-size:1.25rem;margin:0 0 12px}
h2{font-size:.95rem;margin:0 0 6px}
p{line-height:1.45;color:#45505f;margin:0 0 14px}
label{display:block;font-weight:600;font-size:.9rem;margin:0 0 6px}
input[type=text],input[type=password]{width:100%;padding:11px 12px;font-size:1rem;border:1px solid #c3c9d2;border-radius:8px;margin-bottom:14px}
input:focus{outline:2px solid ${brand};outline-offset:1px}
.account{display:flex;gap:12px;align-items:flex-start;padding:12px;border:1px solid #dde1e7;border-radius:10px;margin-bottom:10px;font-weight:400}
.account input{width:20px;height:20px;margin:2px 0 0;accent-color:${brand}}
.account span{display:block}.account small{color:#5d6877;font-size:.85rem;word-break:break-all}
ul{margin:0 0 14px;padding-left:20px;line-height:1.6}
.actions{display:flex;flex-wrap:wrap;gap:10px;margin-top:8px}
button{flex:1 1 140px;padding:12px 16px;font-size:1rem;font-weight:600;border-radius:8px;border:1px solid ${brand};background:${brand};color:${brandText};cursor:pointer}
button.secondary{background:#fff;color:#1c2430;border-color:#c3c9d2}
.error{background:#fdecea;color:#8a1c13;border-radius:8px;padding:10px 12px}
.sandbox{max-width:440px;margin:0 auto;padding:0 16px 24px;font-size:.8rem;color:#5d6877;text-align:center}
`;
}

function page(options: {
  bank: SandboxBank | undefined;
  language: Language;
  title: string;
  content: string;
}): string {
  const { bank, language } = options;
  const header = bank
    ? `<header><div><img src="${escapeHtml(bank.logo)}" alt=""><span>${escapeHtml(bank.name)}</span></div></header>`
    : '';
  return renderDocument({
    language,
    title: bank ? `${bank.name} · ${options.title}` : options.title,
    style: style(bank),
    body:
      `${header}<main><h1>${escapeHtml(options.title)}</h1>${options.content}</main>` +
      `<p class="sandbox">${TEXTS[language].sandbox}</p>`,
  });
}

function errorNote(message: string | false): string {
  return message ? `<p class="error" role="alert">${message}</p>` : '';
}

/** Continue first, so Enter in a field continues; Cancel skips the browser's own checks. */
function actions(language: Language, continueLabel: string): string {
  return (
    `<div class="actions"><button type="submit" name="action" value="continue">${continueLabel}</button>` +
    `<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>${TEXTS[language].cancel}</button></div>`
  );
}

export function renderSignInPage(options: BankPage & { hasError: boolean }): string {
  const texts = TEXTS[options.language];
  const content =
    errorNote(options.hasError && texts.credentialsMissing) +
    '<form method="post"><input type="hidden" name="step" value="sign-in">' +
    `<label for="user-id">${texts.userId}</label>` +
    '<input type="text" id="user-id" name="userId" autocomplete="username" maxlength="100" required>' +
    `<label for="password">${texts.password}</label>` +
    '<input type="password" id="password" name="password" autocomplete="current-password" maxlength="100" required>' +
    `${actions(options.language, texts.signIn)}</form>`;
  return page({ ...options, title: texts.signInTitle, content });
}

function accountLabel(account: SandboxAccountDetails): string {
  return `<span>${escapeHtml(account.name)}<small>${escapeHtml(account.number)}</small></span>`;
}

export function renderAccountsPage(
  options: BankPage & { accounts: SandboxAccountDetails[]; hasError: boolean },
): string {
  const texts = TEXTS[options.language];
  const choices = options.accounts
    .map(
      (account) =>
        `<label class="account"><input type="checkbox" name="accounts" value="${account.kind}" checked>${accountLabel(account)}</label>`,
    )
    .join('');
  const content =
    `<p>${texts.accountsLead}</p>${errorNote(options.hasError && texts.accountsMissing)}` +
    `<form method="post"><input type="hidden" name="step" value="accounts">${choices}` +
    `${actions(options.language, texts.continue)}</form>`;
  return page({ ...options, title: texts.accountsTitle, content });
}

export function renderConsentPage(
  options: BankPage & { accounts: SandboxAccountDetails[] },
): string {
  const texts = TEXTS[options.language];
  const hidden = options.accounts
    .map((account) => `<input type="hidden" name="accounts" value="${account.kind}">`)
    .join('');
  const content =
    `<p>${texts.consentLead}</p><ul>${texts.permissions.map((item) => `<li>${item}</li>`).join('')}</ul>` +
    `<h2>${texts.sharedAccounts}</h2><ul>${options.accounts.map((account) => `<li>${accountLabel(account)}</li>`).join('')}</ul>` +
    `<p>${texts.consentNote}</p>` +
    `<form method="post"><input type="hidden" name="step" value="consent">${hidden}` +
    `${actions(options.language, texts.accept)}</form>`;
  return page({ ...options, title: texts.consentTitle, content });
}

export function renderProblemPage(options: {
  problem: ConsentProblem;
  language: Language;
  bank?: SandboxBank;
}): string {
  const problem = TEXTS[options.language].problems[options.problem];
  return page({
    bank: options.bank,
    language: options.language,
    title: problem.title,
    content: `<p>${problem.text}</p>`,
  });
}
