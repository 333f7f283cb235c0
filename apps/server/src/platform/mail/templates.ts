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

/** A mail with one call to action: the link in the text and as a button in the HTML. */
export function linkMail(options: {
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

export type Recipient = { to: string; firstName: string; language: Language };

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

const INVITATION = {
  'en-US': {
    subject: (inviter: string) => `${inviter} invited you to their team on ${PRODUCT}`,
    greeting: 'Hello,',
    lines: (inviter: string, team: string) => [
      `${inviter} has invited you to join the team ${team} on ${PRODUCT}.`,
      'Choose your name and password to create your account. The link is valid for 7 days.',
    ],
    action: 'Accept the invitation',
    footer: 'If you were not expecting this invitation, you can ignore this message.',
  },
  es: {
    subject: (inviter: string) => `${inviter} te ha invitado a su equipo en ${PRODUCT}`,
    greeting: 'Hola:',
    lines: (inviter: string, team: string) => [
      `${inviter} te ha invitado a unirte al equipo ${team} en ${PRODUCT}.`,
      'Elige tu nombre y tu contraseña para crear tu cuenta. El enlace es válido durante 7 días.',
    ],
    action: 'Aceptar la invitación',
    footer: 'Si no esperabas esta invitación, puedes ignorar este mensaje.',
  },
} as const;

const ACCOUNT_CREATED = {
  'en-US': {
    subject: `Your ${PRODUCT} account is ready`,
    greeting: (name: string) => `Hello ${name},`,
    lines: [
      `An administrator has created a ${PRODUCT} account for you.`,
      'Choose your password to start. The link is valid for 7 days and can be used once.',
    ],
    action: 'Choose my password',
    footer: 'If you were not expecting this account, you can ignore this message.',
  },
  es: {
    subject: `Tu cuenta de ${PRODUCT} está lista`,
    greeting: (name: string) => `Hola ${name}:`,
    lines: [
      `Un administrador ha creado una cuenta de ${PRODUCT} para ti.`,
      'Elige tu contraseña para empezar. El enlace es válido durante 7 días y solo se puede usar una vez.',
    ],
    action: 'Elegir mi contraseña',
    footer: 'Si no esperabas esta cuenta, puedes ignorar este mensaje.',
  },
} as const;

const REGISTRATION_ATTEMPT = {
  'en-US': {
    subject: `Someone tried to register your address on ${PRODUCT}`,
    greeting: (name: string) => `Hello ${name},`,
    lines: [
      'Someone tried to create a new account with this email address, which already has one.',
      'If it was you, sign in instead; if you forgot your password, choose "Forgot password?" there.',
    ],
    action: 'Sign in',
    footer: 'If it was not you, you can ignore this message: nothing has changed.',
  },
  es: {
    subject: `Alguien ha intentado registrar tu dirección en ${PRODUCT}`,
    greeting: (name: string) => `Hola ${name}:`,
    lines: [
      'Alguien ha intentado crear una cuenta nueva con esta dirección de correo, que ya tiene una.',
      'Si has sido tú, inicia sesión; si has olvidado la contraseña, elige allí "¿Olvidaste tu contraseña?".',
    ],
    action: 'Iniciar sesión',
    footer: 'Si no has sido tú, puedes ignorar este mensaje: no ha cambiado nada.',
  },
} as const;

const PASSWORD_CHECKS_PAUSED = {
  'en-US': {
    subject: `Sign-ins to your ${PRODUCT} account are paused`,
    greeting: (name: string) => `Hello ${name},`,
    lines: [
      'Someone entered a wrong password for your account five times in a row.',
      'To keep it safe, signing in with a password is paused for 15 minutes, longer if it goes on.',
      'If this was not you, choose a new password now: it ends the pause.',
    ],
    action: 'Choose a new password',
    footer: 'If it was you, wait a few minutes and try again.',
  },
  es: {
    subject: `Hemos pausado el acceso a tu cuenta de ${PRODUCT}`,
    greeting: (name: string) => `Hola ${name}:`,
    lines: [
      'Alguien ha escrito una contraseña incorrecta para tu cuenta cinco veces seguidas.',
      'Para protegerla, el acceso con contraseña queda en pausa 15 minutos, más si continúa.',
      'Si no has sido tú, elige ahora una contraseña nueva: eso termina la pausa.',
    ],
    action: 'Elegir una contraseña nueva',
    footer: 'Si has sido tú, espera unos minutos y vuelve a intentarlo.',
  },
} as const;

const EMAIL_CHANGE_CONFIRM = {
  'en-US': {
    subject: `Confirm your new email for ${PRODUCT}`,
    greeting: (name: string) => `Hello ${name},`,
    lines: [
      `You asked to use this address for your ${PRODUCT} account.`,
      'Your email changes only when you open this link. It is valid for 24 hours and can be used once.',
    ],
    action: 'Confirm my new email',
    footer: 'If you did not ask for this, you can ignore this message: nothing changes.',
  },
  es: {
    subject: `Confirma tu nuevo correo en ${PRODUCT}`,
    greeting: (name: string) => `Hola ${name}:`,
    lines: [
      `Has pedido usar esta dirección en tu cuenta de ${PRODUCT}.`,
      'Tu correo solo cambia cuando abres este enlace. Es válido durante 24 horas y solo se puede usar una vez.',
    ],
    action: 'Confirmar mi nuevo correo',
    footer: 'Si no lo has pedido tú, puedes ignorar este mensaje: no cambia nada.',
  },
} as const;

const EMAIL_CHANGE_REQUESTED = {
  'en-US': {
    subject: `A change of your ${PRODUCT} email was requested`,
    greeting: (name: string) => `Hello ${name},`,
    lines: (newEmail: string) => [
      `Someone signed in to your account asked to change its email to ${newEmail}.`,
      'Your email stays the same until the link sent to that address is opened.',
      'If it was not you, cancel the change in your profile and choose a new password.',
    ],
    action: 'Open my profile',
    footer: 'If it was you, there is nothing else to do here.',
  },
  es: {
    subject: `Se ha pedido cambiar tu correo de ${PRODUCT}`,
    greeting: (name: string) => `Hola ${name}:`,
    lines: (newEmail: string) => [
      `Alguien con sesión en tu cuenta ha pedido cambiar su correo a ${newEmail}.`,
      'Tu correo no cambia hasta que se abra el enlace enviado a esa dirección.',
      'Si no has sido tú, cancela el cambio en tu perfil y elige una contraseña nueva.',
    ],
    action: 'Abrir mi perfil',
    footer: 'Si has sido tú, no tienes que hacer nada más.',
  },
} as const;

const EMAIL_CHANGE_ATTEMPT = {
  'en-US': {
    subject: `Someone tried to move your address to another ${PRODUCT} account`,
    greeting: (name: string) => `Hello ${name},`,
    lines: [
      'Someone asked to use this email address for another account, but it already belongs to yours.',
      'Your account keeps it: no change was made and no link to take it over was sent.',
    ],
    action: 'Sign in',
    footer: 'If it was you, sign in to this account instead.',
  },
  es: {
    subject: `Alguien ha intentado llevar tu dirección a otra cuenta de ${PRODUCT}`,
    greeting: (name: string) => `Hola ${name}:`,
    lines: [
      'Alguien ha pedido usar esta dirección de correo en otra cuenta, pero ya pertenece a la tuya.',
      'Tu cuenta la conserva: no se ha cambiado nada ni se ha enviado ningún enlace para quedársela.',
    ],
    action: 'Iniciar sesión',
    footer: 'Si has sido tú, inicia sesión en esta cuenta.',
  },
} as const;

type RecipientTexts = {
  subject: string;
  greeting: (name: string) => string;
  lines: readonly string[];
  action: string;
  footer: string;
};

/** A mail greeting a known user by name, in their language, around one link. */
function recipientMail(
  texts: Record<Language, RecipientTexts>,
  recipient: Recipient,
  link: string,
): MailMessage {
  const text = texts[recipient.language];
  return linkMail({
    ...text,
    to: recipient.to,
    greeting: text.greeting(recipient.firstName),
    lines: [...text.lines],
    link,
  });
}

export function confirmRegistrationMail(recipient: Recipient, link: string): MailMessage {
  return recipientMail(CONFIRM, recipient, link);
}

export function resetPasswordMail(recipient: Recipient, link: string): MailMessage {
  return recipientMail(RESET, recipient, link);
}

/** Written in the inviter's language: the invitee has no account, so no language of their own. */
export function invitationMail(
  options: { to: string; inviter: string; team: string; language: Language },
  link: string,
): MailMessage {
  const texts = INVITATION[options.language];
  return linkMail({
    ...texts,
    to: options.to,
    subject: texts.subject(options.inviter),
    lines: texts.lines(options.inviter, options.team),
    link,
  });
}

export function registrationAttemptMail(recipient: Recipient, link: string): MailMessage {
  return recipientMail(REGISTRATION_ATTEMPT, recipient, link);
}

export function passwordChecksPausedMail(recipient: Recipient, link: string): MailMessage {
  return recipientMail(PASSWORD_CHECKS_PAUSED, recipient, link);
}

export function accountCreatedMail(recipient: Recipient, link: string): MailMessage {
  return recipientMail(ACCOUNT_CREATED, recipient, link);
}

/** To the new address of an email change: the link that makes the change. */
export function confirmEmailChangeMail(recipient: Recipient, link: string): MailMessage {
  return recipientMail(EMAIL_CHANGE_CONFIRM, recipient, link);
}

/** To the current address of an email change: a notice, with the way to cancel it. */
export function emailChangeRequestedMail(
  recipient: Recipient,
  options: { newEmail: string; link: string },
): MailMessage {
  const texts = EMAIL_CHANGE_REQUESTED[recipient.language];
  return linkMail({
    ...texts,
    to: recipient.to,
    greeting: texts.greeting(recipient.firstName),
    lines: texts.lines(options.newEmail),
    link: options.link,
  });
}

/** To an address of another account that someone asked to move to theirs: a notice, no link. */
export function emailChangeAttemptMail(recipient: Recipient, link: string): MailMessage {
  return recipientMail(EMAIL_CHANGE_ATTEMPT, recipient, link);
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
