import { describe, expect, it } from 'vitest';
import {
  accountCreatedMail,
  confirmRegistrationMail,
  emailChangeRequestedMail,
  invitationMail,
  supportMessageMail,
} from './templates.js';

const LINK = 'http://localhost:3000/registration_confirm/abc123DEF';

describe('confirmRegistrationMail', () => {
  it('writes to the recipient in English with the link in text and HTML', () => {
    const mail = confirmRegistrationMail(
      { to: 'ana@acme-industries.com', firstName: 'Ana', language: 'en-US' },
      LINK,
    );

    expect(mail.to).toBe('ana@acme-industries.com');
    expect(mail.subject).toBe('Confirm your email for Neuron Platform');
    expect(mail.text).toContain('Hello Ana,');
    expect(mail.text).toContain(LINK);
    expect(mail.html).toContain(`href="${LINK}"`);
  });

  it('writes in Spanish to a Spanish-speaking recipient, with the same link', () => {
    const recipient = { to: 'ana@acme-industries.com', firstName: 'Ana' };
    const english = confirmRegistrationMail({ ...recipient, language: 'en-US' }, LINK);
    const spanish = confirmRegistrationMail({ ...recipient, language: 'es' }, LINK);

    expect(spanish.subject).toBe('Confirma tu correo en Neuron Platform');
    expect(spanish.subject).not.toBe(english.subject);
    expect(spanish.text).not.toBe(english.text);
    expect(spanish.text).toContain('Hola Ana:');
    expect(spanish.text).toContain(LINK);
    expect(spanish.html).toContain(`href="${LINK}"`);
  });

  it('escapes HTML in the first name but keeps it as written in the text', () => {
    const mail = confirmRegistrationMail(
      { to: 'x@acme-industries.com', firstName: '<script>alert("x")</script>', language: 'en-US' },
      LINK,
    );

    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.text).toContain('Hello <script>alert("x")</script>,');
  });

  it('escapes an ampersand in the link inside the HTML attribute', () => {
    const link = 'http://localhost:3000/confirm?token=abc&lang=es';
    const mail = confirmRegistrationMail(
      { to: 'x@acme-industries.com', firstName: 'Ana', language: 'es' },
      link,
    );

    expect(mail.html).toContain('href="http://localhost:3000/confirm?token=abc&amp;lang=es"');
    expect(mail.text).toContain(link);
  });
});

describe('emailChangeRequestedMail', () => {
  it('names the new address and links the profile, in the recipient’s language', () => {
    const options = {
      newEmail: 'ana.new@acme-industries.com',
      link: 'http://localhost:3000/account/profile',
    };
    const recipient = { to: 'ana@acme-industries.com', firstName: 'Ana' };
    const english = emailChangeRequestedMail({ ...recipient, language: 'en-US' }, options);
    const spanish = emailChangeRequestedMail({ ...recipient, language: 'es' }, options);

    expect(english.to).toBe('ana@acme-industries.com');
    expect(english.text).toContain('ana.new@acme-industries.com');
    expect(english.html).toContain('href="http://localhost:3000/account/profile"');
    expect(spanish.subject).toBe('Se ha pedido cambiar tu correo de Neuron Platform');
    expect(spanish.text).toContain('Hola Ana:');
    expect(spanish.text).toContain('ana.new@acme-industries.com');
  });
});

describe('supportMessageMail', () => {
  const message = supportMessageMail({
    to: 'support@neuron-platform.local',
    from: { email: 'ana@acme-industries.com', name: 'Ana García', teamId: 'team-7' },
    subject: 'Invoice question',
    body: 'Line one\n<b>bold?</b>',
  });

  it('goes to support with the user as the reply-to address', () => {
    expect(message.to).toBe('support@neuron-platform.local');
    expect(message.replyTo).toBe('ana@acme-industries.com');
  });

  it('marks the subject as support and names the sender and team', () => {
    expect(message.subject).toBe('[Support] Invoice question');
    expect(message.text).toContain('From: Ana García <ana@acme-industries.com> (team team-7)');
    expect(message.text).toContain('Line one\n<b>bold?</b>');
  });

  it('escapes the user text in the HTML', () => {
    expect(message.html).not.toContain('<b>');
    expect(message.html).toContain('&lt;b&gt;bold?&lt;/b&gt;');
    expect(message.html).toContain('&lt;ana@acme-industries.com&gt;');
  });
});

describe('invitationMail', () => {
  const link = 'http://localhost:3000/invitation_confirm/tok3n';

  it('names the inviter and the team, with the link, in the inviter language', () => {
    const options = { to: 'new@acme.com', inviter: 'Ana García', team: 'Acme <Labs>' };
    const english = invitationMail({ ...options, language: 'en-US' }, link);
    const spanish = invitationMail({ ...options, language: 'es' }, link);

    expect(english.subject).toBe('Ana García invited you to their team on Neuron Platform');
    expect(english.text).toContain('join the team Acme <Labs>');
    expect(english.html).toContain('Acme &lt;Labs&gt;');
    expect(english.html).toContain(`href="${link}"`);
    expect(spanish.subject).toBe('Ana García te ha invitado a su equipo en Neuron Platform');
    expect(spanish.text).toContain(link);
  });
});

describe('accountCreatedMail', () => {
  it('asks the new user to choose a password through the link', () => {
    const link = 'http://localhost:3000/reset_password/tok3n';
    const mail = accountCreatedMail({ to: 'm@acme.com', firstName: 'Marta', language: 'es' }, link);
    expect(mail.subject).toBe('Tu cuenta de Neuron Platform está lista');
    expect(mail.text).toContain('Hola Marta:');
    expect(mail.text).toContain(`Elegir mi contraseña: ${link}`);
  });
});
