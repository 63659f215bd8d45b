import { describe, expect, it } from 'vitest';
import { brandName, composeResetEmail } from './reset-email';

const input = {
  to: 'pat@example.com',
  name: 'Pat <script>',
  username: 'pat.lee',
  link: 'https://portal.example/reset-password?a=1&b=2#reset=TOKEN123',
  brand: 'portal',
  ttlMinutes: 60,
};

describe('reset email', () => {
  it('has a brand subject, the link in text and HTML, the username and the expiry', () => {
    const mail = composeResetEmail(input);
    expect(mail.to).toBe('pat@example.com');
    expect(mail.subject).toBe('Example Telecom: reset your password');
    expect(mail.text).toContain('\nhttps://portal.example/reset-password?a=1&b=2#reset=TOKEN123\n');
    expect(mail.text).toContain('username: pat.lee');
    expect(mail.text).toContain('expires in 60 minutes');
    expect(mail.html).toContain('href="https://portal.example/reset-password?a=1&amp;b=2#reset=TOKEN123"');
  });

  it('escapes names in HTML', () => {
    const mail = composeResetEmail(input);
    expect(mail.html).toContain('Hello Pat &lt;script&gt;,');
    expect(mail.html).not.toContain('<script>');
  });

  it('never puts the token in the subject', () => {
    expect(composeResetEmail(input).subject).not.toContain('TOKEN123');
  });

  it.each([
    ['portal', 'Example Telecom'],
    [' PORTAL ', 'Example Telecom'],
    ['Evil Corp — verify your bank details', 'Example Telecom'],
    ['', 'Example Telecom'],
  ])('brand %j reads %j', (code, name) => {
    expect(brandName(code)).toBe(name);
  });
});
