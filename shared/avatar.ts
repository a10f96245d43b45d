/** The avatar fallback letter: first letter of the username, else of the email, else U (000 §2). */
export function avatarLetter(username: string | null | undefined, email: string | null | undefined): string {
  const source = username?.trim() || email?.trim() || 'U';
  return (Array.from(source)[0] ?? 'U').toUpperCase();
}
