import type { Language } from '@app/contracts';
import type { MailMessage } from './transport.js';

const PRODUCT = 'Neuron Platform';

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function linkMail(options: {
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  action: string;
  link: string;
  footer: string;
}): MailMessage {
  const text = [
    options.greeting,
    '',
    ...options.lines,
    '',
    `${options.action}: ${options.link}`,
    '',
    options.footer,
  ].join('\n');
  const html = `<p>${escapeHtml(options.greeting)}</p>${options.lines
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join(
      '',
    )}<p><a href="${escapeHtml(options.link)}">${escapeHtml(options.action)}</a></p><p>${escapeHtml(options.footer)}</p>`;
  return { to: options.to, subject: options.subject, text, html };
}

type Recipient = { to: string; firstName: string; language: Language };

const CONFIRM = {
  'en-US': {
    subject: `Confirm your email for ${PRODUCT}`,
    greeting: (name: string) => `Hello ${name},`,
    lines: [
      `Thank you for registering with ${PRODUCT}.`,
      'Please confirm your email address to activate your account.',
    ],
    action: 'Confirm my email',
    footer: 'If you did not create this account, you can ignore this message.',
  },
  es: {
    subject: `Confirma tu correo en ${PRODUCT}`,
    greeting: (name: string) => `Hola ${name}:`,
    lines: [
      `Gracias por registrarte en ${PRODUCT}.`,
      'Confirma tu dirección de correo para activar tu cuenta.',
    ],
    action: 'Confirmar mi correo',
    footer: 'Si no has creado esta cuenta, puedes ignorar este mensaje.',
  },
} as const;

const RESET = {
  'en-US': {
    subject: `Reset your ${PRODUCT} password`,
    greeting: (name: string) => `Hello ${name},`,
    lines: [
      'We received a request to reset your password.',
      'The link is valid for 2 hours and can be used once.',
    ],
    action: 'Choose a new password',
    footer:
      'If you did not ask for this, you can ignore this message: your password stays the same.',
  },
  es: {
    subject: `Restablece tu contraseña de ${PRODUCT}`,
    greeting: (name: string) => `Hola ${name}:`,
    lines: [
      'Hemos recibido una solicitud para restablecer tu contraseña.',
      'El enlace es válido durante 2 horas y solo se puede usar una vez.',
    ],
    action: 'Elegir una contraseña nueva',
    footer: 'Si no lo has pedido tú, ignora este mensaje: tu contraseña no cambia.',
  },
} as const;

export function confirmRegistrationMail(recipient: Recipient, link: string): MailMessage {
  const texts = CONFIRM[recipient.language];
  return linkMail({
    ...texts,
    to: recipient.to,
    greeting: texts.greeting(recipient.firstName),
    lines: [...texts.lines],
    link,
  });
}

export function resetPasswordMail(recipient: Recipient, link: string): MailMessage {
  const texts = RESET[recipient.language];
  return linkMail({
    ...texts,
    to: recipient.to,
    greeting: texts.greeting(recipient.firstName),
    lines: [...texts.lines],
    link,
  });
}

/** The support team reads English; replying answers the user directly. */
export function supportMessageMail(options: {
  to: string;
  from: { email: string; name: string; teamId: string };
  subject: string;
  body: string;
}): MailMessage {
  const header = `From: ${options.from.name} <${options.from.email}> (team ${options.from.teamId})`;
  return {
    to: options.to,
    replyTo: options.from.email,
    subject: `[Support] ${options.subject}`,
    text: `${header}\n\n${options.body}`,
    html: `<p>${escapeHtml(header)}</p><pre style="white-space:pre-wrap">${escapeHtml(options.body)}</pre>`,
  };
}
