import { describe, expect, it } from 'vitest';
import { avatarLetter, ChangePasswordSchema, CreateUserSchema, SignInSchema, SocialLinksSchema, UpdateUserSchema } from './accounts';

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('account schemas', () => {
  it('speak the spec messages on create account (001 §5)', () => {
    expect(first(CreateUserSchema.safeParse({ username: 'a', password: 'secret1' }))).toBe('Email is required');
    expect(first(CreateUserSchema.safeParse({ email: 'x@', username: 'a', password: 'secret1' }))).toBe('Please enter a valid email address');
    expect(first(CreateUserSchema.safeParse({ email: 'x@y.co', username: '', password: 'secret1' }))).toBe('Username is required');
    expect(first(CreateUserSchema.safeParse({ email: 'x@y.co', username: 'a', password: '' }))).toBe('Password is required');
    expect(first(CreateUserSchema.safeParse({ email: 'x@y.co', username: 'a', password: '12345' }))).toBe('Password must be at least 6 characters');
    const ok = CreateUserSchema.parse({ email: ' Mixed@Case.Co ', username: ' Name ', password: '123456' });
    expect(ok).toEqual({ email: 'mixed@case.co', username: 'Name', password: '123456', role: 'presenter' });
  });

  it('need the current password and at least 8 characters on a profile password change (issue 29, OWASP ASVS)', () => {
    expect(first(ChangePasswordSchema.safeParse({ current_password: 'old-secret', password: '1234567', confirm_password: '1234567' }))).toBe('Password must be at least 8 characters long.');
    expect(first(ChangePasswordSchema.safeParse({ password: 'long-enough-1', confirm_password: 'long-enough-1' }))).toBe('Enter your current password.');
    expect(first(ChangePasswordSchema.safeParse({ current_password: 'old-secret', password: 'long-enough-1', confirm_password: 'long-enough-2' }))).toBe('Passwords do not match.');
    expect(ChangePasswordSchema.safeParse({ current_password: 'old-secret', password: '12345678', confirm_password: '12345678' }).success).toBe(true);
  });

  it('need an email and a password to sign in', () => {
    expect(first(SignInSchema.safeParse({ email: 'a@b.co' }))).toBe('You must provide either an email or phone number and a password');
    expect(first(SignInSchema.safeParse({ password: 'x' }))).toBe('You must provide either an email or phone number and a password');
  });

  it('keep the current password when the edit form leaves it blank, and refuse unknown fields', () => {
    expect(UpdateUserSchema.parse({ password: '' })).toEqual({});
    expect(UpdateUserSchema.safeParse({ password_hash: 'x' }).success).toBe(false);
    expect(first(UpdateUserSchema.safeParse({ password: '123' }))).toBe('Password must be at least 6 characters');
  });

  it('refuse NUL characters and non-web links', () => {
    expect(CreateUserSchema.safeParse({ email: 'x@y.co', username: 'a\u0000', password: '123456' }).success).toBe(false);
    expect(SocialLinksSchema.safeParse({ social_links: { website: 'javascript:alert(1)' } }).success).toBe(false);
    expect(SocialLinksSchema.parse({ social_links: { website: '', kick: 'https://kick.com/x' } }).social_links).toMatchObject({ website: null, twitter: null, kick: 'https://kick.com/x' });
  });
});

describe('avatar letter (000 §2)', () => {
  it('falls back from the username to the email to U', () => {
    expect(avatarLetter('maya', 'owner@x.co')).toBe('M');
    expect(avatarLetter('  ', 'owner@x.co')).toBe('O');
    expect(avatarLetter(null, '')).toBe('U');
    expect(avatarLetter('éclair', null)).toBe('É');
  });
});
