import { describe, expect, it } from 'vitest';
import { confirmRegistrationMail, supportMessageMail } from './templates.js';

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
