import type { Language } from '@app/contracts';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../platform/deps.js';
import { linkMail, type Recipient } from '../../platform/mail/templates.js';
import type { MailMessage } from '../../platform/mail/transport.js';
import { getNeuron, localize } from '../catalogue/service.js';
import { getTeamOwner, toLanguage } from '../users/service.js';

const LOCALES: Record<Language, string> = { 'en-US': 'en-US', es: 'es-ES' };

function money(cents: number, language: Language): string {
  return new Intl.NumberFormat(LOCALES[language], { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );
}

/** dd-MM-yyyy, as subscriptions and invoices show dates. */
function day(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getUTCDate())}-${pad(date.getUTCMonth() + 1)}-${String(date.getUTCFullYear())}`;
}

const GREETING = {
  'en-US': (name: string) => `Hello ${name},`,
  es: (name: string) => `Hola ${name}:`,
} as const;

type Texts = { subject: string; lines: string[]; action: string; footer: string };

function mail(recipient: Recipient, texts: Texts, link: string): MailMessage {
  return linkMail({
    ...texts,
    to: recipient.to,
    greeting: GREETING[recipient.language](recipient.firstName),
    link,
  });
}

export function paymentReceiptMail(
  recipient: Recipient,
  options: {
    product: string;
    invoiceNumber: string;
    amountCents: number;
    link: string;
    pdf: Buffer;
  },
): MailMessage {
  const amount = money(options.amountCents, recipient.language);
  const texts: Record<Language, Texts> = {
    'en-US': {
      subject: `Receipt for your ${options.product} payment`,
      lines: [
        `We received your payment of ${amount} for ${options.product}. Thank you.`,
        `Invoice ${options.invoiceNumber} is paid; its PDF is attached.`,
      ],
      action: 'See the invoice',
      footer: 'Keep this message as your receipt.',
    },
    es: {
      subject: `Recibo de tu pago de ${options.product}`,
      lines: [
        `Hemos recibido tu pago de ${amount} por ${options.product}. Gracias.`,
        `La factura ${options.invoiceNumber} está pagada; te adjuntamos su PDF.`,
      ],
      action: 'Ver la factura',
      footer: 'Guarda este mensaje como recibo.',
    },
  };
  const fileWord = recipient.language === 'es' ? 'factura' : 'invoice';
  return {
    ...mail(recipient, texts[recipient.language], options.link),
    attachments: [
      {
        filename: `${fileWord}-${options.invoiceNumber.replace(/[^\w-]/g, '-')}.pdf`,
        contentType: 'application/pdf',
        contentBase64: options.pdf.toString('base64'),
      },
    ],
  };
}

/** A charge was refused: the owner is told how to pay, and when it is tried again. */
export function paymentFailedMail(
  recipient: Recipient,
  options: { product: string; reason: string | null; nextTry: Date | null; link: string },
): MailMessage {
  const { product, reason, nextTry } = options;
  const texts: Record<Language, Texts> = {
    'en-US': {
      subject: `We could not charge your ${product} subscription`,
      lines: [
        `The payment of your ${product} subscription did not go through${reason ? `: ${reason}` : '.'}`,
        'Choose another payment method and complete the payment to keep using it.',
        ...(nextTry ? [`Otherwise we will try again on ${day(nextTry)}.`] : []),
      ],
      action: 'Complete the payment',
      footer: 'If you have already paid, you can ignore this message.',
    },
    es: {
      subject: `No hemos podido cobrar tu suscripción a ${product}`,
      lines: [
        `El pago de tu suscripción a ${product} no se ha completado${reason ? `: ${reason}` : '.'}`,
        'Elige otro método de pago y completa el pago para seguir usándola.',
        ...(nextTry ? [`Si no, lo intentaremos de nuevo el ${day(nextTry)}.`] : []),
      ],
      action: 'Completar el pago',
      footer: 'Si ya has pagado, puedes ignorar este mensaje.',
    },
  };
  return mail(recipient, texts[recipient.language], options.link);
}

/** A subscription canceled by the owner (it ends at the end of the period) or ended unpaid. */
export function subscriptionCanceledMail(
  recipient: Recipient,
  options: { product: string; endsAt: Date; unpaid: boolean; link: string },
): MailMessage {
  const { product } = options;
  const date = day(options.endsAt);
  const texts: Record<Language, Texts> = {
    'en-US': {
      subject: `Your ${product} subscription is canceled`,
      lines: options.unpaid
        ? [`Your ${product} subscription has ended: its renewal could not be charged.`]
        : [`Your ${product} subscription is canceled. You can use it until ${date}.`],
      action: options.unpaid ? 'Subscribe again' : 'Keep my subscription',
      footer: 'If you did not expect this, answer this message.',
    },
    es: {
      subject: `Tu suscripción a ${product} está cancelada`,
      lines: options.unpaid
        ? [`Tu suscripción a ${product} ha terminado: no hemos podido cobrar su renovación.`]
        : [`Tu suscripción a ${product} está cancelada. Puedes usarla hasta el ${date}.`],
      action: options.unpaid ? 'Suscribirme de nuevo' : 'Mantener mi suscripción',
      footer: 'Si no lo esperabas, responde a este mensaje.',
    },
  };
  return mail(recipient, texts[recipient.language], options.link);
}

/** A plan change: the plan, the day from which its price applies, and that price. */
export function planChangedMail(
  recipient: Recipient,
  options: {
    product: string;
    planName: string;
    startsAt: Date;
    amountCents: number;
    interval: 'MONTH' | 'YEAR';
    link: string;
  },
): MailMessage {
  const { product, planName } = options;
  const date = day(options.startsAt);
  const amount = money(options.amountCents, recipient.language);
  const isYearly = options.interval === 'YEAR';
  const texts: Record<Language, Texts> = {
    'en-US': {
      subject: `Your ${product} plan is changing to ${planName}`,
      lines: [
        `Your ${product} subscription is on the ${planName} plan from ${date}.`,
        `From that day its price is ${amount} a ${isYearly ? 'year' : 'month'} plus VAT.`,
      ],
      action: 'See my subscription',
      footer: 'If you did not make this change, answer this message.',
    },
    es: {
      subject: `Tu plan de ${product} cambia a ${planName}`,
      lines: [
        `Tu suscripción a ${product} está en el plan ${planName} desde el ${date}.`,
        `Desde ese día su precio es de ${amount} al ${isYearly ? 'año' : 'mes'} más IVA.`,
      ],
      action: 'Ver mi suscripción',
      footer: 'Si no has hecho este cambio, responde a este mensaje.',
    },
  };
  return mail(recipient, texts[recipient.language], options.link);
}

export function renewalComingMail(
  recipient: Recipient,
  options: { product: string; renewsAt: Date; amountCents: number; link: string },
): MailMessage {
  const { product } = options;
  const date = day(options.renewsAt);
  const amount = money(options.amountCents, recipient.language);
  const texts: Record<Language, Texts> = {
    'en-US': {
      subject: `Your annual ${product} subscription renews on ${date}`,
      lines: [
        `Your annual ${product} subscription renews on ${date} for ${amount} plus VAT.`,
        'To stop it, cancel it before that day.',
      ],
      action: 'Manage my subscription',
      footer: 'Nothing is needed to keep it.',
    },
    es: {
      subject: `Tu suscripción anual a ${product} se renueva el ${date}`,
      lines: [
        `Tu suscripción anual a ${product} se renueva el ${date} por ${amount} más IVA.`,
        'Para que no se renueve, cancélala antes de ese día.',
      ],
      action: 'Gestionar mi suscripción',
      footer: 'Para mantenerla no tienes que hacer nada.',
    },
  };
  return mail(recipient, texts[recipient.language], options.link);
}

export function promotionEndingMail(
  recipient: Recipient,
  options: { product: string; endsAt: Date; amountCents: number; link: string },
): MailMessage {
  const { product } = options;
  const date = day(options.endsAt);
  const amount = money(options.amountCents, recipient.language);
  const texts: Record<Language, Texts> = {
    'en-US': {
      subject: `Your ${product} discount ends on ${date}`,
      lines: [
        `The discount of your ${product} subscription ends on ${date}.`,
        `From then on it renews at ${amount} plus VAT.`,
      ],
      action: 'Manage my subscription',
      footer: 'Nothing is needed to keep it.',
    },
    es: {
      subject: `El descuento de ${product} termina el ${date}`,
      lines: [
        `El descuento de tu suscripción a ${product} termina el ${date}.`,
        `A partir de entonces se renueva por ${amount} más IVA.`,
      ],
      action: 'Gestionar mi suscripción',
      footer: 'Para mantenerla no tienes que hacer nada.',
    },
  };
  return mail(recipient, texts[recipient.language], options.link);
}

/**
 * Mails the team's owner about a neuron, in the owner's language, through the outbox; pass
 * the transaction so the mail leaves only if the change it tells of commits.
 */
export async function mailOwnerAbout(
  deps: Deps,
  executor: Executor,
  options: {
    teamId: string;
    neuronId: string;
    build: (recipient: Recipient, product: string) => MailMessage;
  },
): Promise<void> {
  const owner = await getTeamOwner(executor, options.teamId);
  const neuron = await getNeuron(executor, options.neuronId);
  if (!owner || !neuron) return;
  const language = toLanguage(owner.language);
  const recipient = { to: owner.email, firstName: owner.firstName, language };
  await deps.mailer.send(options.build(recipient, localize(neuron, language).name), {
    tx: executor,
  });
}

/** Where the owner manages subscriptions and pays what is due. */
export function subscriptionLink(deps: Deps): string {
  return `${deps.config.publicUrl}/account/subscription`;
}

export function invoicesLink(deps: Deps): string {
  return `${deps.config.publicUrl}/account/billing`;
}
