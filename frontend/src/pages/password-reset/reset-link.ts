/** What a reset link carries (query or fragment): the e-mail and Cognito's code, or why it cannot work. */
export type ResetLink = { valid: true; email: string; code: string } | { valid: false; debug?: string };

const LINK_TYPES = ['recovery', 'invite', 'signup'];

/** A reset link: a code is needed, a type if present must be known, an error parameter means failure. */
export function readResetLink(search: string, hash: string): ResetLink {
  const params = new URLSearchParams(search);
  for (const [key, value] of new URLSearchParams(hash.replace(/^#/, ''))) if (!params.has(key)) params.set(key, value);
  const error = params.get('error_description') ?? params.get('error');
  if (error) return { valid: false, debug: `Session error: ${error}` };
  const type = params.get('type');
  if (type && !LINK_TYPES.includes(type)) return { valid: false, debug: `Validation error: unknown link type ${type}` };
  const email = params.get('email');
  const code = params.get('token') ?? params.get('access_token');
  if (!email || !code) return { valid: false };
  return { valid: true, email, code };
}
