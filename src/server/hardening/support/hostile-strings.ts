// Strings that try HTML and script injection, path tricks, SQL and odd Unicode. Used as client
// names, descriptions and anywhere else a string goes.
export const INJECTION_STRINGS = [
  '<script>window.__pwned = 1; alert("xss")</script>',
  '<img src=x onerror="window.__pwned=1;alert(1)">',
  '"><svg onload=alert(1)>',
  "'; drop table users; --",
  '<b data-injected="1">bold</b>',
  'javascript:alert(1)',
  '{{constructor.constructor("alert(1)")()}}',
  '../../../etc/passwd',
  '%00%2e%2e%2f',
  '\u0000nul',
  '\u202Eevil\u202C',
  'Zoë & Søn <Cleaning> "Co"',
  '🧽🫧✨',
  '${7*7}',
  '__proto__',
] as const;

/** A business-like client name that carries an injection attempt; what the browser and PDF must show as text. */
export const INJECTED_CLIENT_NAME = '<img src=x onerror="alert(1)"><b data-injected="1">Acme</b>';
export const INJECTED_DESCRIPTION = '<script>alert("xss")</script> & "quotes" \'single\' <i data-injected="1">x</i>';
